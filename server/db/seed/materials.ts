// The materials library: articles with sanitized HTML, real multi-page PDFs, images and
// posters, linked to products of every risk level, approved by the seeded reviewers (one out of validity), and a few
// forwards with reads. Deterministic; the PDFs are generated once per process and reused.
import { eq, sql } from 'drizzle-orm';

import type { ComplianceDecision } from '../../../src/api/contract/compliance-trail';
import { generatePdf, SEED_PDFS } from '../../materials/pdf-gen';
import { sanitizeArticleHtml } from '../../materials/sanitize';
import { forwardToken } from '../../materials/tokens';
import { createComplianceRepository } from '../../repositories/compliance';
import { approveMaterial, returnMaterial } from '../../repositories/material-review';
import type { Db } from '../client';
import * as schema from '../schema';

const DAY = 86_400_000;
type MaterialRow = typeof schema.mktMaterials.$inferInsert;

/** Products the library links to, by code (ids are looked up: a reorder of the seed list keeps the links). */
type ProductCode = '000198' | '110017' | '001938' | '005827' | 'SX1288' | 'SY2031' | 'ZG6612' | '161725';

let pdfBytes: Promise<Uint8Array[]> | null = null;
/** The PDFs' bytes: generation takes ~2 s (a Chinese font to read and subset), so a process that seeds several databases does it once. */
function seedPdfs(): Promise<Uint8Array[]> {
  pdfBytes ??= Promise.all(SEED_PDFS.map((s) => generatePdf({ ...s, createdAt: new Date(Date.UTC(2025, 0, 2)) })));
  return pdfBytes;
}

/** A material's picture: an SVG drawn from its title (a data URL: no binary files, no generated covers that say LIVE). */
export function pictureUrl(title: string, sub: string, hue: number): string {
  const bars = [38, 52, 45, 70, 64, 88]
    .map(
      (h, i) => `<rect x="${60 + i * 52}" y="${300 - h}" width="32" height="${h}" rx="4" fill="#fff" opacity=".85"/>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="hsl(${hue},55%,38%)"/>` +
    `<text x="40" y="80" font-family="sans-serif" font-size="34" font-weight="700" fill="#fff">${title}</text>` +
    `<text x="40" y="124" font-family="sans-serif" font-size="22" fill="#fff" opacity=".85">${sub}</text>${bars}` +
    `<rect x="460" y="180" width="140" height="140" rx="10" fill="#fff" opacity=".92"/><text x="530" y="258" font-family="sans-serif" font-size="18" text-anchor="middle" fill="hsl(${hue},55%,30%)">诺亚财富</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function article(heading: string, paras: readonly string[], img: string): string {
  // Raw as a public-account editor would paste it: the sanitizer strips what must not reach a reader.
  const raw =
    `<section><h2>${heading}</h2><p><img src="${pictureUrl(heading, '诺亚研究 · 投资者教育', (Number(img.slice(1)) * 37) % 360)}" alt="配图" width="640" height="360" onerror="alert(1)"></p>` +
    paras.map((p) => `<p>${p}</p>`).join('') +
    `<script>track()</script><p><a href="javascript:alert(1)">阅读原文</a></p></section>`;
  return sanitizeArticleHtml(raw);
}

const SENTENCES = [
  '市场环境在变化，配置需要回到目标、期限与风险承受能力本身。',
  '分散、长期、纪律，是穿越波动最朴素也最有效的方法。',
  '短期的涨跌很难预测，但资产的长期回报来自企业盈利与利息收入。',
  '先留足一年内要用的钱，再考虑收益更高、波动也更大的资产。',
  '定期检视组合，偏离目标比例较多时做一次再平衡。',
  '不要因为一次回撤就放弃计划，也不要因为一段上涨就追加到超出承受能力。',
  '看产品先看风险等级与投资范围，再看费率与历史回撤。',
];
/** Paragraphs that differ from one another (a reader scrolls through something that reads like an article). */
const P = (n: number) =>
  Array.from({ length: n }, (_, i) => `${SENTENCES[i % SENTENCES.length]}${SENTENCES[(i * 3 + 2) % SENTENCES.length]}`);

interface Spec {
  row: Omit<MaterialRow, 'validFrom' | 'validUntil' | 'createdAt' | 'reviewNo'>;
  /** Days of validity left at the base time (negative: expired). */
  validDays: number;
  products: readonly ProductCode[];
  pdf?: number;
}

const SPECS: readonly Spec[] = [
  {
    row: {
      kind: 'article',
      project: '市场观点',
      title: '2025 年下半年资产配置展望',
      summary: '股债均衡，守住现金流',
      html: article('下半年配置展望', P(14), 'm1'),
    },
    validDays: 120,
    products: [],
  },
  {
    row: {
      kind: 'article',
      project: '现金管理',
      title: '降息周期下的现金管理',
      summary: '货币基金与短债怎么选',
      html: article('现金管理三件事', P(10), 'm2'),
    },
    validDays: 90,
    products: ['000198'],
  },
  {
    row: {
      kind: 'article',
      project: '固收+',
      title: '固收+ 产品一图读懂',
      summary: '债打底，股增强',
      html: article('什么是固收+', P(9), 'm3'),
    },
    validDays: 60,
    products: ['110017'],
  },
  {
    row: {
      kind: 'article',
      project: '权益投资',
      title: '红利低波：震荡市的压舱石',
      summary: '高股息策略的逻辑',
      html: article('红利低波', P(12), 'm4'),
    },
    validDays: 45,
    products: ['001938'],
  },
  {
    row: {
      kind: 'article',
      project: '权益投资',
      title: '消费升级的长期机会',
      summary: '消费龙头的估值与业绩',
      html: article('消费升级', P(11), 'm5'),
    },
    validDays: 30,
    products: ['005827', '161725'],
  },
  {
    row: {
      kind: 'article',
      project: '私募专区',
      title: '私募基金合格投资者须知',
      summary: '认定标准与冷静期',
      html: article('合格投资者', P(8), 'm6'),
    },
    validDays: 200,
    products: ['SY2031'],
  },
  {
    row: {
      kind: 'article',
      project: '养老规划',
      title: '个人养老金开户指南',
      summary: '三步开户，每年 12000 元额度',
      html: article('个人养老金', P(10), 'm7'),
    },
    validDays: -3,
    products: [],
  },
  {
    row: { kind: 'pdf', project: '市场观点', title: '季度基金报告', summary: '64 页 · 持仓与业绩归因' },
    validDays: 80,
    products: ['001938'],
    pdf: 0,
  },
  {
    row: { kind: 'pdf', project: '市场观点', title: '年度市场展望（完整版）', summary: '100 页 · 宏观、行业与资产' },
    validDays: 150,
    products: [],
    pdf: 1,
  },
  {
    row: { kind: 'pdf', project: '私募专区', title: '星辰量化中性1号产品要素', summary: '6 页 · 仅限合格投资者' },
    validDays: 100,
    products: ['SX1288'],
    pdf: 2,
  },
  {
    row: {
      kind: 'image',
      project: '固收+',
      title: '鑫享两年期资管计划一图看懂',
      summary: '期限、基准与风险',
      imageUrl: pictureUrl('鑫享两年期资管计划', '一图看懂：期限、基准与风险', 328),
    },
    validDays: 60,
    products: ['ZG6612'],
  },
  {
    row: {
      kind: 'image',
      project: '现金管理',
      title: '货币宝七日年化走势图',
      summary: '近一年收益走势',
      imageUrl: pictureUrl('货币宝七日年化', '近一年收益走势', 9),
    },
    validDays: 70,
    products: ['000198'],
  },
  {
    row: {
      kind: 'poster',
      project: '市场观点',
      title: '周末投教直播海报',
      summary: '扫码预约',
      imageUrl: pictureUrl('周末投教直播', '周六 20:00 · 扫码预约', 50),
    },
    validDays: 20,
    products: [],
  },
  {
    row: {
      kind: 'poster',
      project: '权益投资',
      title: '白酒指数定投海报',
      summary: '定投三年，平滑波动',
      imageUrl: pictureUrl('白酒指数定投', '定投三年，平滑波动', 91),
    },
    validDays: 25,
    products: ['161725'],
  },
];

/**
 * The library's review numbers come from reviewers' approvals, made the way 审核台 makes them (the
 * number drawn from the sequence, the expiry, a review row on the trail), not written as data.
 */
async function seedReviews(tx: Db, base: Date, ids: { library: number; reviewedOwn: number; returnedOwn: number }) {
  const b = base.getTime();
  const trail = createComplianceRepository(tx);
  const uid = async (uuid: string) =>
    (await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.uuid, uuid)))[0]!.id;
  const [chen, xu] = [await uid('u3'), await uid('u17')];
  const row = (
    actorId: number,
    adviserId: number | null,
    id: number,
    decision: ComplianceDecision,
    at: Date,
    detail = {},
  ) =>
    trail.record(
      { kind: 'review', actorId, adviserId, subject: `material:${id}`, decision, reason: null, detail, at },
      tx,
    );
  for (let id = 1; id <= ids.library; id += 1) {
    const at = new Date(b - (39 - id) * DAY);
    const reviewer = id % 2 ? chen : xu;
    const m = await approveMaterial(tx, id, reviewer, at);
    await row(reviewer, null, id, 'approved', at, {
      action: 'approve',
      reviewNo: m!.reviewNo,
      reviewExpiresAt: m!.reviewExpiresAt!.getTime(),
    });
  }
  const at = new Date(b - 9 * DAY);
  await row(2, 2, ids.reviewedOwn, 'submitted', new Date(b - 10 * DAY), { action: 'submit' });
  const m = await approveMaterial(tx, ids.reviewedOwn, xu, at);
  await row(xu, 2, ids.reviewedOwn, 'approved', at, {
    action: 'approve',
    reviewNo: m!.reviewNo,
    reviewExpiresAt: m!.reviewExpiresAt!.getTime(),
  });
  await row(1, 1, ids.returnedOwn - 2, 'submitted', new Date(b - 2 * DAY), { action: 'submit' });
  await row(3, null, ids.returnedOwn - 1, 'submitted', new Date(b - DAY), { action: 'submit' });
  const comment = '请在文末补充风险提示“基金有风险，投资需谨慎”，并删去“闭眼定投”的说法';
  await returnMaterial(tx, ids.returnedOwn, chen, comment, new Date(b - 2 * DAY));
  await row(2, 2, ids.returnedOwn, 'submitted', new Date(b - 3 * DAY), { action: 'submit' });
  await trail.record(
    {
      kind: 'review',
      actorId: chen,
      adviserId: 2,
      subject: `material:${ids.returnedOwn}`,
      decision: 'returned',
      reason: comment,
      detail: { action: 'return' },
      at: new Date(b - 2 * DAY),
    },
    tx,
  );
}

/** Seeds the library; returns counts for the seed summary. */
export async function seedMaterials(tx: Db, base: Date): Promise<Record<string, number>> {
  const pdfs = await seedPdfs();
  const products = await tx
    .select({ id: schema.mktProducts.id, code: schema.mktProducts.code })
    .from(schema.mktProducts);
  const productIdByCode = new Map(products.map((p) => [p.code, p.id]));
  const b = base.getTime();
  // Every review number comes from an approval (below): the rows start pending, without one.
  const rows: MaterialRow[] = SPECS.map((s, i) => ({
    ...s.row,
    id: i + 1,
    reviewNo: '',
    validFrom: new Date(b - 200 * DAY),
    validUntil: new Date(b + s.validDays * DAY),
    createdAt: new Date(b - (40 - i) * DAY),
    submittedAt: new Date(b - (40 - i) * DAY),
  }));
  // Advisers' own materials (from the forwarding assistant): another adviser must never see them.
  const own = (adviser: number, title: string, heading: string, img: string, ago: number): MaterialRow => ({
    id: rows.length + 1,
    ownerAdviserId: adviser,
    authorId: adviser,
    kind: 'article',
    project: '我的素材',
    title,
    summary: '转载自公众号',
    html: article(heading, P(6), img),
    reviewNo: '',
    validFrom: new Date(b - ago * DAY),
    validUntil: new Date(b + 365 * DAY),
    sourceUrl: 'https://mp.weixin.qq.com/s/sample-volatility',
    createdAt: new Date(b - ago * DAY),
    submittedAt: new Date(b - ago * DAY),
  });
  rows.push(own(2, '李晓梅的转载：如何看待市场波动', '如何看待波动', 'm12', 10));
  const reviewedOwn = rows.length;
  // Waiting on 审核台: 王建国's repost (either reviewer may decide it), 陈志强's own note on a fund (a reviewer
  // who gains from it: 需他人审核 for him, 许文清 decides), and 李晓梅's repost returned with 修改意见.
  rows.push(own(1, '王建国的转载：现金管理的三个误区', '现金管理的三个误区', 'm13', 2));
  const pendingOwn = rows.length;
  rows.push({
    ...own(3, '陈志强：读懂债券基金的季报', '读懂季报的三个要点', 'm14', 1),
    ownerAdviserId: null,
    project: '投资者教育',
    summary: '运营专员陈志强整理',
    sourceUrl: null,
  });
  const reviewerOwn = rows.length;
  rows.push(own(2, '李晓梅的转载：定投的正确姿势', '定投的正确姿势', 'm15', 3));
  const returnedOwn = rows.length;
  await tx.insert(schema.mktMaterials).values(rows);
  await tx.execute(
    sql.raw(`SELECT setval(pg_get_serial_sequence('mkt_materials', 'id'), (SELECT max(id) FROM mkt_materials))`),
  );
  const links = SPECS.flatMap((s, i) =>
    s.products.flatMap((code) =>
      productIdByCode.has(code) ? [{ materialId: i + 1, productId: productIdByCode.get(code)! }] : [],
    ),
  );
  for (const [materialId, code] of [
    [pendingOwn, '000198'],
    [reviewerOwn, '110017'],
  ] as const)
    if (productIdByCode.has(code)) links.push({ materialId, productId: productIdByCode.get(code)! });
  if (links.length) await tx.insert(schema.mktMaterialProducts).values(links);
  await seedReviews(tx, base, { library: SPECS.length, reviewedOwn, returnedOwn });
  // Buffer, not a bare Uint8Array: node-postgres sends only Buffers as bytea.
  const files = SPECS.flatMap((s, i) =>
    s.pdf === undefined
      ? []
      : [
          {
            materialId: i + 1,
            mime: 'application/pdf',
            pages: SEED_PDFS[s.pdf]!.pages,
            bytes: Buffer.from(pdfs[s.pdf]!),
          },
        ],
  );
  await tx.insert(schema.mktMaterialFiles).values(files);
  // A few past forwards of adviser 1 with their reads: the first customers of the book.
  const forwards = [1, 2, 3].map((k) => ({
    id: k,
    adviserId: 1,
    customerId: k,
    materialId: k,
    token: forwardToken(`seed-${k}`),
    marketing: true,
    sentAt: new Date(b - (k + 1) * DAY),
    // Delivered: WeCom confirmed them (the customers read them).
    sharedVia: 'sendChatMessage',
    sharedAt: new Date(b - (k + 1) * DAY + 5_000),
  }));
  await tx.insert(schema.mktForwards).values(forwards);
  await tx.execute(
    sql.raw(`SELECT setval(pg_get_serial_sequence('mkt_forwards', 'id'), (SELECT max(id) FROM mkt_forwards))`),
  );
  await tx.insert(schema.mktForwardOpens).values(
    forwards.map((f, k) => ({
      forwardId: f.id,
      openKey: `seed-open-${f.id}`,
      inWechat: true,
      openedAt: new Date(f.sentAt.getTime() + 3_600_000),
      lastBeaconAt: new Date(f.sentAt.getTime() + 3_600_000 + (20 + k * 25) * 1000),
      seconds: 20 + k * 25,
      maxScroll: 0.4 + k * 0.2,
      behaviourAt: null,
    })),
  );
  return { materials: rows.length, materialFiles: files.length, forwards: forwards.length };
}
