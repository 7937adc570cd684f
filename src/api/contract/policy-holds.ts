import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { Id } from './id';

/*
 * The held queue (docs/compliance.md, "Block, flag, pass"): a text the content policy is unsure of is
 * stored but reaches nobody but its writer until a reviewer other than the writer approves it on 审核台.
 */

export const POLICY_HOLD_STATES = ['held', 'approved', 'rejected'] as const;
export type PolicyHoldState = (typeof POLICY_HOLD_STATES)[number];

/** What the writer reads on a held text, and on one a reviewer rejected. */
export const HOLD_LABELS = { held: '待合规审核', rejected: '未通过' } as const;

/** The places whose texts can be held, with the noun the reviewer reads. */
export const HOLD_PLACE_LABELS: Readonly<Record<string, string>> = {
  question: '提问',
  leave_message: '留言',
  answer: '回答',
  article: '文章',
  material: '素材',
};

/** A writer's own held or rejected text carries this mark; null once approved (or never held). */
export const HoldMark = Type.Object({
  status: Type.Union([Type.Literal('held'), Type.Literal('rejected')]),
  label: Type.String(),
  /** The policy's reason, or the reviewer's words on a rejection. */
  reason: Type.String(),
});
export type HoldMark = Static<typeof HoldMark>;
export const NullableHoldMark = Type.Union([HoldMark, Type.Null()]);

export const PolicyHoldItem = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  place: Type.String(),
  place_label: Type.String(),
  content: Type.String(),
  /** The policy's reason for holding it. */
  message: Type.String(),
  writer: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  status: Type.Union(POLICY_HOLD_STATES.map((s) => Type.Literal(s))),
  created_at: Type.Integer(),
  /** Why this reviewer may not decide it (four eyes); null when they may. */
  four_eyes: Type.Union([Type.String(), Type.Null()]),
});
export type PolicyHoldItem = Static<typeof PolicyHoldItem>;

export const PolicyHoldListQuery = Type.Object(
  { status: Type.Optional(Type.Union(POLICY_HOLD_STATES.map((s) => Type.Literal(s)))) },
  { additionalProperties: false },
);
export type PolicyHoldListQuery = Static<typeof PolicyHoldListQuery>;
export const PolicyHoldList = Type.Object({ list: Type.Array(PolicyHoldItem) });
export type PolicyHoldList = Static<typeof PolicyHoldList>;
export const PolicyHoldListResponse = Envelope(PolicyHoldList);

export const PolicyHoldDecideRequest = Type.Object(
  {
    hold_id: Id,
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    reason: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type PolicyHoldDecideRequest = Static<typeof PolicyHoldDecideRequest>;
export const PolicyHoldItemResponse = Envelope(PolicyHoldItem);
