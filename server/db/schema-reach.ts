import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { users } from './schema-core';
import { mktCards, mktClues, mktCustomers } from './schema-marketing';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every call or message an adviser starts to a customer or a clue's visitor: the audit of who was
 * reached, when and how it went. A call row holds only the hash of its one-time bridge token; the
 * number it dials is read from the customer or clue when the bridge is used, never stored here.
 */
export const mktReachContacts = pgTable(
  'mkt_reach_contacts',
  {
    id: serial('id').primaryKey(),
    adviserId: integer('adviser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['call', 'message'] }).notNull(),
    cardId: integer('card_id').references(() => mktCards.id, { onDelete: 'set null' }),
    clueId: integer('clue_id').references(() => mktClues.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => mktCustomers.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash'),
    expiresAt: at('expires_at'),
    bridgedAt: at('bridged_at'),
    outcome: text('outcome'),
    note: text('note').notNull().default(''),
    outcomeAt: at('outcome_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('mkt_reach_contacts_adviser_idx').on(t.adviserId, t.createdAt),
    index('mkt_reach_contacts_token_idx').on(t.tokenHash),
  ],
);
