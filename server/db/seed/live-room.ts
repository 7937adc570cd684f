import type * as schema from '../schema';
import { SEED_PRODUCTS } from './marketing-data';
import { createPrng } from './prng';

/** Rows of the live room (minutes, products, banners, messages, authentication rules). */
export interface LiveRoomSeedRows {
  liveMinutes: (typeof schema.liveMinutes.$inferInsert)[];
  liveProducts: (typeof schema.liveProducts.$inferInsert)[];
  liveMessages: (typeof schema.liveMessages.$inferInsert)[];
  liveInteractRules: (typeof schema.liveInteractRules.$inferInsert)[];
}

const PUBLIC_FUNDS = ['诺亚稳健增利债券A', '沪深300指数增强C', '货币宝现金管理', '红利低波精选混合'];
/** Each fund's own line: a live room says nothing about a fund that is not true of that fund. */
const HIGHLIGHTS: Record<string, string> = {
  诺亚稳健增利债券A: '纯债为主，波动较小',
  沪深300指数增强C: '跟踪沪深300，力争超越指数',
  货币宝现金管理: '随存随取，T+0快速赎回',
  红利低波精选混合: '高股息低波动，适合长期持有',
};
/** Funds are named by the product master's code: the room shows the master's risk level, never its own. */
const masterCode = (name: string): string => {
  const found = SEED_PRODUCTS.find((p) => p.name === name);
  if (!found) throw new Error(`live-room seed: ${name} is not in the product master`);
  return found.code;
};
const PRIVATE_FUNDS = ['星辰量化中性1号私募', '远望CTA趋势私募', '恒信股票多头私募'];
/**
 * A banner promotes one of the room's public funds under the activity's own title: a tap opens that fund's store
 * page, with its risk level and disclosures, so nothing in the room looks tappable and leads nowhere.
 */
const BANNERS: ReadonlyArray<readonly [title: string, fund: string]> = [
  ['零钱理财季：货币宝现金管理', '货币宝现金管理'],
  ['定投体验周：沪深300指数增强C', '沪深300指数增强C'],
  ['稳健配置月：诺亚稳健增利债券A', '诺亚稳健增利债券A'],
];
const MINUTES: ReadonlyArray<[string, string]> = [
  ['开场与市场回顾', '回顾近期市场走势与主要宏观数据。'],
  ['核心观点', '讲者给出未来一个季度的配置思路与理由。'],
  ['风险提示', '说明主要风险点：利率波动、流动性与汇率。'],
  ['问答环节', '回答观众关于定投、再平衡与持有期的提问。'],
];
const VIEWER_LINES = [
  '老师讲得很清楚，谢谢！',
  '请问现在适合定投吗？',
  '固收+的回撤一般有多大？',
  '回放什么时候能看？',
];
/** Minute offsets fall inside the 20-second sample video, so every key point can be seeked to. */
const MINUTE_OFFSETS = [0, 4, 9, 14];

interface SeedLive {
  id: number;
  title: string;
  roomId: string;
  startTime: Date;
  endTime: Date;
}

function fund(name: string, kind: 'public' | 'private') {
  return {
    name,
    kind,
    productCode: masterCode(name),
    highlight: kind === 'private' ? '仅限合格投资者，100 万元起投' : HIGHLIGHTS[name]!,
  };
}

/**
 * Deterministic from its own PRNG, so adding it leaves the older seed rows unchanged.
 * Only the first `limit` lives get room rows: the large scale stays quick to write.
 */
export function generateLiveRoomSeed(
  lives: readonly SeedLive[],
  /** The name of each live's first presenter (its 主讲嘉宾): the one who writes as the presenter in its room. */
  hostOf: (liveId: number) => string,
  limit: number,
): LiveRoomSeedRows {
  const rng = createPrng(0x11fe_700d);
  const rows: LiveRoomSeedRows = { liveMinutes: [], liveProducts: [], liveMessages: [], liveInteractRules: [] };
  for (const live of lives.slice(0, limit)) {
    const privateFund = /私募|CTA|量化|家族/.test(live.title);
    if (privateFund) rows.liveInteractRules.push({ liveId: live.id, authKind: 'qualified_investor' });
    MINUTES.forEach(([title, summary], i) =>
      rows.liveMinutes.push({
        liveId: live.id,
        offsetSeconds: MINUTE_OFFSETS[i]!,
        title,
        summary: `${live.title}：${summary}`,
      }),
    );
    const products = [
      fund(rng.pick(PUBLIC_FUNDS), 'public'),
      privateFund
        ? fund(rng.pick(PRIVATE_FUNDS), 'private')
        : { name: '尊享医疗保险计划', kind: 'insurance' as const, productCode: null, highlight: '覆盖特需与海外就医' },
    ];
    products.forEach((p, position) =>
      rows.liveProducts.push({ liveId: live.id, placement: 'product', position, ...p }),
    );
    const [bannerTitle, bannerFund] = rng.pick(BANNERS);
    rows.liveProducts.push({
      liveId: live.id,
      placement: 'banner',
      position: 0,
      name: bannerTitle,
      kind: 'activity',
      productCode: masterCode(bannerFund),
      highlight: HIGHLIGHTS[bannerFund]!,
    });

    // The draw that once picked any presenter is still made, so the rows after it stay as they were.
    rng.next();
    const host = hostOf(live.id);
    const lines: Array<[string, 'presenter' | 'assistant' | 'viewer', string]> = [
      ['小诺助理', 'assistant', '欢迎来到直播间，直播内容仅作投资者教育，不构成投资建议。'],
      [host, 'presenter', `大家好，我是${host}，今天聊聊「${live.title}」。`],
      ...VIEWER_LINES.map((line, i): [string, 'viewer', string] => [
        `观众${String(rng.int(100, 999))}${i}`,
        'viewer',
        line,
      ]),
    ];
    lines.forEach(([senderName, senderRole, content], i) =>
      rows.liveMessages.push({
        roomId: live.roomId,
        senderId: `${senderRole}-${i}`,
        senderName,
        senderRole,
        content,
        createdAt: new Date(live.startTime.getTime() + (i + 1) * 60_000),
      }),
    );
  }
  return rows;
}
