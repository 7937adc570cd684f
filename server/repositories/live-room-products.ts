import { and, asc, eq, sql } from 'drizzle-orm';

import type { LiveProduct } from '../../src/api/contract/live-room';
import type { Db } from '../db/client';
import { liveProducts, mktProducts, storeProducts } from '../db/schema';
import { keepVisible, type PrivateViewer } from '../materials/private-visibility';
import type { ProductRisk } from '../suitability/suitability';

/** The products a live offers (its product list and banners), and which of them a viewer may see. */
export function createRoomProductsRepository(db: Db) {
  /**
   * Everything the live offers in one placement, each with its private-fund level (null: not a private
   * fund). Internal: what a viewer is sent is `visibleProducts`.
   */
  async function roomProducts(
    liveId: number,
    placement: 'product' | 'banner',
  ): Promise<Array<{ product: LiveProduct; privateLevel: ProductRisk | null | 'unknown' }>> {
    // Funds carry the product master's risk level and name (by code): the room keeps no copy that could drift.
    const rows = await db
      .select({
        p: liveProducts,
        masterName: mktProducts.name,
        risk: mktProducts.riskLevel,
        masterPrivate: sql<boolean | null>`(${mktProducts.qualifiedOnly} or ${mktProducts.kind} = 'private_fund')`,
        storeId: storeProducts.id,
        storePrivate: sql<boolean | null>`(${storeProducts.kind} = 'private')`,
      })
      .from(liveProducts)
      .leftJoin(mktProducts, eq(mktProducts.code, liveProducts.productCode))
      // The store's page of the same fund (by code) is where a tap on it leads.
      .leftJoin(storeProducts, eq(storeProducts.code, liveProducts.productCode))
      .where(and(eq(liveProducts.liveId, liveId), eq(liveProducts.placement, placement)))
      .orderBy(asc(liveProducts.position), asc(liveProducts.id));
    return rows.map(({ p, masterName, risk, masterPrivate, storeId, storePrivate }) => {
      // Private by any of the three records (the room's row, the master, the store page): one is enough.
      const isPrivate = p.kind === 'private' || masterPrivate === true || storePrivate === true;
      return {
        product: {
          id: p.id,
          // A banner keeps its activity's title; the fund it opens still gives the risk level.
          name: p.placement === 'banner' ? p.name : (masterName ?? p.name),
          kind: p.kind,
          code: p.productCode,
          risk_level: risk ?? null,
          detail_id: storeId ?? null,
          highlight: p.highlight,
        },
        privateLevel: isPrivate ? (risk ?? 'unknown') : null,
      };
    });
  }

  return {
    products: roomProducts,

    /** What this viewer is shown: a private fund only when private-visibility.ts allows it, else nothing of it. */
    async visibleProducts(
      liveId: number,
      placement: 'product' | 'banner',
      viewer: PrivateViewer,
      now: Date,
    ): Promise<LiveProduct[]> {
      const all = await roomProducts(liveId, placement);
      return keepVisible(all, (r) => r.privateLevel, viewer, now).map((r) => r.product);
    },
  };
}
