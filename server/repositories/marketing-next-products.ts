import { and, desc, eq } from 'drizzle-orm';

import type { MaterialKind } from '../../src/api/contract/market-map-materials';
import type { NextProducts } from '../../src/api/contract/market-map-next-products';
import type { Db } from '../db/client';
import { mktCards, mktCustomers, mktHoldings, mktProducts, mktSignals } from '../db/schema';
import { nextBestProducts } from '../marketing/next-products';
import type { CustomerRisk } from '../suitability/suitability';
import { productBrief } from './marketing-materials';
import { np, sendableMaterials } from './marketing-next-product';

/** GET /chance-card/next-products: null when the card is not this adviser's. */
export async function nextProducts(db: Db, adviserId: number, cardId: number, now: Date): Promise<NextProducts | null> {
  const [row] = await db
    .select({ card: mktCards, customer: mktCustomers })
    .from(mktCards)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktCards.customerId))
    .where(and(eq(mktCards.id, cardId), eq(mktCards.adviserId, adviserId), eq(mktCustomers.adviserId, adviserId)));
  if (!row) return null;
  const { card, customer } = row;
  const [reasons, held, all] = await Promise.all([
    db
      .select({ categoryId: mktSignals.categoryId, productId: mktSignals.productId, title: mktSignals.title })
      .from(mktSignals)
      .where(eq(mktSignals.cardId, card.id))
      .orderBy(desc(mktSignals.occurredAt), desc(mktSignals.id)),
    db.select({ productId: mktHoldings.productId }).from(mktHoldings).where(eq(mktHoldings.customerId, customer.id)),
    db.select().from(mktProducts),
  ]);
  const products = new Map(all.map((p) => [p.id, p]));
  const heldIds = new Set(held.map((h) => h.productId));
  const result = nextBestProducts({
    adviserId,
    customer: {
      id: customer.id,
      riskLevel: customer.riskLevel as CustomerRisk | null,
      riskExpiresAt: customer.riskExpiresAt,
      qualified: customer.qualified,
    },
    // The newest reason leads: it is what the card says now.
    signal: reasons[0]?.title ?? '客户有新动态',
    reasons,
    held: all.filter((p) => heldIds.has(p.id)).map(np),
    products: all.map(np),
    materials: await sendableMaterials(db, adviserId, products),
    now,
  });
  const base = { card_id: card.id, customer_id: customer.id, customer_risk_level: customer.riskLevel };
  if (result.kind === 'none') return { ...base, items: [], none_reason: result.text };
  return {
    ...base,
    items: result.items.map((i) => ({
      product: productBrief(products.get(i.product.id)!),
      reason_code: i.reason,
      reason: i.text,
      material: {
        material_id: i.material.id,
        title: i.material.title,
        kind: i.material.kind as MaterialKind,
        review_no: i.material.reviewNo,
      },
    })),
    none_reason: null,
  };
}
