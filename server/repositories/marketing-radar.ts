import { and, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';

import { ADVISER_WORK_EVENT_NAMES } from '../../src/api/contract/adviser-work-constants';
import { businessDayStart } from '../../src/api/contract/dates';
import type {
  CustomerRadarPage,
  MaterialRadarPage,
  RadarRow,
  RadarSummary,
  WorkStats,
} from '../../src/api/contract/market-map-radar';
import { maskName } from '../../src/api/contract/mask';
import type { Db } from '../db/client';
import { mktCustomers, mktForwardOpens, mktForwards, mktMaterials, ownTrackingEvents, users } from '../db/schema';
import { secs } from './marketing-map';
import { findMaterial } from './marketing-materials';
import { findCustomer } from './marketing-people';

const PAGE = 20;
const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string | Date));

/** My forwards matching `where`, each with its reading sessions folded: opened first (newest open), then unopened. */
async function radarRows(db: Db, where: SQL, offset: number, limit: number) {
  const lastOpen = sql`max(${mktForwardOpens.openedAt})`;
  const rows = await db
    .select({
      forwardId: mktForwards.id,
      customerId: mktForwards.customerId,
      name: mktCustomers.name,
      materialId: mktForwards.materialId,
      title: mktMaterials.title,
      kind: mktMaterials.kind,
      sentAt: mktForwards.sentAt,
      channel: mktForwards.channel,
      sharedVia: mktForwards.sharedVia,
      opens: sql<number>`count(${mktForwardOpens.id})::int`,
      first: sql<unknown>`min(${mktForwardOpens.openedAt})`,
      last: sql<unknown>`${lastOpen}`,
      seconds: sql<number>`coalesce(sum(${mktForwardOpens.seconds}), 0)::int`,
      depth: sql<number>`coalesce(max(${mktForwardOpens.maxScroll}), 0)::float8`,
      wechat: sql<boolean>`coalesce(bool_or(${mktForwardOpens.inWechat}), false)`,
    })
    .from(mktForwards)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktForwards.customerId))
    .innerJoin(mktMaterials, eq(mktMaterials.id, mktForwards.materialId))
    .leftJoin(mktForwardOpens, eq(mktForwardOpens.forwardId, mktForwards.id))
    .where(where)
    .groupBy(mktForwards.id, mktCustomers.name, mktMaterials.title, mktMaterials.kind)
    .orderBy(sql`${lastOpen} desc nulls last`, desc(mktForwards.sentAt), desc(mktForwards.id))
    .offset(offset)
    .limit(limit + 1);
  const list: RadarRow[] = rows.slice(0, limit).map((r) => ({
    forward_id: r.forwardId,
    customer_id: r.customerId,
    display_name: maskName(r.name),
    material_id: r.materialId,
    material_title: r.title,
    material_kind: r.kind,
    forwarded_at: secs(r.sentAt)!,
    channel: r.channel,
    shared_via: r.sharedVia,
    opens: Number(r.opens),
    first_opened_at: secs(toDate(r.first)),
    last_opened_at: secs(toDate(r.last)),
    seconds: Number(r.seconds),
    max_scroll: Math.min(1, Math.round(Number(r.depth) * 1000) / 1000),
    in_wechat: Boolean(r.wechat),
  }));
  return { list, next_cursor: rows.length > limit ? String(offset + limit) : null };
}

async function radarSummary(db: Db, where: SQL): Promise<RadarSummary> {
  const perForward = db
    .select({
      id: mktForwards.id,
      sharedVia: mktForwards.sharedVia,
      opens: sql<number>`count(${mktForwardOpens.id})`.as('opens'),
      seconds: sql<number>`coalesce(sum(${mktForwardOpens.seconds}), 0)`.as('seconds'),
    })
    .from(mktForwards)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktForwards.customerId))
    .leftJoin(mktForwardOpens, eq(mktForwardOpens.forwardId, mktForwards.id))
    .where(where)
    .groupBy(mktForwards.id)
    .as('per_forward');
  const [s] = await db
    .select({
      // 已送达: only what WeCom confirmed (a pending or failed send is not a delivery).
      forwards: sql<number>`count(*) filter (where ${perForward.sharedVia} is not null and ${perForward.sharedVia} not like '%:fail')::int`,
      opened: sql<number>`count(*) filter (where ${perForward.opens} > 0)::int`,
      opens: sql<number>`coalesce(sum(${perForward.opens}), 0)::int`,
      seconds: sql<number>`coalesce(sum(${perForward.seconds}), 0)::int`,
    })
    .from(perForward);
  const opened = Number(s?.opened ?? 0);
  return {
    forwards: Number(s?.forwards ?? 0),
    opened,
    opens: Number(s?.opens ?? 0),
    avg_seconds: opened ? Math.round(Number(s!.seconds) / opened) : 0,
  };
}

const offsetOf = (cursor: string | undefined) => (cursor && /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0);

/** GET /chance/file/radar: null when the material is not one this adviser may see. */
export async function materialRadar(
  db: Db,
  adviserId: number,
  q: { fileId: number; cursor?: string; limit?: number },
): Promise<MaterialRadarPage | null> {
  const m = await findMaterial(db, adviserId, q.fileId);
  if (!m) return null;
  // Only my customers' reads: a customer moved to another adviser takes their history along.
  const where = and(
    eq(mktForwards.adviserId, adviserId),
    eq(mktForwards.materialId, m.id),
    eq(mktCustomers.adviserId, adviserId),
  )!;
  const [page, summary] = await Promise.all([
    radarRows(db, where, offsetOf(q.cursor), q.limit ?? PAGE),
    radarSummary(db, where),
  ]);
  return { ...page, total: summary.forwards, material_id: m.id, title: m.title, summary };
}

/** GET /clue/radar: null when the customer is not mine. */
export async function customerRadar(
  db: Db,
  adviserId: number,
  q: { customer_id: number; cursor?: string; limit?: number },
): Promise<CustomerRadarPage | null> {
  const c = await findCustomer(db, adviserId, q.customer_id);
  if (!c) return null;
  const where = and(eq(mktForwards.adviserId, adviserId), eq(mktForwards.customerId, c.id))!;
  const [page, summary] = await Promise.all([
    radarRows(db, where, offsetOf(q.cursor), q.limit ?? PAGE),
    radarSummary(db, where),
  ]);
  return { ...page, total: summary.forwards, summary };
}

/** GET /chance-card/work-stats: today's advisor own-tracking rows filed under this adviser, by event name. */
export async function workStats(db: Db, adviserId: number, now: Date): Promise<WorkStats> {
  const since = businessDayStart(now);
  const [me] = await db
    .select({ uuid: users.uuid, employeeId: users.employeeId })
    .from(users)
    .where(eq(users.id, adviserId));
  const counts: Record<string, number> = Object.fromEntries(ADVISER_WORK_EVENT_NAMES.map((n) => [n, 0]));
  if (me) {
    const rows = await db
      .select({ name: ownTrackingEvents.name, n: sql<number>`count(*)::int` })
      .from(ownTrackingEvents)
      .where(
        and(
          gte(ownTrackingEvents.receivedAt, since),
          eq(ownTrackingEvents.variant, 'advisor'),
          inArray(ownTrackingEvents.userid, [me.employeeId, me.uuid]),
          inArray(ownTrackingEvents.name, [...ADVISER_WORK_EVENT_NAMES]),
        ),
      )
      .groupBy(ownTrackingEvents.name);
    for (const r of rows) counts[r.name] = Number(r.n);
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { since: secs(since)!, total, counts };
}
