import { and, asc, desc, eq, inArray, not, or, sql } from 'drizzle-orm';

import type { ChatMessage } from '../../src/api/contract/chat-room';
import type { InteractAuth, LeaveMessage, LiveMinute, LiveProduct } from '../../src/api/contract/live-room';
import { liveStatusAt } from '../../src/api/contract/live-rules';
import type { LiveStatus, PresenterDetail, SubscribeResult } from '../../src/api/contract/lives';
import { maskName } from '../../src/api/contract/mask';
import { maskPersonalNumbers } from '../../src/lib/content-policy';
import { keepNewest } from '../../src/lib/keep-newest';
import type { Db } from '../db/client';
import {
  interactAuths,
  leaveMessages,
  liveInteractRules,
  liveMessages,
  liveMinutes,
  livePresenters,
  liveProducts,
  lives,
  mktProducts,
  playbacks,
  policyHolds,
  presenters,
  storeProducts,
  subscriptions,
} from '../db/schema';
import { keepVisible, type PrivateViewer } from '../materials/private-visibility';
import type { ProductRisk } from '../suitability/suitability';
import { holdOf, markOf, withheld } from './policy-holds';

/** Replay joins of one viewer this close together are one viewing. */
export const REPLAY_VIEWING_MS = 30 * 60_000;

/** How many messages a room answers with: the latest ones, oldest first. */
export const ROOM_MESSAGE_LIMIT = 50;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export interface Subscriber {
  employeeId: string;
  realName: string;
  unionId: string | null;
}

/**
 * How long a server reuses what it read of a room's live (its id, times and replay count). Every heartbeat and
 * online poll of a live needs it, thousands a second in a large live, and it changes only when staff move a
 * live's times: another server's change shows within this time. The status itself is computed from the times at
 * each request, so a live still starts and ends to the millisecond.
 */
export const ROOM_LIVE_REUSE_MS = 1_000;
/** Rooms remembered per server; the oldest read goes first (unknown rooms are remembered too, as none). */
const ROOM_LIVES_KEPT = 1_024;

interface RoomLive {
  id: number;
  roomId: string;
  startTime: Date;
  endTime: Date;
  playbackCount: number;
}

/** The live room's data: subscriptions, presenters, products, minutes, messages, authentication. */
export function createLiveRoomRepository(db: Db) {
  const roomLives = new Map<string, { live: RoomLive | null; readAt: number }>();

  /** The lives owning these rooms, read again only for rooms not read in the last ROOM_LIVE_REUSE_MS. */
  async function roomLivesAt(roomIds: string[], now: Date): Promise<Map<string, RoomLive>> {
    const t = now.getTime();
    const out = new Map<string, RoomLive>();
    const stale: string[] = [];
    for (const roomId of roomIds) {
      const kept = roomLives.get(roomId);
      if (kept && kept.readAt <= t && t - kept.readAt < ROOM_LIVE_REUSE_MS) {
        if (kept.live) out.set(roomId, kept.live);
      } else stale.push(roomId);
    }
    if (stale.length === 0) return out;
    const rows = await db
      .select({
        id: lives.id,
        roomId: lives.roomId,
        startTime: lives.startTime,
        endTime: lives.endTime,
        playbackCount: lives.playbackCount,
      })
      .from(lives)
      .where(inArray(lives.roomId, stale));
    for (const roomId of stale) {
      const live = rows.find((r) => r.roomId === roomId) ?? null;
      keepNewest(roomLives, roomId, { live, readAt: t }, ROOM_LIVES_KEPT);
      if (live) out.set(roomId, live);
    }
    return out;
  }

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

  const playbackCountOf = async (liveId: number) => {
    const [row] = await db.select({ n: lives.playbackCount }).from(lives).where(eq(lives.id, liveId));
    return row?.n ?? 0;
  };
  const subscriberCount = async (liveId: number) => {
    const [row] = await db.select({ n: lives.subscriberCount }).from(lives).where(eq(lives.id, liveId));
    return row?.n ?? 0;
  };

  return {
    async liveTimes(id: number) {
      const [row] = await db
        .select({
          id: lives.id,
          roomId: lives.roomId,
          title: lives.title,
          startTime: lives.startTime,
          endTime: lives.endTime,
        })
        .from(lives)
        .where(eq(lives.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * What a heartbeat needs of its room's live in one read: the times its status comes from and the replay count it
     * answers with. Heartbeats are most of a live's traffic, so this is the only database read a guest's makes.
     */
    async roomLive(roomId: string, now: Date): Promise<RoomLive | null> {
      return (await roomLivesAt([roomId], now)).get(roomId) ?? null;
    },

    /** The replay count alone (a trigger keeps it with the playbacks). */
    playbackCount: playbackCountOf,

    /** Lives owning these rooms, with their status now: the online poll carries it. */
    async livesByRoom(roomIds: string[], now: Date): Promise<Map<string, { numIndex: number; status: LiveStatus }>> {
      const out = new Map<string, { numIndex: number; status: LiveStatus }>();
      if (roomIds.length === 0) return out;
      for (const r of (await roomLivesAt(roomIds, now)).values())
        out.set(r.roomId, {
          numIndex: r.id,
          status: liveStatusAt(r.startTime.getTime(), r.endTime.getTime(), now.getTime()),
        });
      return out;
    },

    /** Subscribe (on) or cancel; unique per user and live, so repeating either is harmless. */
    async setSubscription(liveId: number, who: Subscriber, on: boolean, now: Date): Promise<SubscribeResult> {
      if (on) {
        await db
          .insert(subscriptions)
          .values({ liveId, employeeId: who.employeeId, realName: who.realName, unionId: who.unionId, createdAt: now })
          .onConflictDoNothing();
      } else {
        await db
          .delete(subscriptions)
          .where(and(eq(subscriptions.liveId, liveId), eq(subscriptions.employeeId, who.employeeId)));
      }
      return { num_index: liveId, is_subscribe: on ? 1 : 0, subscribe_number: await subscriberCount(liveId) };
    },

    async presenters(liveId: number): Promise<PresenterDetail[]> {
      return db
        .select({
          id: presenters.id,
          name: presenters.name,
          avatar: presenters.avatar,
          title: presenters.title,
          bio: presenters.bio,
        })
        .from(livePresenters)
        .innerJoin(presenters, eq(presenters.id, livePresenters.presenterId))
        .where(eq(livePresenters.liveId, liveId))
        .orderBy(asc(livePresenters.position));
    },

    async counts(liveId: number, roomId: string) {
      const [messages, leaves, plays] = await Promise.all([
        db.$count(liveMessages, eq(liveMessages.roomId, roomId)),
        db.$count(
          leaveMessages,
          and(eq(leaveMessages.liveId, liveId), not(withheld('leave_message', leaveMessages.id))),
        ),
        playbackCountOf(liveId),
      ]);
      return { messages: Number(messages), leaves: Number(leaves), playbacks: Number(plays) };
    },

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

    async minutes(liveId: number): Promise<LiveMinute[]> {
      const rows = await db
        .select()
        .from(liveMinutes)
        .where(eq(liveMinutes.liveId, liveId))
        .orderBy(asc(liveMinutes.offsetSeconds));
      return rows.map((r) => ({ id: r.id, offset_seconds: r.offsetSeconds, title: r.title, summary: r.summary }));
    },

    /** The authentication a live requires before its room opens, if any; whether a viewer passes is the server's gate (private-access.ts). */
    async interactRequirement(liveId: number): Promise<InteractAuth['required']> {
      const [rule] = await db.select().from(liveInteractRules).where(eq(liveInteractRules.liveId, liveId)).limit(1);
      return rule?.authKind ?? null;
    },

    /** Who passed the gate and when (the compliance trail holds the declarations themselves). */
    async confirmInteractAuth(liveId: number, employeeId: string, now: Date): Promise<void> {
      await db.insert(interactAuths).values({ liveId, employeeId, confirmedAt: now }).onConflictDoNothing();
    },

    /**
     * One playback per viewing: a viewer's replay joins within REPLAY_VIEWING_MS of
     * their last counted one (a remount, back and forth, a retried request) are the same viewing.
     * Returns whether this join was counted.
     */
    async recordPlayback(liveId: number, viewerId: string, now: Date): Promise<boolean> {
      const since = new Date(now.getTime() - REPLAY_VIEWING_MS);
      // One statement, so the check and the insert see the same rows.
      const result = await db.execute<{ id: number }>(
        sql`insert into ${playbacks} (live_id, viewer_id, watched_at)
            select ${liveId}, ${viewerId}, ${now.toISOString()}::timestamptz
            where not exists (select 1 from ${playbacks} where ${playbacks.liveId} = ${liveId} and ${playbacks.viewerId} = ${viewerId} and ${playbacks.watchedAt} > ${since.toISOString()}::timestamptz)
            returning id`,
      );
      const counted = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
      // This server's next heartbeat answers with the count that includes this viewing.
      if (counted.length > 0)
        for (const [roomId, kept] of roomLives) if (kept.live?.id === liveId) roomLives.delete(roomId);
      return counted.length > 0;
    },

    /** The room's latest chat and leave-messages together, oldest first. */
    async roomMessages(liveId: number, roomId: string): Promise<ChatMessage[]> {
      const [chats, leaves] = await Promise.all([
        db
          .select()
          .from(liveMessages)
          .where(eq(liveMessages.roomId, roomId))
          .orderBy(desc(liveMessages.id))
          .limit(ROOM_MESSAGE_LIMIT),
        // A held leave-message reaches nobody but its writer (who reads it in the message list).
        db
          .select()
          .from(leaveMessages)
          .where(and(eq(leaveMessages.liveId, liveId), not(withheld('leave_message', leaveMessages.id))))
          .orderBy(desc(leaveMessages.id))
          .limit(ROOM_MESSAGE_LIMIT),
      ]);
      const all: ChatMessage[] = [
        ...chats.map((m): ChatMessage => ({
          id: `c${m.id}`,
          kind: 'chat',
          sender_name: m.senderName,
          sender_role: m.senderRole,
          content: m.content,
          created_at: seconds(m.createdAt),
        })),
        ...leaves.map((m): ChatMessage => ({
          id: `l${m.id}`,
          kind: 'leave',
          // A public list: the writer's name masked (张*明), as every list shows a person.
          sender_name: m.realName ? maskName(m.realName) : '游客',
          sender_role: 'viewer',
          content: m.content,
          created_at: seconds(m.createdAt),
        })),
      ];
      all.sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
      return all.slice(-ROOM_MESSAGE_LIMIT);
    },

    async leaveMessage(
      liveId: number,
      employeeId: string,
      realName: string,
      content: string,
      now: Date,
    ): Promise<LeaveMessage> {
      const [row] = await db
        .insert(leaveMessages)
        .values({ liveId, employeeId, realName, content, createdAt: now })
        .returning();
      return {
        id: row!.id,
        num_index: liveId,
        real_name: row!.realName,
        content: row!.content,
        created_at: seconds(row!.createdAt),
        hold: null,
      };
    },

    /**
     * A live's messages as one viewer reads them: the public ones, and the viewer's own held or rejected
     * ones with their mark (待合规审核 / 未通过); `viewer` '' (a guest) reads only the public ones.
     */
    async leaveMessages(liveId: number, viewer = ''): Promise<{ list: LeaveMessage[]; total: number }> {
      const shown = and(
        eq(leaveMessages.liveId, liveId),
        viewer
          ? or(not(withheld('leave_message', leaveMessages.id)), eq(leaveMessages.employeeId, viewer))
          : not(withheld('leave_message', leaveMessages.id)),
      );
      const [rows, total] = await Promise.all([
        db
          .select({ m: leaveMessages, h: policyHolds })
          .from(leaveMessages)
          .leftJoin(policyHolds, holdOf('leave_message', leaveMessages.id))
          .where(shown)
          .orderBy(desc(leaveMessages.id))
          .limit(ROOM_MESSAGE_LIMIT),
        db.$count(leaveMessages, shown),
      ]);
      return {
        total: Number(total),
        // Anyone may read a live's messages: names masked (张*明), never the full legal name.
        list: rows.map(({ m: r, h }) => ({
          id: r.id,
          num_index: liveId,
          real_name: r.realName ? maskName(r.realName) : '',
          // Masked on write already; masked again on read, so a message stored before a rule existed is covered.
          content: maskPersonalNumbers(r.content),
          created_at: seconds(r.createdAt),
          hold: markOf(h),
        })),
      };
    },
  };
}
