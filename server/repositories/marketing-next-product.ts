import { and, eq } from 'drizzle-orm';

import type { MaterialKind } from '../../src/api/contract/market-map-materials';
import type { NextProduct } from '../../src/api/contract/market-map-radar';
import type { Db } from '../db/client';
import {
  mktCards,
  mktCustomers,
  mktHoldings,
  mktMaterialProducts,
  mktMaterials,
  mktProducts,
  mktSignals,
} from '../db/schema';
import { nextBestProduct, type NpMaterial, type NpProduct } from '../marketing/next-product';
import { materialDescribesPrivateFund, materialReview } from '../materials/forward-decision';
import type { CustomerRisk, ProductRisk } from '../suitability/suitability';
import { productBrief } from './marketing-map';
import { visibleTo } from './marketing-materials';

type Product = typeof mktProducts.$inferSelect;
export const np = (p: Product): NpProduct => ({
  id: p.id,
  name: p.name,
  kind: p.kind,
  riskLevel: p.riskLevel as ProductRisk,
  qualifiedOnly: p.qualifiedOnly,
  maturityAt: p.maturityAt,
});

/** Materials this adviser may send that name any product, each with every product it names. */
export async function sendableMaterials(db: Db, adviserId: number, products: ReadonlyMap<number, Product>) {
  const rows = await db
    .select({ m: mktMaterials, productId: mktMaterialProducts.productId })
    .from(mktMaterials)
    .innerJoin(mktMaterialProducts, eq(mktMaterialProducts.materialId, mktMaterials.id))
    .where(visibleTo(adviserId));
  const byId = new Map<number, NpMaterial & { products: NpProduct[] }>();
  for (const { m, productId } of rows) {
    const entry = byId.get(m.id) ?? {
      ...m,
      review: materialReview(m),
      products: [],
      describesPrivateFund: materialDescribesPrivateFund(m),
    };
    const p = products.get(productId);
    if (p) entry.products.push(np(p));
    byId.set(m.id, entry);
  }
  return [...byId.values()];
}

/**
 * What a next-product suggestion reads for a card: the card and its customer (null when the card is not this
 * adviser's), the card's reasons as `readReasons` selects them, every product by id, and the suggestion's input
 * for the customer, holdings, products and sendable materials.
 */
export async function nextProductInputs<R>(
  db: Db,
  adviserId: number,
  cardId: number,
  readReasons: (cardId: number) => PromiseLike<R[]>,
) {
  const [row] = await db
    .select({ card: mktCards, customer: mktCustomers })
    .from(mktCards)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktCards.customerId))
    .where(and(eq(mktCards.id, cardId), eq(mktCards.adviserId, adviserId), eq(mktCustomers.adviserId, adviserId)));
  if (!row) return null;
  const { card, customer } = row;
  const [reasons, held, all] = await Promise.all([
    readReasons(card.id),
    db.select({ productId: mktHoldings.productId }).from(mktHoldings).where(eq(mktHoldings.customerId, customer.id)),
    db.select().from(mktProducts),
  ]);
  const products = new Map(all.map((p) => [p.id, p]));
  const heldIds = new Set(held.map((h) => h.productId));
  return {
    card,
    customer,
    reasons,
    products,
    input: {
      adviserId,
      customer: {
        id: customer.id,
        riskLevel: customer.riskLevel as CustomerRisk | null,
        riskExpiresAt: customer.riskExpiresAt,
        qualified: customer.qualified,
      },
      held: all.filter((p) => heldIds.has(p.id)).map(np),
      products: all.map(np),
      materials: await sendableMaterials(db, adviserId, products),
    },
  };
}

/** GET /chance-card/next-product: null when the card is not this adviser's. */
export async function nextProduct(db: Db, adviserId: number, cardId: number, now: Date): Promise<NextProduct | null> {
  const read = await nextProductInputs(db, adviserId, cardId, (id) =>
    db
      .select({ categoryId: mktSignals.categoryId, productId: mktSignals.productId })
      .from(mktSignals)
      .where(eq(mktSignals.cardId, id)),
  );
  if (!read) return null;
  const { card, customer, reasons, products } = read;
  const result = nextBestProduct({ ...read.input, reasons, now });
  const base = { card_id: card.id, customer_id: customer.id };
  if (result.kind === 'none') return { ...base, suggestion: null, none_reason: result.text };
  const m = result.material;
  return {
    ...base,
    suggestion: {
      product: productBrief(products.get(result.product.id)!),
      reason_code: result.reason,
      reason: result.text,
      material: m ? { material_id: m.id, title: m.title, kind: m.kind as MaterialKind } : null,
    },
    none_reason: null,
  };
}
