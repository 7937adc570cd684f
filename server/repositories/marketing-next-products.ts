import { desc, eq } from 'drizzle-orm';

import type { MaterialKind } from '../../src/api/contract/market-map-materials';
import type { NextProducts } from '../../src/api/contract/market-map-next-products';
import type { Db } from '../db/client';
import { mktSignals } from '../db/schema';
import { nextBestProducts } from '../marketing/next-products';
import { productBrief } from './marketing-map';
import { nextProductInputs } from './marketing-next-product';

/** GET /chance-card/next-products: null when the card is not this adviser's. */
export async function nextProducts(db: Db, adviserId: number, cardId: number, now: Date): Promise<NextProducts | null> {
  const read = await nextProductInputs(db, adviserId, cardId, (id) =>
    db
      .select({ categoryId: mktSignals.categoryId, productId: mktSignals.productId, title: mktSignals.title })
      .from(mktSignals)
      .where(eq(mktSignals.cardId, id))
      .orderBy(desc(mktSignals.occurredAt), desc(mktSignals.id)),
  );
  if (!read) return null;
  const { card, customer, reasons, products } = read;
  const result = nextBestProducts({
    ...read.input,
    // The newest reason leads: it is what the card says now.
    signal: reasons[0]?.title ?? '客户有新动态',
    reasons,
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
