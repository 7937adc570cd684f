import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import type { Db } from '../../client';
import * as schema from '../../schema';
import { createPrng, type Prng } from '../prng';

/**
 * The knowledge store's seed: experts and core members with certificate numbers,
 * news and institution views in rich HTML with local images, funds with daily NAV, and
 * questions with answers in every review state. Its own PRNG: the older seed stays as it was.
 */
const DAY = 86_400_000;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const EXPERTS: Array<[string, string, string, string[]]> = [
  ['周立衡', '首席经济学家', '宏观与大类资产配置研究二十年，长期跟踪利率与汇率。', ['宏观', '资产配置']],
  ['孙若溪', '固定收益投资总监', '管理纯债与固收+组合，关注信用利差与久期管理。', ['债券', '固收+']],
  ['钱明远', '权益研究总监', '覆盖消费与医药行业，强调估值纪律与长期持有。', ['股票', '行业研究']],
  ['吴佳宁', '家族财富规划师', '为高净值家庭提供传承、保险与信托方案。', ['家族信托', '保险']],
  ['郑海波', '量化投资经理', '多因子与CTA策略研究，重视回撤控制。', ['量化', 'CTA']],
  ['冯一鸣', '海外市场策略师', '美股与港股配置，跟踪美联储政策路径。', ['海外', '美元资产']],
  ['陈书瑶', '理财规划师', '帮助家庭建立现金、稳健与进取三笔钱的配置框架。', ['理财规划', '定投']],
  ['王之远', '养老金融研究员', '个人养老金与目标日期基金研究。', ['养老', '长期投资']],
];
const CORE: Array<[string, string, string, string[]]> = [
  ['林国栋', '首席投资官', '统筹公司投资决策委员会，三十年跨周期投资经历。', ['投资决策', '跨周期']],
  ['何静怡', '研究院院长', '带领百人研究团队，专注中国经济结构转型。', ['研究', '宏观']],
  ['罗振宇', '私募投资合伙人', '负责私募股权与二级市场私募产品的遴选。', ['私募', '产品遴选']],
  ['许嘉文', '风险管理总监', '建立全产品线风险预算与压力测试体系。', ['风控', '合规']],
];
const ORGS = ['诺亚研究院', '歌斐资产', '诺亚财富', '方源资本研究部'];
const SOURCES = ['中金公司', '中信证券', '华泰证券', '招商证券', '国泰君安', '高盛', '摩根士丹利', '贝莱德'];
const TOPICS = [
  '降息周期下的债券配置',
  '消费复苏的节奏',
  '红利资产还能买吗',
  '美联储政策路径',
  '黄金的配置价值',
  '人民币汇率展望',
  '科技成长的估值',
  '个人养老金怎么选',
  '高股息策略回顾',
  '信用债利差观察',
  '港股流动性',
  '量化策略的容量',
];
/** How a news piece looks at its topic (deterministic by position: the seed's draws stay as they were). */
const NEWS_ANGLES = [
  '一图看懂',
  '三个关键问题',
  '本周回顾',
  '专家解读',
  '数据复盘',
  '配置思路',
  '投资者问答',
  '风险提示',
  '月度观察',
  '深度研究',
  '要点速览',
];
/** An institution's view, as its research note is headed. */
const VIEW_ANGLES = [
  '我们的判断',
  '短期谨慎、长期乐观',
  '关注结构性机会',
  '维持中性',
  '分批布局',
  '控制回撤为先',
  '耐心持有',
  '边际改善',
];
const QUESTIONS = [
  '现在适合开始定投沪深300吗？每月投多少比较合适？',
  '债券基金最近回撤了，要不要赎回？',
  '个人养老金账户买什么产品比较好？',
  '美元存款和美元债基金怎么选？',
  '固收+产品的最大回撤一般是多少？',
  '家里有老人，保险应该怎么配置？',
  '私募基金的合格投资者是怎么认定的？',
  '黄金现在还能配置吗？占比多少合适？',
  '孩子教育金应该怎么提前准备？',
  '红利低波策略适合长期持有吗？',
  '货币基金和短债基金有什么区别？',
  '港股通有哪些风险需要注意？',
];
const ANSWER_LINES = [
  '建议先明确资金的使用期限和可承受的回撤，再决定配置比例。',
  '分批投入可以平滑成本，但并不能消除市场波动带来的亏损可能。',
  '请结合自身风险承受能力评估结果，选择与之匹配的产品。',
  '历史数据仅供参考，过往业绩不代表未来表现。',
];
const FUNDS: Array<['public' | 'private', string, string, number, number, string, string]> = [
  ['public', '诺亚稳健增利债券A', '债券型', 2, 10, '近一年业绩稳健，申购费一折', '中债综合指数'],
  ['public', '沪深300指数增强C', '指数型', 4, 10, '量化增强，长期跑赢基准', '沪深300指数'],
  ['public', '货币宝现金管理', '货币型', 1, 1, '随存随取，T+0快速赎回', '七天通知存款利率'],
  ['public', '红利低波精选混合', '混合型', 3, 100, '高股息低波动，适合长期持有', '中证红利低波指数'],
  ['public', '全球科技精选QDII', 'QDII', 5, 100, '布局全球科技龙头', '纳斯达克100指数'],
  ['public', '短债增强A', '债券型', 2, 10, '短久期，波动小', '中债短期纯债指数'],
  ['public', '养老目标2045三年持有', 'FOF', 3, 10, '个人养老金可投', '养老目标基准'],
  ['private', '星辰量化中性1号私募', '私募证券', 4, 1_000_000, '仅限合格投资者，100 万元起投', '一年期定存利率'],
  ['private', '远望CTA趋势私募', '私募证券', 4, 1_000_000, '仅限合格投资者，CTA趋势策略', '南华商品指数'],
  ['private', '恒信股票多头私募', '私募证券', 5, 1_000_000, '仅限合格投资者，精选成长', '中证500指数'],
];

const MASTER_KIND: Record<string, 'bond' | 'money_fund' | 'index' | 'mixed' | 'equity' | 'private_fund'> = {
  债券型: 'bond',
  货币型: 'money_fund',
  指数型: 'index',
  混合型: 'mixed',
  QDII: 'equity',
  FOF: 'mixed',
  私募证券: 'private_fund',
};

function certificate(rng: Prng): string {
  return `A${String(rng.int(1000000, 9999999))}${String(rng.int(10000, 99999))}`;
}

function articleHtml(rng: Prng, id: number, topic: string, source: string): string {
  const paras = Array.from(
    { length: rng.int(2, 4) },
    (_, i) =>
      `<p>${topic}：第${i + 1}点，${rng.pick(['从估值看', '从盈利看', '从资金面看', '从政策看'])}，${rng.pick(['当前处于历史中位数附近', '短期仍有波动', '中长期配置价值显现', '需警惕外部不确定性'])}。</p>`,
  ).join('');
  return (
    `<h3>${topic}</h3><p><strong>核心观点：</strong>${rng.pick(['均衡配置，控制回撤', '稳中求进，关注质量', '分批布局，耐心持有'])}。</p>` +
    `<p><img src="/static/covers/a${id}.svg" alt="${topic}配图" width="640" height="360"></p>${paras}` +
    `<ul><li>数据来源：${source}</li><li>统计区间：近一年</li></ul><blockquote>市场有风险，投资需谨慎。</blockquote>`
  );
}

export async function seedStore(tx: Tx, scale: 'small' | 'large', baseTime: Date): Promise<number> {
  const rng = createPrng(0x5702_e018);
  const base = baseTime.getTime();
  const userIds = new Map(
    (await tx.select({ id: schema.users.id, uuid: schema.users.uuid }).from(schema.users)).map((u) => [u.uuid, u.id]),
  );
  const uid = (uuid: string) => userIds.get(uuid) ?? null;
  const insertAll = async <T extends PgTable>(table: T, values: T['$inferInsert'][]) => {
    for (let i = 0; i < values.length; i += 1000) await tx.insert(table).values(values.slice(i, i + 1000));
  };

  const experts = [...EXPERTS.map((e) => ['expert', ...e] as const), ...CORE.map((e) => ['core', ...e] as const)].map(
    ([kind, name, title, bio, tags], i) => ({
      id: i + 1,
      kind,
      name,
      title,
      bio,
      tags,
      avatar: `/static/avatars/e${i + 1}.svg`,
      organization: rng.pick(ORGS),
      certificateNo: certificate(rng),
      // The two seeded financial advisers write for the first two experts.
      userId: i === 0 ? uid('u1') : i === 1 ? uid('u2') : null,
    }),
  );
  await insertAll(schema.storeExperts, experts);
  // Seeded decisions were made by 陈志强, a reviewer by his staff role.
  const reviewer = uid('u3');

  const articleCount = scale === 'large' ? 3000 : 320;
  const articles = Array.from({ length: articleCount }, (_, i) => {
    const id = i + 1;
    const kind = i % 2 === 0 ? ('news' as const) : ('view' as const);
    const topic = rng.pick(TOPICS);
    const source = kind === 'view' ? rng.pick(SOURCES) : rng.pick(ORGS);
    const author = rng.next() < 0.5 ? rng.int(1, experts.length) : null;
    return {
      id,
      kind,
      source,
      authorId: author,
      // Titles as an editor writes them: a topic and its angle (a column's recurring topics differ by angle, not by a number).
      title:
        kind === 'view'
          ? `${source}：${topic}，${VIEW_ANGLES[(i >> 1) % VIEW_ANGLES.length]}`
          : `${topic}：${NEWS_ANGLES[(i >> 1) % NEWS_ANGLES.length]}`,
      summary: `${topic}，${rng.pick(['机构最新观点', '专家解读', '一图看懂', '周度回顾'])}。`,
      cover: `/static/covers/a${id}.svg`,
      contentHtml: articleHtml(rng, id, topic, source),
      isTop: i < 6 || i % 20 === 0,
      publishedAt: new Date(base - i * 5 * 3600_000 - rng.int(0, 3600_000)),
    };
  });
  await insertAll(schema.storeArticles, articles);

  const masterCodes = new Map(
    (await tx.select({ name: schema.mktProducts.name, code: schema.mktProducts.code }).from(schema.mktProducts)).map(
      (m) => [m.name, m.code],
    ),
  );
  const days = scale === 'large' ? 1500 : 900;
  const navs: (typeof schema.storeNavs.$inferInsert)[] = [];
  const products = FUNDS.map(([kind, name, category, risk, min, highlight, bench], i) => {
    const launch = new Date(Math.floor((base - (days - i * 40) * DAY) / DAY) * DAY);
    let nav = 1;
    let b = 1000 + i * 300;
    const drift = (risk - 1) * 0.00012;
    const vol = [0.0002, 0.002, 0.004, 0.008, 0.012, 0.015][risk] ?? 0.005;
    for (let t = launch.getTime(); t <= base - DAY; t += DAY) {
      const wd = new Date(t).getUTCDay();
      if (wd === 0 || wd === 6) continue;
      // A money fund's NAV is 1.0000 every day (its return is the 7-day yield): the draws are still made, so the
      // rest of this seed stays as it was.
      const step = 1 + drift + (rng.next() - 0.5) * 2 * vol;
      nav = category === '货币型' ? 1 : Math.max(0.3, nav * step);
      b = Math.max(100, b * (1 + drift * 0.7 + (rng.next() - 0.5) * 2 * vol));
      navs.push({
        productId: i + 1,
        day: new Date(t),
        nav: Math.round(nav * 10000) / 10000,
        benchmark: Math.round(b * 100) / 100,
      });
    }
    // Drawn even when the master names the fund, so the rest of this seed stays as it was.
    const ownCode = kind === 'public' ? String(rng.int(100000, 999999)) : `S${String(rng.int(10000, 99999))}`;
    // The same draw that once picked a manager's name: the expert's id (experts come first, numbered from 1).
    const managerId = rng.int(1, EXPERTS.length);
    const managerYears = rng.int(5, 18);
    // Once a certificate of the manager's own, a second one for the same person; still drawn, so later rows stay.
    certificate(rng);
    return {
      id: i + 1,
      kind,
      name,
      category,
      minPurchase: min,
      highlight,
      benchmarkName: bench,
      risk,
      ownCode,
      code: masterCodes.get(name) ?? ownCode,
      launchDate: launch,
      managerId,
      managerYears,
      fees:
        kind === 'public'
          ? [
              { name: '申购费', rate: '0.15%（一折）' },
              { name: '管理费', rate: `${(0.3 + risk * 0.2).toFixed(2)}%/年` },
              { name: '托管费', rate: '0.10%/年' },
              { name: '赎回费', rate: '持有7天以上0.5%，1年以上0' },
            ]
          : [
              { name: '认购费', rate: '1.00%' },
              { name: '管理费', rate: '1.50%/年' },
              { name: '业绩报酬', rate: '超过业绩基准部分的20%' },
            ],
    };
  });
  // The product master (mkt_products) holds every fund the firm shows; the store's own funds join it.
  const missing = products.filter((p) => !masterCodes.has(p.name));
  if (missing.length) {
    await tx.insert(schema.mktProducts).values(
      missing.map((p) => ({
        code: p.code,
        name: p.name,
        kind: MASTER_KIND[p.category] ?? 'mixed',
        riskLevel: `R${p.risk}` as (typeof schema.mktProducts.$inferInsert)['riskLevel'],
        qualifiedOnly: p.kind === 'private',
        benchmark: p.benchmarkName,
        createdAt: p.launchDate,
      })),
    );
  }
  await insertAll(
    schema.storeProducts,
    products.map(({ risk: _risk, ownCode: _own, ...p }) => p),
  );
  await insertAll(schema.storeNavs, navs);

  // Questions: every customer asks; answers cycle through the four states so each one exists.
  const customers = [...userIds.entries()].filter(([u]) => Number(u.slice(1)) >= 4).map(([, id]) => id);
  const questionCount = scale === 'large' ? 600 : 72;
  const questions: (typeof schema.storeQuestions.$inferInsert)[] = [];
  const answers: (typeof schema.storeAnswers.$inferInsert)[] = [];
  const reviews: (typeof schema.storeAnswerReviews.$inferInsert)[] = [];
  const states = ['published', 'published', 'in_review', 'draft', 'returned', 'published'] as const;
  for (let i = 0; i < questionCount; i++) {
    const id = i + 1;
    const asked = new Date(base - (questionCount - i) * 7 * 3600_000);
    const state = states[i % states.length]!;
    const updated = new Date(asked.getTime() + 3 * 3600_000);
    questions.push({
      id,
      userId: customers[i % customers.length]!,
      content: QUESTIONS[i % QUESTIONS.length]!,
      parentId: i >= 12 && i % 11 === 0 ? id - 6 : null,
      createdAt: asked,
      answeredAt: state === 'published' ? updated : null,
    });
    const expertId = (i % 3) + 1 === 3 ? rng.int(1, experts.length) : (i % 3) + 1;
    const content = `${rng.pick(ANSWER_LINES)}${rng.pick(ANSWER_LINES)}`;
    answers.push({
      id,
      questionId: id,
      expertId,
      content,
      state,
      returnReason: state === 'returned' ? '请补充风险提示，并避免对收益作出判断。' : null,
      createdAt: asked,
      updatedAt: updated,
      publishedAt: state === 'published' ? updated : null,
    });
    if (state !== 'draft')
      reviews.push({
        answerId: id,
        userId: null,
        actorName: experts[expertId - 1]!.name,
        fromState: 'draft',
        toState: 'in_review',
        reason: null,
        at: new Date(updated.getTime() - 3600_000),
      });
    if (state === 'published' || state === 'returned') {
      reviews.push({
        answerId: id,
        userId: reviewer,
        actorName: '陈志强',
        fromState: 'in_review',
        toState: state,
        reason: state === 'returned' ? '请补充风险提示，并避免对收益作出判断。' : null,
        at: updated,
      });
    }
  }
  await insertAll(schema.storeQuestions, questions);
  await insertAll(schema.storeAnswers, answers);
  await insertAll(schema.storeAnswerReviews, reviews);
  // A few likes so counts are not all zero.
  const likes: (typeof schema.storeLikes.$inferInsert)[] = [];
  for (const a of answers.filter((x) => x.state === 'published').slice(0, 20)) {
    for (const u of rng.sample(customers, rng.int(0, 4)))
      likes.push({ userId: u, itemType: 'answer', itemId: a.id!, createdAt: new Date(base - DAY) });
  }
  await insertAll(schema.storeLikes, likes);
  for (const table of ['store_experts', 'store_articles', 'store_products', 'store_questions', 'store_answers']) {
    await tx.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM "${table}"))`),
    );
  }
  return experts.length + articles.length + products.length + navs.length + questions.length + answers.length;
}
