import { FINAL_DECISION_TEXT } from '../../../../src/api/contract/compliance-trail';
import { type CheckBind } from '../../../../src/api/contract/invitation';
import { notFound } from '../../../http/errors';
import type { MemberRow } from '../../../repositories/invitation-members';
import { bindingConflict, FOUR_EYES_REASONS, type FourEyesConflict } from '../../../security/four-eyes';
import type { ServiceDeps } from '../../deps';

export const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export async function memberOr404(deps: ServiceDeps, memberId: number): Promise<MemberRow> {
  const member = await deps.repos.invitation.members.byId(memberId);
  if (!member) throw notFound('没有这位会员');
  return member;
}

/** Confirmed and rejected are final: only a second reviewer's reversal reopens them (docs/invitation.md). */
export const isFinal = (m: MemberRow) => m.bindState === 'confirmed' || m.bindState === 'rejected';

/** Whether a member may be bound to an adviser, and why not. */
export async function checkBind(
  deps: ServiceDeps,
  member: MemberRow,
  employeeId: string,
): Promise<CheckBind & { adviserId: number | null }> {
  const reasons: string[] = [];
  const adviser = await deps.repos.review.adviserByEmployeeId(employeeId);
  if (!adviser) reasons.push('没有这位员工');
  else if (!adviser.isFinancialAdvisor) reasons.push('该员工不是理财师，不能服务客户');
  if (!member.agreementSignedAt) reasons.push('客户尚未签署会员服务协议');
  if (isFinal(member)) reasons.push(FINAL_DECISION_TEXT);
  const invitation = await deps.repos.invitation.forInvitee(member.id);
  if (invitation?.state === 'voided') reasons.push('该邀请已失效');
  const current = member.adviserId ? await deps.repos.invitation.members.user(member.adviserId) : null;
  return {
    ok: reasons.length === 0,
    reasons,
    currentAdviser: current?.realName ?? null,
    adviserId: adviser?.id ?? null,
  };
}

/** Whether this user may decide on this member, by the four-eyes rule (the inviter, the adviser, the member may not). */
export async function conflictOf(
  deps: ServiceDeps,
  actorId: number,
  member: MemberRow,
  bindTo: number | null = null,
): Promise<FourEyesConflict | null> {
  const inviterUserId = await deps.repos.review.inviterUserId(member.id);
  return bindingConflict(actorId, {
    memberUserId: member.userId,
    inviterUserId,
    adviserUserIds: [member.adviserId, bindTo],
  });
}

export type FinalDecision = { staffId: number; staffName: string | null; at: Date } | undefined;

/** Who may reverse a final decision: a reviewer other than the one who made it, and four eyes as usual. */
export function reversalConflict(me: number, last: FinalDecision, conflict: FourEyesConflict | null) {
  if (last?.staffId === me) return 'not_second_reviewer' as const;
  return conflict;
}

export function finalDecisionOf(me: number, member: MemberRow, last: FinalDecision, conflict: FourEyesConflict | null) {
  if (!isFinal(member)) return null;
  const block = reversalConflict(me, last, conflict);
  return {
    decidedBy: last?.staffName ?? null,
    at: seconds(last?.at ?? null) ?? 0,
    reverseBlock: block ? FOUR_EYES_REASONS[block] : null,
  };
}
