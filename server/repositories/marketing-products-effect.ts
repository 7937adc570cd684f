import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import { liveStatusAt } from '../../src/api/contract/live-rules';
import { MARKET_PAGE_MAX } from '../../src/api/contract/market-map-constants';
import type {
  EffectPage,
  EffectQuery,
  IdleBalance,
  MoneyFundPage,
  MoneyFundQuery,
} from '../../src/api/contract/market-map-products';
import { maskName } from '../../src/api/contract/mask';
import type { Db } from '../db/client';
import {
  lives,
  mktBehaviours,
  mktCustomers,
  mktHoldings,
  mktLiveWatches,
  mktProductNavs,
  mktProducts,
  subscriptions,
  users,
} from '../db/schema';
import { decodeCursor, encodeCursor, maskedCustomer } from './marketing-map';

const DAY = 86_400_000;
const limitOf = (n: number | undefined) => Math.min(n ?? 20, MARKET_PAGE_MAX);
/** Lives that ended more than this long ago are no longer "ongoing-term" projects. */
const PROJECT_WINDOW_DAYS = 30;
const HOME_CATEGORY_ID = 32;

/** GET /monetary-fund/index: my customers' money-fund positions (idle cash), largest first, keyset on (idle, id). */
export async function moneyFund(db: Db, adviserId: number, q: MoneyFundQuery, now: Date): Promise<MoneyFundPage> {
  const limit = limitOf(q.limit);
  const c = decodeCursor(q.cursor);
  const idle = sql<number>`sum(${mktHoldings.cost})::float8`;
  const base = db
    .select({ customerId: mktHoldings.customerId, idle: idle.as('idle') })
    .from(mktHoldings)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktHoldings.customerId))
    .innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId))
    .where(and(eq(mktCustomers.adviserId, adviserId), eq(mktProducts.kind, 'money_fund')))
    .groupBy(mktHoldings.customerId)
    .as('b');
  const after = c ? or(lt(base.idle, c.a), and(eq(base.idle, c.a), lt(base.customerId, c.id))) : undefined;
  const [rows, [totals = { n: 0, sum: 0 }], yields] = await Promise.all([
    db
      .select({ customerId: base.customerId, idle: base.idle })
      .from(base)
      .where(after)
      .orderBy(desc(base.idle), desc(base.customerId))
      .limit(limit + 1),
    db.select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${base.idle}), 0)::float8` }).from(base),
    latestYields(db, now),
  ]);
  const shown = rows.slice(0, limit);
  const ids = shown.map((r) => r.customerId);
  const [customers, funds] = ids.length
    ? await Promise.all([
        db.select().from(mktCustomers).where(inArray(mktCustomers.id, ids)),
        db
          .select({
            customerId: mktHoldings.customerId,
            productId: mktProducts.id,
            name: mktProducts.name,
            amount: mktHoldings.cost,
          })
          .from(mktHoldings)
          .innerJoin(mktProducts, eq(mktProducts.id, mktHoldings.productId))
          .where(and(inArray(mktHoldings.customerId, ids), eq(mktProducts.kind, 'money_fund')))
          .orderBy(desc(mktHoldings.cost)),
      ])
    : [[], []];
  const byId = new Map(customers.map((x) => [x.id, x]));
  const yieldOf = new Map(yields.map((y) => [y.product_id, y.yield_7d]));
  const list: IdleBalance[] = shown.map((r) => {
    const cust = byId.get(r.customerId)!;
    const aum = Number(cust.aum);
    return {
      customer: maskedCustomer(cust, now),
      idle: Number(r.idle),
      idle_share: aum > 0 ? Math.min(1, Math.round((Number(r.idle) / aum) * 1000) / 1000) : 0,
      funds: funds
        .filter((f) => f.customerId === r.customerId)
        .map((f) => ({
          product_id: f.productId,
          name: f.name,
          amount: Number(f.amount),
          yield_7d: yieldOf.get(f.productId) ?? null,
        })),
      days_since_contact: cust.lastContactAt ? Math.floor((now.getTime() - cust.lastContactAt.getTime()) / DAY) : null,
    };
  });
  const last = shown[shown.length - 1];
  return {
    list,
    next_cursor: rows.length > limit && last ? encodeCursor(Number(last.idle), last.customerId) : null,
    total: Number(totals.n),
    idle_total: Number(totals.sum),
    yields,
  };
}

/** Each money fund's newest 7-day yield up to today. */
async function latestYields(db: Db, now: Date) {
  const today = businessDate(now);
  const rows = await db
    .selectDistinctOn([mktProductNavs.productId], {
      product_id: mktProductNavs.productId,
      name: mktProducts.name,
      day: mktProductNavs.day,
      y: mktProductNavs.yield7d,
    })
    .from(mktProductNavs)
    .innerJoin(mktProducts, eq(mktProducts.id, mktProductNavs.productId))
    .where(and(eq(mktProducts.kind, 'money_fund'), sql`${mktProductNavs.day} <= ${today}`))
    .orderBy(mktProductNavs.productId, desc(mktProductNavs.day));
  return rows.map((r) => ({ product_id: r.product_id, name: r.name, day: r.day, yield_7d: r.y ?? 0 }));
}

type Engagement = { customerId: number; name: string; watch: number; subscribe: boolean; questions: number };

/**
 * GET /chance/effect-list-projects: lives and meetings on now, coming, or ended in the last 30 days
 * (live first, then by end time, newest first), each with what my customers did: viewers (a watch
 * behaviour or a presence-built watch), subscribers (a subscribe behaviour or a subscription by their
 * app account) and questions asked.
 */
export async function effectProjects(db: Db, adviserId: number, q: EffectQuery, now: Date): Promise<EffectPage> {
  const limit = limitOf(q.limit);
  const c = decodeCursor(q.cursor);
  const nowIso = now.toISOString();
  // Ascending key: live now (bucket 0) before the rest, then the later end first; ms fit a float8 exactly.
  const key = sql<number>`((case when ${lives.startTime} <= ${nowIso} and ${lives.endTime} > ${nowIso} then 0 else 1 end) * 1e13 + (9e12 - extract(epoch from ${lives.endTime}) * 1000))::float8`;
  const where = gte(lives.endTime, new Date(now.getTime() - PROJECT_WINDOW_DAYS * DAY));
  const after = c ? or(sql`${key} > ${c.a}`, and(sql`${key} = ${c.a}`, sql`${lives.id} > ${c.id}`)) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ live: lives, k: key.as('k') })
      .from(lives)
      .where(after ? and(where, after) : where)
      .orderBy(asc(key), asc(lives.id))
      .limit(limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(lives)
      .where(where),
  ]);
  const shown = rows.slice(0, limit);
  const effect = await engagement(
    db,
    adviserId,
    shown.map((r) => r.live),
  );
  const last = shown[shown.length - 1];
  return {
    list: shown.map(({ live }) => {
      const status = liveStatusAt(live.startTime.getTime(), live.endTime.getTime(), now.getTime());
      const length = (live.endTime.getTime() - live.startTime.getTime()) / 60_000;
      // Coming: only who booked. On or ended: who watched (never longer than the live ran) and asked.
      const people = [...(effect.get(live.id)?.values() ?? [])]
        .filter((p) => status !== 2 || p.subscribe)
        .map((p) => (status === 2 ? { ...p, watch: 0, questions: 0 } : { ...p, watch: Math.min(p.watch, length) }));
      const top = people
        .sort(
          (a, b) =>
            b.questions * 30 +
              b.watch +
              Number(b.subscribe) * 5 -
              (a.questions * 30 + a.watch + Number(a.subscribe) * 5) || a.customerId - b.customerId,
        )
        .slice(0, 3)
        .map((p) => ({
          customer_id: p.customerId,
          display_name: maskName(p.name),
          what: p.questions ? `提问 ${p.questions} 次` : p.watch ? `观看 ${Math.round(p.watch)} 分钟` : '已预约',
        }));
      return {
        live_id: live.id,
        kind: live.categoryId === HOME_CATEGORY_ID ? ('live' as const) : ('meeting' as const),
        title: live.title,
        status,
        start_time: Math.floor(live.startTime.getTime() / 1000),
        end_time: Math.floor(live.endTime.getTime() / 1000),
        viewers: people.filter((p) => p.watch > 0).length,
        subscribers: people.filter((p) => p.subscribe).length,
        questions: people.reduce((n, p) => n + p.questions, 0),
        top,
      };
    }),
    next_cursor: rows.length > limit && last ? encodeCursor(Number(last.k), last.live.id) : null,
    total: Number(total),
  };
}

/** Per live, my customers' engagement, from behaviours, presence-built watches and app subscriptions. */
async function engagement(
  db: Db,
  adviserId: number,
  shown: Array<typeof lives.$inferSelect>,
): Promise<Map<number, Map<number, Engagement>>> {
  const out = new Map<number, Map<number, Engagement>>();
  if (!shown.length) return out;
  const bySource = new Map(shown.map((l) => [`live:${l.id}`, l.id]));
  const byRoom = new Map(shown.map((l) => [l.roomId, l.id]));
  const mine = eq(mktCustomers.adviserId, adviserId);
  const [behaviours, watches, subs] = await Promise.all([
    db
      .select({
        customerId: mktBehaviours.customerId,
        name: mktCustomers.name,
        kind: mktBehaviours.kind,
        sourceId: mktBehaviours.sourceId,
        minutes: mktBehaviours.minutes,
      })
      .from(mktBehaviours)
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktBehaviours.customerId))
      .where(
        and(
          mine,
          inArray(mktBehaviours.sourceId, [...bySource.keys()]),
          inArray(mktBehaviours.kind, ['live_watch', 'live_question', 'live_subscribe']),
        ),
      ),
    db
      .select({
        customerId: mktLiveWatches.customerId,
        name: mktCustomers.name,
        roomId: mktLiveWatches.roomId,
        minutes: sql<number>`(extract(epoch from ${mktLiveWatches.lastSeenAt} - ${mktLiveWatches.startedAt}) / 60)::float8`,
      })
      .from(mktLiveWatches)
      .innerJoin(mktCustomers, eq(mktCustomers.id, mktLiveWatches.customerId))
      .where(and(mine, inArray(mktLiveWatches.roomId, [...byRoom.keys()]))),
    db
      .select({ customerId: mktCustomers.id, name: mktCustomers.name, liveId: subscriptions.liveId })
      .from(subscriptions)
      .innerJoin(users, eq(users.employeeId, subscriptions.employeeId))
      .innerJoin(mktCustomers, eq(mktCustomers.userId, users.id))
      .where(
        and(
          mine,
          inArray(
            subscriptions.liveId,
            shown.map((l) => l.id),
          ),
        ),
      ),
  ]);
  const at = (liveId: number, customerId: number, name: string) => {
    const live = out.get(liveId) ?? new Map<number, Engagement>();
    out.set(liveId, live);
    const e = live.get(customerId) ?? { customerId, name, watch: 0, subscribe: false, questions: 0 };
    live.set(customerId, e);
    return e;
  };
  for (const b of behaviours) {
    const e = at(bySource.get(b.sourceId!)!, b.customerId, b.name);
    if (b.kind === 'live_watch') e.watch += Math.max(1, b.minutes ?? 1);
    else if (b.kind === 'live_question') e.questions += 1;
    else e.subscribe = true;
  }
  for (const w of watches) at(byRoom.get(w.roomId)!, w.customerId, w.name).watch += Math.max(1, Number(w.minutes));
  for (const s of subs) at(s.liveId, s.customerId, s.name).subscribe = true;
  return out;
}
