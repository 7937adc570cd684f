import { and, desc, eq, gt, lte } from 'drizzle-orm';

import type { SendOption, SendOptions, SendOptionsQuery } from '../../src/api/contract/market-map-send';
import { SEND_OPTIONS_MAX } from '../../src/api/contract/market-map-send';
import { maskName } from '../../src/api/contract/mask';
import { FUND_DISCLOSURES, riskLabel } from '../../src/api/contract/product-risk-constants';
import type { Db } from '../db/client';
import { mktCustomers, mktMaterials } from '../db/schema';
import { checkContactBudget } from '../materials/contact-budget';
import { decideForward, forwardCustomer, forwardMaterial } from '../materials/forward-decision';
import type { ProductRisk } from '../suitability/suitability';
import { budgetsOf } from './marketing-forwards';
import { productBrief } from './marketing-map';
import { productsOf, visibleTo } from './marketing-materials';
import { resolve } from './marketing-reach';

/** How many of the newest materials in date the chooser weighs (the library holds a few dozen). */
const WEIGHED = 80;

type Material = typeof mktMaterials.$inferSelect;
type Products = NonNullable<ReturnType<Awaited<ReturnType<typeof productsOf>>['get']>>;

/** Why one material is offered, in the adviser's words. */
function whyOf(
  m: Material,
  ps: Products,
  about: ReadonlySet<number>,
  prefer: number | undefined,
  level: string | null,
) {
  if (m.id === prefer) return '上次发送未送达，可重新发送';
  const mine = ps.filter((p) => about.has(p.id));
  if (mine.length) return `关于本商机的产品：${mine.map((p) => p.name).join('、')}`;
  if (ps.length === 0) return '通用资讯，不涉及具体产品';
  const top = ps
    .map((p) => p.riskLevel)
    .sort()
    .at(-1) as ProductRisk;
  return `产品 ${riskLabel(top)}，在客户风险等级 ${level ?? '—'} 之内`;
}

/**
 * GET /chance/reach/send-options: what 发消息 may send to this customer, decided as the send would decide
 * (validity, suitability, today's budget) but written nowhere. Suitable first: the preferred material, then
 * those about the card's products, then the newest; one refused material about the card's products stays
 * in the list with its reason, so the adviser sees why the obvious choice is missing.
 */
async function sendOptions(db: Db, adviserId: number, q: SendOptionsQuery, now: Date): Promise<SendOptions | null> {
  const who = await resolve(db, adviserId, q);
  if (!who || who.customerId === null) return null;
  const [c] = await db.select().from(mktCustomers).where(eq(mktCustomers.id, who.customerId));
  if (!c) return null;
  const about = new Set((q.products ?? '').split(',').filter(Boolean).map(Number));
  const materials = await db
    .select()
    .from(mktMaterials)
    .where(and(visibleTo(adviserId), lte(mktMaterials.validFrom, now), gt(mktMaterials.validUntil, now)))
    .orderBy(desc(mktMaterials.id))
    .limit(WEIGHED);
  const products = await productsOf(
    db,
    materials.map((m) => m.id),
  );
  const budget = (await budgetsOf(db, [c.id], now))(c.id);
  const weighed = materials.map((m) => {
    const ps = products.get(m.id) ?? [];
    const d = decideForward({
      adviserId,
      customer: forwardCustomer(c),
      material: forwardMaterial(m, ps),
      sentAt: budget.sentAt,
      dailyLimit: budget.limit,
      now,
    });
    const rank = (m.id === q.prefer ? 0 : 4) + (ps.some((p) => about.has(p.id)) ? 0 : 2) + (ps.length ? 0 : 1);
    const option: SendOption = {
      material_id: m.id,
      title: m.title,
      summary: m.summary,
      image_url: m.imageUrl,
      review_no: m.reviewNo,
      products: ps.map(productBrief),
      disclosures: ps.length ? [...FUND_DISCLOSURES] : [],
      verdict: d.allowed ? { ok: true } : { ok: false, reason_code: d.reason, reason: d.message },
      why: whyOf(m, ps, about, q.prefer, c.riskLevel),
    };
    return { option, rank, aboutCard: ps.some((p) => about.has(p.id)) || m.id === q.prefer };
  });
  const byRank = [...weighed].sort((a, b) => a.rank - b.rank);
  const suitable = byRank.filter((w) => w.option.verdict.ok).slice(0, SEND_OPTIONS_MAX - 1);
  const missed = byRank.find((w) => !w.option.verdict.ok && w.aboutCard);
  const options = [...suitable, ...(missed ? [missed] : [])].map((w) => w.option);
  const state = checkContactBudget(budget.sentAt, now, budget.limit);
  return {
    customer_id: c.id,
    display_name: maskName(c.name),
    budget: { limit: state.state.limit, used: state.state.used, remaining: state.state.remaining },
    suggested_id: suitable[0]?.option.material_id ?? null,
    options,
    // A plain text is the adviser's own words, not marketing: it spends no contact, the content policy checks it.
    text: { ok: true },
  };
}

export function createSendRepository(db: Db) {
  return {
    sendOptions: (adviserId: number, q: SendOptionsQuery, now: Date) => sendOptions(db, adviserId, q, now),
  };
}
