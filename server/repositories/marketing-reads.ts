import { and, eq, inArray, type SQL } from 'drizzle-orm';

import type { ReadBeaconRequest, ReadResult, ShareMaterial } from '../../src/api/contract/market-map-materials';
import { FUND_DISCLOSURES } from '../../src/api/contract/product-risk-constants';
import type { Db } from '../db/client';
import { mktBehaviours, mktForwardOpens, mktForwards, mktMaterials, mktSignals, users } from '../db/schema';
import type { Engine } from '../marketing/engine';
import { READ_FACT_PREFIX } from '../marketing/rules';
import { describeRead, foldBeacons } from '../materials/read-tracking';
import { productBrief } from './marketing-map';
import { pagesOf, productsOf } from './marketing-materials';

/** Beacons may claim at most the wall time since the open plus this (a batch in flight, clock skew). */
export const READ_SLACK_SECONDS = 3;

/**
 * The adviser's 从业资格编号 on customer pages: the employee record's certificate (users.certificate_no), the one
 * number the product share pages show too (marketing-share.ts).
 */
export const qualificationNo = (adviser: { certificateNo: string | null }) => adviser.certificateNo ?? '';

/** The timeline's rows of a customer's reads of one material (`material_open` behaviours). */
export const readsOf = (customerId: number, materialId: number): SQL =>
  and(
    eq(mktBehaviours.customerId, customerId),
    eq(mktBehaviours.kind, 'material_open'),
    eq(mktBehaviours.sourceId, String(materialId)),
  )!;

async function forwardOf(db: Db, token: string) {
  const [row] = await db
    .select({
      forward: mktForwards,
      material: mktMaterials,
      adviser: { name: users.realName, certificateNo: users.certificateNo },
    })
    .from(mktForwards)
    .innerJoin(mktMaterials, eq(mktMaterials.id, mktForwards.materialId))
    .innerJoin(users, eq(users.id, mktForwards.adviserId))
    .where(eq(mktForwards.token, token));
  return row ?? null;
}

/** GET /share/material: what the customer sees (no adviser data beyond the card); records the open's start. */
export async function shareMaterial(
  db: Db,
  token: string,
  openKey: string | undefined,
  inWechat: boolean,
  now: Date,
): Promise<ShareMaterial | null> {
  const row = await forwardOf(db, token);
  if (!row) return null;
  const m = row.material;
  const [products, pages] = await Promise.all([productsOf(db, [m.id]), pagesOf(db, [m.id])]);
  if (openKey) {
    await db
      .insert(mktForwardOpens)
      .values({ forwardId: row.forward.id, openKey, inWechat, openedAt: now, lastBeaconAt: now })
      .onConflictDoNothing();
  }
  const ps = products.get(m.id) ?? [];
  return {
    kind: m.kind,
    title: m.title,
    html: m.html,
    image_url: m.imageUrl,
    pages: pages.get(m.id) ?? null,
    review_no: m.reviewNo,
    pdf_url: pages.has(m.id) ? `/market_map_url/share/pdf?token=${token}` : null,
    products: ps.map(productBrief),
    disclosures: ps.length ? [...FUND_DISCLOSURES] : [],
    adviser: { name: row.adviser.name, qualification_no: qualificationNo(row.adviser) },
  };
}

export async function sharePdfMaterialId(db: Db, token: string): Promise<number | null> {
  const row = await forwardOf(db, token);
  return row?.material.id ?? null;
}

/**
 * POST /share/read: folds a batch of beacons into the reading session (seconds and depth only grow,
 * seconds bounded by the server's own clock since the open), and the fold that passes 30 s writes
 * the material_open behaviour and hands it to the card engine, exactly once (the open row is locked).
 */
export async function recordRead(
  db: Db,
  engine: Engine,
  body: ReadBeaconRequest,
  now: Date,
): Promise<ReadResult | null> {
  const row = await forwardOf(db, body.token);
  if (!row) return null;
  const { forward: f, material: m } = row;
  const outcome = await db.transaction(async (tx) => {
    await tx
      .insert(mktForwardOpens)
      .values({ forwardId: f.id, openKey: body.open_key, inWechat: body.in_wechat, openedAt: now, lastBeaconAt: now })
      .onConflictDoNothing();
    const [open] = await tx
      .select()
      .from(mktForwardOpens)
      .where(and(eq(mktForwardOpens.forwardId, f.id), eq(mktForwardOpens.openKey, body.open_key)))
      .for('update');
    const wall = Math.max(0, (now.getTime() - open!.openedAt.getTime()) / 1000) + READ_SLACK_SECONDS;
    const beacons = body.beacons.map((b) => ({ seconds: Math.min(b.seconds, wall), depth: b.depth }));
    const { next, becameSignal } = foldBeacons(
      { seconds: open!.seconds, maxScroll: open!.maxScroll, behaviourAt: open!.behaviourAt },
      beacons,
      now,
    );
    await tx
      .update(mktForwardOpens)
      .set({ seconds: next.seconds, maxScroll: next.maxScroll, behaviourAt: next.behaviourAt, lastBeaconAt: now })
      .where(eq(mktForwardOpens.id, open!.id));
    const title = `阅读《${m.title}》${describeRead(next.seconds, next.maxScroll).replace(/^阅读 /, ' ')}`;
    const values = { seconds: next.seconds, scrollDepth: next.maxScroll, title };
    let behaviourId: number | null = null;
    if (becameSignal) {
      const [b] = await tx
        .insert(mktBehaviours)
        .values({ customerId: f.customerId, kind: 'material_open', sourceId: String(m.id), occurredAt: now, ...values })
        .returning({ id: mktBehaviours.id });
      behaviourId = b!.id;
    } else if (next.behaviourAt && (next.seconds !== open!.seconds || next.maxScroll !== open!.maxScroll)) {
      // The timeline shows the whole read: a read that goes on after it became a signal keeps its row up to date,
      // and so does the card's reason (the card and the radar read the same seconds: the latest).
      const updated = await tx
        .update(mktBehaviours)
        .set(values)
        .where(and(readsOf(f.customerId, m.id), eq(mktBehaviours.occurredAt, next.behaviourAt)))
        .returning({ id: mktBehaviours.id });
      if (updated.length)
        await tx
          .update(mktSignals)
          .set({ title })
          .where(
            inArray(
              mktSignals.factKey,
              updated.map((b) => `${READ_FACT_PREFIX}${b.id}`),
            ),
          );
    }
    return { next, behaviourId, title };
  });
  if (outcome.behaviourId !== null) {
    await engine.evaluate(
      [
        {
          kind: 'behaviour',
          id: outcome.behaviourId,
          customerId: f.customerId,
          behaviour: 'material_open',
          title: outcome.title,
          minutes: null,
          seconds: outcome.next.seconds,
          productId: null,
          occurredAt: now,
        },
      ],
      now,
    );
  }
  return { seconds: outcome.next.seconds, max_scroll: outcome.next.maxScroll };
}
