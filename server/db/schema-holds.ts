import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { POLICY_HOLD_STATES, type PolicyHoldState } from '../../src/api/contract/policy-holds';
import { users } from './schema-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Texts the content policy held for a reviewer (an uncertain promise): one row per held subject
 * (`question:12`, `leave_message:5`, `answer:3`, `material:7`), whatever table the text lives in.
 * While a subject has a row that is not `approved`, it reaches nobody but its writer (docs/compliance.md).
 */
export const policyHolds = pgTable(
  'policy_holds',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    /** The policy place (question, leave_message, answer, article, material). */
    place: text('place').notNull(),
    /** Who wrote it; null for a guest's leave-message. */
    writerId: integer('writer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The text as held, for the reviewer to read. */
    content: text('content').notNull(),
    /** The rule and the words that made the policy hold it, and the reason the writer reads. */
    rule: text('rule').notNull(),
    word: text('word').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: POLICY_HOLD_STATES }).$type<PolicyHoldState>().notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    /** The reviewer's words on a rejection (the writer reads them). */
    decisionReason: text('decision_reason'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('policy_holds_subject_idx').on(t.subject), index('policy_holds_status_idx').on(t.status, t.id)],
);
