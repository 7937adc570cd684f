import { and, eq, isNull } from 'drizzle-orm';

import type { RecipientPage } from '../../src/api/contract/market-map-materials';
import type {
  ShareCreated,
  ShareCreateRequest,
  SharePageData,
  ShareRecipientsQuery,
} from '../../src/api/contract/market-map-products';
import { FUND_DISCLOSURES, PRODUCT_RISK_NAMES, riskLabel } from '../../src/api/contract/product-risk-constants';
import type { Db } from '../db/client';
import { mktCustomers, mktShareLinks, users } from '../db/schema';
import { SHARE_TTL_DAYS, shareKey, signShareCode, verifyShareCode } from '../marketing/share-code';
import { decideShare } from '../materials/forward-decision';
import type { CustomerRisk, ProductRisk } from '../suitability/suitability';
import { appendComplianceEvents } from './compliance';
import { budgetsOf, recipientPage, suitabilityEvent } from './marketing-forwards';
import { maskedCustomer, productBrief } from './marketing-map';
import { findProduct, productSeries } from './marketing-products';

type Product = NonNullable<Awaited<ReturnType<typeof findProduct>>>;
type Customer = typeof mktCustomers.$inferSelect;

export type ShareRefusal =
  | { kind: 'not_found' }
  | { kind: 'customer_not_found' }
  | { kind: 'private' }
  | { kind: 'refused'; reason: string; message: string };

const asSuitabilityCustomer = (c: Customer) => ({
  id: c.id,
  riskLevel: c.riskLevel as CustomerRisk | null,
  riskExpiresAt: c.riskExpiresAt,
  qualified: c.qualified,
});
const asSuitabilityProduct = (p: Product) => ({
  id: p.id,
  riskLevel: p.riskLevel as ProductRisk,
  qualifiedOnly: p.qualifiedOnly,
});

/** The customer-facing line under a product: its master risk level and the first mandatory sentence. */
const shareDesc = (p: Product) => `${p.code} · ${riskLabel(p.riskLevel as ProductRisk)} · ${FUND_DISCLOSURES[0]}`;

/** GET /share/product/recipients: my customers with the verdict for this product and their contact budget, before any link is made. */
export async function shareRecipients(
  db: Db,
  adviserId: number,
  q: ShareRecipientsQuery,
  now: Date,
): Promise<RecipientPage | null> {
  const product = await findProduct(db, q.product_id);
  if (!product) return null;
  // The budget is the send's: the list shows it apart, so "不适合" means the product, never the day's count.
  return recipientPage(db, adviserId, q, now, (c) => {
    const d = decideShare({
      adviserId,
      customer: asSuitabilityCustomer(c),
      product: asSuitabilityProduct(product),
      sentAt: [],
      now,
    });
    return d.allowed ? { ok: true as const } : { ok: false as const, reason_code: d.reason, reason: d.message };
  });
}

/**
 * POST /share/product: a link for one of my customers, decided like a forward (suitability, then the contact
 * budget) in one transaction holding the customer's row, and audited allowed or refused. Private funds are
 * never promoted through a page that anyone holding the link could open.
 */
export async function createShare(
  db: Db,
  adviserId: number,
  body: ShareCreateRequest,
  now: Date,
  /** Checks the card's words (they reach the public) before anything is written; a throw writes nothing. */
  vetWords: (texts: readonly string[]) => Promise<void> = async () => undefined,
): Promise<ShareCreated | ShareRefusal> {
  const product = await findProduct(db, body.product_id);
  if (!product) return { kind: 'not_found' };
  const title = body.page === 'public' ? `${product.name} 分红记录` : `${product.name} 业绩走势`;
  const desc = shareDesc(product);
  await vetWords([title, desc]);
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(mktCustomers)
      .where(and(eq(mktCustomers.id, body.customer_id), eq(mktCustomers.adviserId, adviserId)))
      .for('update');
    if (!customer) return { kind: 'customer_not_found' } as const;
    const budget = (await budgetsOf(tx, [customer.id], now))(customer.id);
    const d = decideShare({
      adviserId,
      customer: asSuitabilityCustomer(customer),
      product: asSuitabilityProduct(product),
      sentAt: budget.sentAt,
      dailyLimit: budget.limit,
      now,
    });
    const subject = `share_product:${product.id}`;
    if (product.qualifiedOnly) {
      await appendComplianceEvents(tx, {
        ...suitabilityEvent(d, subject, product.id, { page: body.page }),
        decision: 'refused',
        reason: 'PRIVATE_PRODUCT',
      });
      return { kind: 'private' } as const;
    }
    await appendComplianceEvents(tx, suitabilityEvent(d, subject, product.id, { page: body.page }));
    if (!d.allowed) return { kind: 'refused', reason: d.reason, message: d.message } as const;
    const exp = Math.floor(now.getTime() / 1000) + SHARE_TTL_DAYS * 86_400;
    const [link] = await tx
      .insert(mktShareLinks)
      .values({
        adviserId,
        customerId: customer.id,
        productId: product.id,
        page: body.page,
        createdAt: now,
        expiresAt: new Date(exp * 1000),
      })
      .returning();
    await appendComplianceEvents(tx, {
      kind: 'share_link',
      actorId: adviserId,
      adviserId,
      customerId: customer.id,
      productId: product.id,
      subject: `share:${link!.id}`,
      decision: 'pending',
      reason: null,
      detail: { page: body.page, expires_at: exp, risk_level: product.riskLevel },
      at: now,
    });
    const code = signShareCode(await shareKey(tx, now), {
      adviserId,
      productId: product.id,
      page: body.page,
      exp,
      shareId: link!.id,
    });
    return {
      code,
      page: body.page,
      expires_at: exp,
      share_id: link!.id,
      customer: maskedCustomer(customer, now),
      title,
      desc,
    };
  });
}

/** POST /share/product/record: WeCom's answer for a link I made; the first answer stands (a cancelled send gives the contact back). */
export async function recordShareLink(
  db: Db,
  adviserId: number,
  shareId: number,
  api: string,
  ok: boolean,
  now: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(mktShareLinks)
      .where(and(eq(mktShareLinks.id, shareId), eq(mktShareLinks.adviserId, adviserId)));
    if (!link) return null;
    const rows = await tx
      .update(mktShareLinks)
      .set({ sharedVia: ok ? api : `${api}:fail`, sharedAt: now })
      .where(and(eq(mktShareLinks.id, shareId), isNull(mktShareLinks.sharedVia)))
      .returning();
    if (rows.length) {
      await appendComplianceEvents(tx, {
        kind: 'share_link',
        actorId: adviserId,
        adviserId,
        customerId: link.customerId,
        productId: link.productId,
        subject: `share:${link.id}`,
        decision: ok ? 'sent' : 'failed',
        reason: ok ? null : 'SEND_NOT_CONFIRMED',
        detail: { api },
        at: now,
      });
    }
    return 1;
  });
}

/**
 * The page's data for a code: what GET /share/product-page answers and what the server-side render reads.
 * No session needed: the code is the permission to see the product's facts and disclosures; its performance
 * (promotion, checked for one customer) is only for the signed-in customer the link was made for.
 */
export async function sharePageData(
  db: Db,
  code: string,
  viewerUserId: number | null,
  now: Date,
): Promise<SharePageData | 'invalid' | 'expired'> {
  const claims = verifyShareCode(await shareKey(db, now), code, now);
  if (typeof claims === 'string') return claims;
  const [product, [adviser]] = await Promise.all([
    findProduct(db, claims.productId),
    db.select().from(users).where(eq(users.id, claims.adviserId)),
  ]);
  if (!product || !adviser || adviser.role !== 'adviser' || product.qualifiedOnly) return 'invalid';
  let personal = false;
  if (claims.shareId !== null) {
    const [row] = await db
      .select({ link: mktShareLinks, userId: mktCustomers.userId })
      .from(mktShareLinks)
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktShareLinks.customerId))
      .where(eq(mktShareLinks.id, claims.shareId));
    if (!row || row.link.productId !== product.id || row.link.adviserId !== adviser.id) return 'invalid';
    personal = viewerUserId !== null && row.userId === viewerUserId;
  }
  const s = personal ? await productSeries(db, product, now) : null;
  return {
    page: claims.page,
    view: personal ? 'personal' : 'public',
    product: productBrief(product),
    series_kind: product.kind === 'money_fund' ? 'yield' : 'nav',
    series: s?.series ?? [],
    benchmark: s?.benchmark ?? null,
    dividends: s?.dividends ?? [],
    disclosures: [
      `产品风险等级：${product.riskLevel}（${PRODUCT_RISK_NAMES[product.riskLevel as ProductRisk]}），请确认与您的风险承受能力相匹配`,
      ...FUND_DISCLOSURES,
    ],
    adviser: {
      name: adviser.realName,
      title: adviser.title ?? '理财师',
      certificate_no: adviser.certificateNo ?? '',
      avatar: adviser.avatar,
    },
    expires_at: claims.exp,
  };
}
