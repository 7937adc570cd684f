import { sql } from 'drizzle-orm';

import * as schema from '../../schema';
import { createPrng, type Prng } from '../prng';
import { CORE, EXPERTS, NEWS_ANGLES, ORGS, SOURCES, TOPICS, VIEW_ANGLES } from './data';
import { seedProducts } from './funds';
import { seedLikes, seedQuestions } from './questions';
import { certificate, type Seeding, type Tx } from './seeding';

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

/**
 * The knowledge store's seed: experts and core members with certificate numbers,
 * news and institution views in rich HTML with local images, funds with daily NAV, and
 * questions with answers in every review state. Its own PRNG: the older seed stays as it was.
 * Its parts run in a fixed order and share that PRNG, so each draws what it always drew.
 */
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
