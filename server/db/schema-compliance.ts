import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { COMPLIANCE_EVENT_KINDS, type ComplianceEventKind } from '../../src/api/contract/compliance-events';
import { users } from './schema-core';
import { mktCustomers, mktProducts } from './schema-marketing';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The one audit trail a compliance officer reads: every suitability decision, forward, share
 * link, review decision (allowed or refused by the four-eyes rule), content-policy hit and
 * action-log read. Rows are only ever inserted; who acted comes from the session.
 */
export const complianceEvents = pgTable(
  'compliance_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: COMPLIANCE_EVENT_KINDS }).$type<ComplianceEventKind>().notNull(),
    /** The signed-in person who acted; null for a guest (a visitor's refused question). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The adviser the event concerns (the sender, the one being bound), for the adviser filter. */
    adviserId: integer('adviser_id').references(() => users.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => mktCustomers.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => mktProducts.id, { onDelete: 'set null' }),
    /** What was acted on, as `kind:id` (answer:12, member:5, material:3, share:9, question:-). */
    subject: text('subject').notNull(),
    /** allowed / refused / approved / returned / masked / sent / failed / read … */
    decision: text('decision').notNull(),
    /** A reason code or the reviewer's words; null when there is none. */
    reason: text('reason'),
    /** What the rule saw (levels, expiry, the matched words), never a full personal number. */
    detail: jsonb('detail')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    at: at('at').notNull(),
    /**
     * The hash chain (docs/compliance.md, "The trail cannot be quietly rewritten"): the row's place, the previous
     * row's hash and the SHA-256 of its own canonical content plus that hash (server/security/audit-chain.ts).
     * Null only on rows written before the chain existed, until the server seals them at start.
     */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    uniqueIndex('compliance_events_seq_idx').on(t.seq),
    index('compliance_events_at_idx').on(t.at),
    index('compliance_events_adviser_idx').on(t.adviserId, t.at),
    index('compliance_events_customer_idx').on(t.customerId, t.at),
    index('compliance_events_product_idx').on(t.productId, t.at),
    index('compliance_events_kind_idx').on(t.kind, t.at),
  ],
);

/**
 * One row per business day that had events: the last seq and hash of that day, written when the first event of the
 * next day is appended. A verifier holding an anchor proves nothing was cut from the end of that day onwards.
 */
export const complianceAnchors = pgTable('compliance_anchors', {
  day: date('day', { mode: 'string' }).primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
  at: at('at').notNull(),
});
