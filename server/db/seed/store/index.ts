import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import type { Db } from '../../client';
import * as schema from '../../schema';
import { createPrng, type Prng } from '../prng';
import {
  ANSWER_LINES,
  CORE,
  EXPERTS,
  FUNDS,
  MASTER_KIND,
  NEWS_ANGLES,
  ORGS,
  QUESTIONS,
  SOURCES,
  TOPICS,
  VIEW_ANGLES,
} from './data';

/**
 * The knowledge store's seed: experts and core members with certificate numbers,
 * news and institution views in rich HTML with local images, funds with daily NAV, and
 * questions with answers in every review state. Its own PRNG: the older seed stays as it was.
 * The parts below run in a fixed order and share that PRNG, so each draws what it always drew.
 */
const DAY = 86_400_000;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What every part of the store seed shares: the transaction, the one PRNG, the base time and scale. */
interface Seeding {
  tx: Tx;
  rng: Prng;
  base: number;
  scale: 'small' | 'large';
  userIds: Map<string, number>;
  insertAll: <T extends PgTable>(table: T, values: T['$inferInsert'][]) => Promise<void>;
}

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

async function seedExperts({ rng, userIds, insertAll }: Seeding) {
  const uid = (uuid: string) => userIds.get(uuid) ?? null;
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
  return experts;
}

async function seedArticles({ rng, base, scale, insertAll }: Seeding, expertCount: number) {
  const articleCount = scale === 'large' ? 3000 : 320;
  const articles = Array.from({ length: articleCount }, (_, i) => {
    const id = i + 1;
    const kind = i % 2 === 0 ? ('news' as const) : ('view' as const);
    const topic = rng.pick(TOPICS);
    const source = kind === 'view' ? rng.pick(SOURCES) : rng.pick(ORGS);
    const author = rng.next() < 0.5 ? rng.int(1, expertCount) : null;
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
  return articles.length;
}

/** One fund's daily NAV and benchmark from its launch to the day before the base time, weekdays only. */
function fundNavs(
  { rng, base }: Seeding,
  productId: number,
  fund: { launch: Date; risk: number; category: string },
): (typeof schema.storeNavs.$inferInsert)[] {
  const navs: (typeof schema.storeNavs.$inferInsert)[] = [];
  let nav = 1;
  let b = 1000 + (productId - 1) * 300;
  const drift = (fund.risk - 1) * 0.00012;
  const vol = [0.0002, 0.002, 0.004, 0.008, 0.012, 0.015][fund.risk] ?? 0.005;
  for (let t = fund.launch.getTime(); t <= base - DAY; t += DAY) {
    const wd = new Date(t).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    // A money fund's NAV is 1.0000 every day (its return is the 7-day yield): the draws are still made, so the
    // rest of this seed stays as it was.
    const step = 1 + drift + (rng.next() - 0.5) * 2 * vol;
    nav = fund.category === '货币型' ? 1 : Math.max(0.3, nav * step);
    b = Math.max(100, b * (1 + drift * 0.7 + (rng.next() - 0.5) * 2 * vol));
    navs.push({
      productId,
      day: new Date(t),
      nav: Math.round(nav * 10000) / 10000,
      benchmark: Math.round(b * 100) / 100,
    });
  }
  return navs;
}

function fundFees(kind: 'public' | 'private', risk: number) {
  return kind === 'public'
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
      ];
}

async function seedProducts(seeding: Seeding) {
  const { tx, rng, base, scale, insertAll } = seeding;
  const masterCodes = new Map(
    (await tx.select({ name: schema.mktProducts.name, code: schema.mktProducts.code }).from(schema.mktProducts)).map(
      (m) => [m.name, m.code],
    ),
  );
  const days = scale === 'large' ? 1500 : 900;
  const navs: (typeof schema.storeNavs.$inferInsert)[] = [];
  const products = FUNDS.map(([kind, name, category, risk, min, highlight, bench], i) => {
    const launch = new Date(Math.floor((base - (days - i * 40) * DAY) / DAY) * DAY);
    navs.push(...fundNavs(seeding, i + 1, { launch, risk, category }));
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
      fees: fundFees(kind, risk),
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
  return products.length + navs.length;
}

const RETURN_REASON = '请补充风险提示，并避免对收益作出判断。';

/** An answer's trail: submitted by its expert (unless still a draft), then decided by the seeded reviewer. */
function answerReviews(
  answer: { id: number; state: string; updated: Date; expertName: string },
  reviewer: number | null,
): (typeof schema.storeAnswerReviews.$inferInsert)[] {
  const { id, state, updated } = answer;
  const reviews: (typeof schema.storeAnswerReviews.$inferInsert)[] = [];
  if (state !== 'draft')
    reviews.push({
      answerId: id,
      userId: null,
      actorName: answer.expertName,
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
      reason: state === 'returned' ? RETURN_REASON : null,
      at: updated,
    });
  }
  return reviews;
}

/** Questions: every customer asks; answers cycle through the four states so each one exists. */
async function seedQuestions(seeding: Seeding, experts: Array<{ name: string }>, customers: number[]) {
  const { rng, base, scale, userIds, insertAll } = seeding;
  // Seeded decisions were made by 陈志强, a reviewer by his staff role.
  const reviewer = userIds.get('u3') ?? null;
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
      returnReason: state === 'returned' ? RETURN_REASON : null,
      createdAt: asked,
      updatedAt: updated,
      publishedAt: state === 'published' ? updated : null,
    });
    reviews.push(...answerReviews({ id, state, updated, expertName: experts[expertId - 1]!.name }, reviewer));
  }
  await insertAll(schema.storeQuestions, questions);
  await insertAll(schema.storeAnswers, answers);
  await insertAll(schema.storeAnswerReviews, reviews);
  return { questions: questions.length, answers };
}

/** A few likes so counts are not all zero. */
async function seedLikes(
  { rng, base, insertAll }: Seeding,
  answers: (typeof schema.storeAnswers.$inferInsert)[],
  customers: number[],
) {
  const likes: (typeof schema.storeLikes.$inferInsert)[] = [];
  for (const a of answers.filter((x) => x.state === 'published').slice(0, 20)) {
    for (const u of rng.sample(customers, rng.int(0, 4)))
      likes.push({ userId: u, itemType: 'answer', itemId: a.id!, createdAt: new Date(base - DAY) });
  }
  await insertAll(schema.storeLikes, likes);
}

export async function seedStore(tx: Tx, scale: 'small' | 'large', baseTime: Date): Promise<number> {
  const userIds = new Map(
    (await tx.select({ id: schema.users.id, uuid: schema.users.uuid }).from(schema.users)).map((u) => [u.uuid, u.id]),
  );
  const seeding: Seeding = {
    tx,
    rng: createPrng(0x5702_e018),
    base: baseTime.getTime(),
    scale,
    userIds,
    insertAll: async (table, values) => {
      for (let i = 0; i < values.length; i += 1000) await tx.insert(table).values(values.slice(i, i + 1000));
    },
  };
  const experts = await seedExperts(seeding);
  const articles = await seedArticles(seeding, experts.length);
  const productsAndNavs = await seedProducts(seeding);
  const customers = [...userIds.entries()].filter(([u]) => Number(u.slice(1)) >= 4).map(([, id]) => id);
  const { questions, answers } = await seedQuestions(seeding, experts, customers);
  await seedLikes(seeding, answers, customers);
  for (const table of ['store_experts', 'store_articles', 'store_products', 'store_questions', 'store_answers']) {
    await tx.execute(
      sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM "${table}"))`),
    );
  }
  return experts.length + articles + productsAndNavs + questions + answers.length;
}
