import { and, eq, gt, or, sql } from 'drizzle-orm';

import { maskPersonalNumbers } from '../../src/lib/content-policy';
import type { Db } from '../db/client';
import {
  leaveMessages,
  lives,
  mktBehaviours,
  mktCustomers,
  mktJobState,
  mktLiveWatches,
  roomPresence,
  users,
} from '../db/schema';
import { createEngine } from './engine';
import type { Fact } from './rules';
import { loadRules } from './rules-store';

/** A viewer whose heartbeats stop for longer than this has left: the next visit is a new watch. */
export const WATCH_GAP_MS = 90_000;
/** How often the server runs the scan: with a 60 s promise, 20 s leaves room for a slow pass. */
export const LIVE_SCAN_INTERVAL_MS = 20_000;
const LEAVE_CURSOR = 'live-scan:leave-message';

/**
 * Live-to-card. A periodic scan rather than a hook in the heartbeat and leave-message
 * handlers: those stay as fast as before and keep working if the marketing tables fail, the
 * scan batches every viewer of a pass into one engine call, and tests drive it by hand.
 * Viewers are matched to customers only through the user their heartbeat's token named (room_presence.user_id):
 * a guest's heartbeat counts in the room's number and never reaches a card, whatever id its body names.
 * Questions come from leave-messages, which are written under the session's user only.
 */
export function createLiveScan(db: Db) {
  const engine = createEngine(db);

  async function scan(now: Date): Promise<{ watches: number; questions: number; cards: number }> {
    const facts: Fact[] = [...(await watches(db, now)), ...(await questions(db, now))];
    const result = facts.length
      ? await engine.evaluate(facts, now)
      : { created: 0, stacked: 0, resurfaced: 0, signals: 0 };
    return {
      watches: facts.filter((f) => f.kind === 'behaviour' && f.behaviour === 'live_watch').length,
      questions: facts.filter((f) => f.kind === 'behaviour' && f.behaviour === 'live_question').length,
      cards: result.created + result.stacked + result.resurfaced,
    };
  }

  return { scan };
}

/** Customers watching a live long enough for a signal, each watch signalled once. */
async function watches(db: Db, now: Date): Promise<Fact[]> {
  const seen = await db
    .select({
      roomId: roomPresence.roomId,
      viewerId: roomPresence.viewerId,
      lastSeenAt: roomPresence.lastSeenAt,
      customerId: mktCustomers.id,
      adviserId: mktCustomers.adviserId,
      liveId: lives.id,
      title: lives.title,
    })
    .from(roomPresence)
    .innerJoin(users, and(eq(users.role, 'customer'), eq(users.id, roomPresence.userId)))
    .innerJoin(mktCustomers, eq(mktCustomers.userId, users.id))
    .innerJoin(lives, eq(lives.roomId, roomPresence.roomId))
    .where(gt(roomPresence.lastSeenAt, new Date(now.getTime() - WATCH_GAP_MS)));
  if (seen.length === 0) return [];
  const rules = await loadRules(
    db,
    seen.map((s) => s.adviserId),
  );
  const facts: Fact[] = [];
  for (const s of seen) {
    // A gap longer than WATCH_GAP_MS starts a new watch; otherwise the watch runs on.
    const [w] = await db
      .insert(mktLiveWatches)
      .values({
        roomId: s.roomId,
        viewerId: s.viewerId,
        customerId: s.customerId,
        startedAt: s.lastSeenAt,
        lastSeenAt: s.lastSeenAt,
      })
      .onConflictDoUpdate({
        target: [mktLiveWatches.roomId, mktLiveWatches.viewerId],
        set: {
          startedAt: sql`case when ${mktLiveWatches.lastSeenAt} < excluded.last_seen_at - interval '90 seconds' then excluded.started_at else ${mktLiveWatches.startedAt} end`,
          signalled: sql`case when ${mktLiveWatches.lastSeenAt} < excluded.last_seen_at - interval '90 seconds' then false else ${mktLiveWatches.signalled} end`,
          lastSeenAt: sql`greatest(${mktLiveWatches.lastSeenAt}, excluded.last_seen_at)`,
        },
      })
      .returning();
    if (!w || w.signalled) continue;
    const minutes = (w.lastSeenAt.getTime() - w.startedAt.getTime()) / 60_000;
    if (minutes < (rules.get(s.adviserId)?.thresholds.watch_minutes ?? 10)) continue;
    const shown = Math.floor(minutes);
    const [b] = await db
      .insert(mktBehaviours)
      .values({
        customerId: s.customerId,
        kind: 'live_watch',
        title: `正在观看直播《${s.title}》已 ${shown} 分钟`,
        minutes: shown,
        sourceId: `live:${s.liveId}`,
        occurredAt: now,
      })
      .returning();
    await db
      .update(mktLiveWatches)
      .set({ signalled: true })
      .where(and(eq(mktLiveWatches.roomId, s.roomId), eq(mktLiveWatches.viewerId, s.viewerId)));
    facts.push({
      kind: 'behaviour',
      id: b!.id,
      customerId: s.customerId,
      behaviour: 'live_watch',
      title: b!.title,
      minutes: shown,
      seconds: null,
      productId: null,
      occurredAt: now,
    });
  }
  return facts;
}

/** Questions left in lives since the last pass (leave-a-message is the viewer's way to ask). */
async function questions(db: Db, now: Date): Promise<Fact[]> {
  const [state] = await db.select().from(mktJobState).where(eq(mktJobState.name, LEAVE_CURSOR));
  const after = Number(state?.value ?? 0);
  const rows = await db
    .select({
      id: leaveMessages.id,
      content: leaveMessages.content,
      createdAt: leaveMessages.createdAt,
      liveId: lives.id,
      title: lives.title,
      customerId: mktCustomers.id,
    })
    .from(leaveMessages)
    .innerJoin(lives, eq(lives.id, leaveMessages.liveId))
    .leftJoin(
      users,
      and(
        eq(users.role, 'customer'),
        or(eq(users.employeeId, leaveMessages.employeeId), eq(users.uuid, leaveMessages.employeeId)),
      ),
    )
    .leftJoin(mktCustomers, eq(mktCustomers.userId, users.id))
    .where(gt(leaveMessages.id, after))
    .orderBy(leaveMessages.id)
    .limit(1000);
  if (rows.length === 0) return [];
  const last = rows[rows.length - 1]!.id;
  await db
    .insert(mktJobState)
    .values({ name: LEAVE_CURSOR, value: String(last), updatedAt: now })
    .onConflictDoUpdate({ target: mktJobState.name, set: { value: String(last), updatedAt: now } });
  const mine = rows.filter((r) => r.customerId !== null);
  if (mine.length === 0) return [];
  const inserted = await db
    .insert(mktBehaviours)
    .values(
      mine.map((r) => ({
        customerId: r.customerId!,
        kind: 'live_question' as const,
        // A customer's words on the adviser's card and timeline: personal numbers masked by the one policy.
        title: `直播《${r.title}》中提问：${maskPersonalNumbers(r.content).slice(0, 60)}`,
        text: maskPersonalNumbers(r.content),
        sourceId: `live:${r.liveId}`,
        occurredAt: r.createdAt,
      })),
    )
    .returning();
  return inserted.map((b) => ({
    kind: 'behaviour' as const,
    id: b.id,
    customerId: b.customerId,
    behaviour: 'live_question' as const,
    title: b.title,
    minutes: null,
    seconds: null,
    productId: null,
    occurredAt: b.occurredAt,
  }));
}
