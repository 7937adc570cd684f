import type { HoldMark } from '../../src/api/contract/policy-holds';
import { markOf, type PolicyHoldsRepository } from '../repositories/policy-holds';
import { type Held, type PolicyContext, type PolicyDeps, recordPolicyHit } from './content-policy';

export { markOf };

export type HoldDeps = PolicyDeps & { repos: PolicyDeps['repos'] & { holds: PolicyHoldsRepository } };

/** The words the held text was held for (a number's last four digits are never held: numbers are masked or refused). */
const wordOf = (held: NonNullable<Held>) => ('word' in held.hit ? held.hit.word : '');

/**
 * After the row exists: a held text gets its hold (and a `held` trail row); a text that passes releases
 * any earlier hold of the same subject (an answer rewritten without the held words).
 */
export async function settleHold(
  deps: HoldDeps,
  held: Held,
  content: string,
  ctx: Omit<PolicyContext, 'sensitiveWords'>,
): Promise<HoldMark | null> {
  if (!held) {
    await deps.repos.holds.release(ctx.subject);
    return null;
  }
  const row = await deps.repos.holds.hold({
    subject: ctx.subject,
    place: ctx.place,
    writerId: ctx.actorId,
    content,
    rule: held.hit.rule,
    word: wordOf(held),
    message: held.message,
    now: deps.now(),
  });
  await recordPolicyHit(deps, ctx, {
    decision: 'held',
    reason: held.hit.rule,
    detail: { place: ctx.place, matched: [{ rule: held.hit.rule, word: wordOf(held) }] },
  });
  return markOf(row);
}
