import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';

import type { ReachContact, ReachOutcome } from '../../src/api/contract/market-map-reach';
import { maskName, maskPhone } from '../../src/api/contract/mask';
import type { Db } from '../db/client';
import { mktCards, mktClues, mktCustomers, mktReachContacts } from '../db/schema';
import { tokenHash } from '../security/token-hash';

/** A call link is for the tap that asked for it: a few minutes, once. */
export const CALL_LINK_TTL_S = 300;

export interface ReachTarget {
  card_id?: number;
  clue_id?: number;
  customer_id?: number;
}

/** Who is reached, resolved within this adviser's book (another adviser's card, clue or customer is null). */
interface Resolved {
  cardId: number | null;
  clueId: number | null;
  customerId: number | null;
  name: string;
  phone: string;
}

export async function resolve(db: Db, adviserId: number, t: ReachTarget): Promise<Resolved | null> {
  if (t.clue_id !== undefined) {
    const [c] = await db
      .select()
      .from(mktClues)
      .where(and(eq(mktClues.id, t.clue_id), eq(mktClues.adviserId, adviserId)));
    return c ? { cardId: null, clueId: c.id, customerId: c.customerId, name: c.name, phone: c.phone } : null;
  }
  let customerId = t.customer_id;
  let cardId: number | null = null;
  if (t.card_id !== undefined) {
    const [card] = await db
      .select({ id: mktCards.id, customerId: mktCards.customerId })
      .from(mktCards)
      .where(and(eq(mktCards.id, t.card_id), eq(mktCards.adviserId, adviserId)));
    if (!card) return null;
    cardId = card.id;
    customerId = card.customerId;
  }
  if (customerId === undefined) return null;
  const [c] = await db
    .select()
    .from(mktCustomers)
    .where(and(eq(mktCustomers.id, customerId), eq(mktCustomers.adviserId, adviserId)));
  return c ? { cardId, clueId: null, customerId: c.id, name: c.name, phone: c.phone } : null;
}

const secs = (d: Date) => Math.floor(d.getTime() / 1000);

function contactOf(r: typeof mktReachContacts.$inferSelect): ReachContact {
  return {
    contact_id: r.id,
    kind: r.kind,
    card_id: r.cardId,
    clue_id: r.clueId,
    customer_id: r.customerId,
    outcome: (r.outcome as ReachOutcome | null) ?? null,
    note: r.note,
    started_at: secs(r.createdAt),
  };
}

export function createReachRepository(db: Db) {
  return {
    /** A one-time bridge token for this call; only its hash is kept. */
    async startCall(adviserId: number, target: ReachTarget, now: Date) {
      const who = await resolve(db, adviserId, target);
      if (!who) return null;
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now.getTime() + CALL_LINK_TTL_S * 1000);
      const [row] = await db
        .insert(mktReachContacts)
        .values({ adviserId, kind: 'call', ...ids(who), tokenHash: tokenHash(token), expiresAt, createdAt: now })
        .returning();
      return { row: row!, token, expiresAt, phoneMasked: maskPhone(who.phone), displayName: maskName(who.name) };
    },

    /**
     * The bridge's side: a valid, unused, unexpired token dials (here: is marked bridged) and is spent.
     * The number is read at this moment on the server, where the real bridge would dial it.
     */
    async bridge(token: string, now: Date) {
      const [row] = await db
        .update(mktReachContacts)
        .set({ bridgedAt: now })
        .where(
          and(
            eq(mktReachContacts.tokenHash, tokenHash(token)),
            eq(mktReachContacts.kind, 'call'),
            // Spent once: the update matches only while bridged_at is still empty.
            isNull(mktReachContacts.bridgedAt),
          ),
        )
        .returning();
      if (!row || !row.expiresAt || row.expiresAt.getTime() <= now.getTime()) return null;
      return row;
    },

    /** `note`: the plain text the adviser chose to send (already through the content policy). */
    async startMessage(adviserId: number, target: ReachTarget, now: Date, note = '') {
      const who = await resolve(db, adviserId, target);
      if (!who || who.customerId === null) return null;
      const [row] = await db
        .insert(mktReachContacts)
        .values({ adviserId, kind: 'message', ...ids(who), note, createdAt: now })
        .returning();
      return { row: row!, customerId: who.customerId, displayName: maskName(who.name) };
    },

    /** One of this adviser's messages (null for another's, or a call). */
    async messageOf(adviserId: number, contactId: number) {
      const [row] = await db
        .select()
        .from(mktReachContacts)
        .where(
          and(
            eq(mktReachContacts.id, contactId),
            eq(mktReachContacts.adviserId, adviserId),
            eq(mktReachContacts.kind, 'message'),
          ),
        );
      return row ?? null;
    },

    /** The outcome goes on the contact (the clue's own last_outcome stays the handling's, a different vocabulary). */
    async recordOutcome(adviserId: number, callId: number, outcome: ReachOutcome, note: string, now: Date) {
      const [row] = await db
        .update(mktReachContacts)
        .set({ outcome, note, outcomeAt: now })
        .where(
          and(
            eq(mktReachContacts.id, callId),
            eq(mktReachContacts.adviserId, adviserId),
            eq(mktReachContacts.kind, 'call'),
          ),
        )
        .returning();
      if (!row) return null;
      if (row.customerId !== null && outcome === 'connected')
        await db.update(mktCustomers).set({ lastContactAt: now }).where(eq(mktCustomers.id, row.customerId));
      return contactOf(row);
    },

    async recent(adviserId: number, target: ReachTarget, limit = 5): Promise<ReachContact[] | null> {
      const who = await resolve(db, adviserId, target);
      if (!who) return null;
      const by =
        who.clueId !== null
          ? eq(mktReachContacts.clueId, who.clueId)
          : eq(mktReachContacts.customerId, who.customerId ?? -1);
      const rows = await db
        .select()
        .from(mktReachContacts)
        .where(and(eq(mktReachContacts.adviserId, adviserId), by))
        .orderBy(desc(mktReachContacts.createdAt), desc(mktReachContacts.id))
        .limit(limit);
      return rows.map(contactOf);
    },
  };
}

const ids = (w: Resolved) => ({ cardId: w.cardId, clueId: w.clueId, customerId: w.customerId });
