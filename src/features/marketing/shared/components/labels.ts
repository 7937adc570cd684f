// Words and small formatting for the customer card and the card-detail screens (pure, tested).
import { businessDate, businessDateTime } from '@/api/contract/dates';
import { parseId } from '@/api/contract/id';
import type { BehaviourItem } from '@/api/contract/market-map-clues';
import type { TransactionKind } from '@/api/contract/market-map-customer';

export const TRANSACTION_NAMES: Record<TransactionKind, string> = {
  subscribe: '申购',
  redeem: '赎回',
  dividend: '分红',
  transfer_in: '转入',
  transfer_out: '转出',
};
export const TRANSACTION_STATUS: Record<string, string> = { pending: '处理中', confirmed: '已确认', failed: '失败' };
export const BEHAVIOUR_NAMES: Record<BehaviourItem['kind'], string> = {
  live_watch: '看直播',
  live_question: '直播提问',
  live_subscribe: '预约直播',
  material_open: '阅读资料',
  product_view: '看产品',
  search: '搜索',
};
export const TIER_NAMES: Record<string, string> = { private: '私行客户', gold: '金卡客户', standard: '普通客户' };

/** What to do about a card, by its newest reason's category (docs/workbench.md#categories-and-their-thresholds). */
export const SUGGESTED_ACTIONS: Record<number, string> = {
  1: '资金刚到账：先问清资金用途和期限，再推荐与其风险等级相符的产品。',
  2: '资金转出：了解原因（用钱、收益不满意或转投他处），做好服务与挽留。',
  3: '持仓产品有异动：主动说明原因，安抚情绪，必要时发产品解读。',
  4: '产品即将到期：提前沟通到期资金的续投或赎回安排。',
  5: '客户近期很活跃：结合其看过、问过的内容跟进，发适合的资料。',
  6: '客户表达了意向：尽快联系，推荐适当的产品与资料。',
  7: '大额资金变动：建议 24 小时内电话联系，确认需求。',
  8: '净值回撤超过预警线：发送产品解读并电话回访。',
};

/** The advisory-service (投顾) framing of money flow: the portfolio, not a single product. */
export const ADVISORY_ACTIONS: Record<number, string> = {
  1: '资金到账：对照投顾组合的目标配置，沟通追加投资或再平衡，不单独推荐某只产品。',
  2: '资金转出：确认是否影响投顾组合的配置比例，必要时建议调仓并说明风险。',
  7: '大额资金变动：24 小时内联系，评估对组合配置与风险等级的影响。',
};

/** "11-24 09:30" in business time (UTC+8) from unix seconds; the year is added when it is not this year's. */
export function formatTime(unixSeconds: number, nowMs: number): string {
  const d = businessDateTime(unixSeconds * 1000);
  const thisYear = businessDate(nowMs).slice(0, 4);
  const md = `${d.slice(5, 10)} ${d.slice(11, 16)}`;
  return d.slice(0, 4) === thisYear ? md : `${d.slice(0, 4)}-${md}`;
}

/** "¥1,234.50": exact yuan for evidence and transactions (lists round to 万 elsewhere). */
export function formatYuan(yuan: number): string {
  const text = Math.abs(yuan).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${yuan < 0 ? '-' : ''}¥${text}`;
}

/** "读了 95 秒 · 看到 80%": a material read as the timeline and the evidence show it. */
export function readDetail(seconds: number | null, depth: number | null | undefined): string {
  const parts: string[] = [];
  if (seconds !== null) parts.push(`读了 ${seconds} 秒`);
  if (depth !== null && depth !== undefined) parts.push(`看到 ${Math.round(depth * 100)}%`);
  return parts.join(' · ');
}

/** One timeline row's second line. */
export function behaviourDetail(
  b: Pick<BehaviourItem, 'kind' | 'minutes' | 'seconds' | 'scroll_depth' | 'text'>,
): string {
  if (b.kind === 'material_open') return readDetail(b.seconds, b.scroll_depth);
  if (b.kind === 'live_watch' && b.minutes !== null) return `观看 ${Math.round(b.minutes)} 分钟`;
  if ((b.kind === 'live_question' || b.kind === 'search') && b.text) return b.text;
  return '';
}

/** A positive integer id from the address, or null (the screen then says the link is wrong). */
export const idParam = (raw: string | null): number | null => parseId(raw);

/** Percent with sign: "+1.23%". */
export const signedPct = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;

/**
 * The money-flow detail screen's title follows the money's direction: an outflow read as
 * 资金流入详情 misleads the adviser. Category 1 is in, 2 is out; a large change (7) or a mixed
 * card goes by the newest money reason's sign (outflows are stored negative).
 */
export function moneyFlowTitle(card: {
  category_id: number;
  reasons: readonly { category_id: number; amount: number | null }[];
}): string {
  const newest = card.reasons.find((r) => [1, 2, 7].includes(r.category_id) && r.amount !== null);
  const out = newest ? newest.category_id === 2 || (newest.amount ?? 0) < 0 : card.category_id === 2;
  return out ? '资金流出详情' : '资金流入详情';
}
