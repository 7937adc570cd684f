import {
  type PersonalRuleCode,
  policyErrorCode,
  type PolicyHit,
  policyMessage,
  type PolicyPlace,
} from '../../src/api/contract/content-policy';
import { type PolicyVerdict, screenText } from '../../src/lib/content-policy';
import { readPinyin } from '../../src/lib/content-policy/pinyin-reader';
import { ApiError } from '../http/errors';
import type { ComplianceRepository, NewComplianceEvent } from '../repositories/compliance';
import { toSimplified } from './simplify';

/** Who wrote a text and what it is, for the compliance trail. */
export interface PolicyContext {
  place: PolicyPlace;
  /** The session's user; null for a guest. */
  actorId: number | null;
  /** The adviser the text concerns (the writer of an article, the sender of a material), for the officer's filter. */
  adviserId?: number | null;
  /** `kind:id` of what is written, or `kind:-` before it exists. */
  subject: string;
  /** Questions also refuse the store's sensitive words. */
  sensitiveWords?: boolean;
}

/** The part of the service deps the policy needs (a plugin passes its deps as they are). */
export interface PolicyDeps {
  repos: { compliance: ComplianceRepository };
  now: () => Date;
}

export type Masked = { rule: PersonalRuleCode; tail: string }[];
/** An uncertain promise the text carries: stored, but shown to nobody but its writer until a reviewer approves. */
export type Held = { hit: PolicyHit; message: string } | null;

/** What the trail keeps of a hit: the rule and the matched words, or for a number its kind and last four digits. */
function detailOf(place: PolicyPlace, hits: readonly PolicyHit[]) {
  return {
    place,
    matched: hits.map((h) => ('tail' in h ? { rule: h.rule, last4: h.tail } : { rule: h.rule, word: h.word })),
  };
}

/** What the policy decided about a text, by which rule, and what the trail keeps of the match. */
interface PolicyDecision {
  decision: 'refused' | 'masked' | 'held';
  reason: string;
  detail: NewComplianceEvent['detail'];
}

/** The one shape of a `policy_hit` trail row, whoever wrote the text and whatever was decided. */
export async function recordPolicyHit(
  deps: PolicyDeps,
  ctx: Omit<PolicyContext, 'sensitiveWords'>,
  { decision, reason, detail }: PolicyDecision,
): Promise<void> {
  await deps.repos.compliance.record({
    kind: 'policy_hit',
    actorId: ctx.actorId,
    adviserId: ctx.adviserId ?? null,
    subject: ctx.subject,
    decision,
    reason,
    detail,
    at: deps.now(),
  });
}

/** The verdict with OpenCC's full tables (the client matches with the generated subset of them), always by sound too. */
export const screen = (text: string, place: PolicyPlace, sensitiveWords = false): PolicyVerdict =>
  screenText(text, place, { pinyin: readPinyin, toSimplified, sensitiveWords });

/**
 * The content policy on a write path: a refusal is written to the trail and thrown as the 400 the
 * writer reads; otherwise the text to store comes back (numbers masked where the place keeps the
 * text) with what was masked, which the caller writes to the trail once the row has its id
 * (recordMasked).
 */
export async function enforce(
  deps: PolicyDeps,
  text: string,
  ctx: PolicyContext,
): Promise<{ text: string; masked: Masked; held: Held }> {
  const verdict = screen(text, ctx.place, ctx.sensitiveWords);
  if (verdict.kind === 'ok') return { text: verdict.text, masked: verdict.masked, held: verdict.held };
  return refuseHit(deps, verdict.hit, ctx);
}

/** Writes the refusal to the trail and throws the 400 that names the rule. */
export async function refuseHit(
  deps: PolicyDeps,
  hit: PolicyHit,
  ctx: Omit<PolicyContext, 'sensitiveWords'>,
): Promise<never> {
  await recordPolicyHit(deps, ctx, { decision: 'refused', reason: hit.rule, detail: detailOf(ctx.place, [hit]) });
  throw new ApiError(400, policyErrorCode(hit), policyMessage(hit, ctx.place));
}

/** One trail row for the numbers hidden in a stored text. */
export async function recordMasked(
  deps: PolicyDeps,
  masked: Masked,
  ctx: Omit<PolicyContext, 'sensitiveWords'>,
): Promise<void> {
  if (masked.length === 0) return;
  await recordPolicyHit(deps, ctx, {
    decision: 'masked',
    reason: masked[0]!.rule,
    detail: detailOf(ctx.place, masked),
  });
}
