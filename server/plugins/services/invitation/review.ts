import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import { FINAL_DECISION_TEXT } from '../../../../src/api/contract/compliance-trail';
import {
  BindLogRequest,
  BindLogResponse,
  BindRequest,
  BindResponse,
  type CheckBind,
  CheckBindResponse,
  CheckSignResponse,
  ConfirmRequest,
  ConfirmResponse,
  QueryNameRequest,
  QueryNameResponse,
  ReverseRequest,
  ReverseResponse,
  ReviewMemberRequest,
  ReviewUserListRequest,
  ReviewUserListResponse,
} from '../../../../src/api/contract/invitation';
import { type FlagRule, InvitationErrorCode as E } from '../../../../src/api/contract/invitation-constants';
import { maskName } from '../../../../src/api/contract/mask';
import { ApiError, notFound, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import type { MemberRow } from '../../../repositories/invitation-members';
import {
  bindingConflict,
  FOUR_EYES_REASONS,
  type FourEyesConflict,
  type ReviewAudit,
  reviewDecisions,
} from '../../../security/four-eyes';
import { roleGuards } from '../../../security/roles';
import type { ServiceDeps, ServiceOptions } from '../../deps';
import { maskedPhone } from './members';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

async function memberOr404(deps: ServiceDeps, memberId: number): Promise<MemberRow> {
  const member = await deps.repos.invitation.members.byId(memberId);
  if (!member) throw notFound('没有这位会员');
  return member;
}

/** Confirmed and rejected are final: only a second reviewer's reversal reopens them (docs/invitation.md). */
const isFinal = (m: MemberRow) => m.bindState === 'confirmed' || m.bindState === 'rejected';

/** Whether a member may be bound to an adviser, and why not. */
async function checkBind(
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
async function conflictOf(
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

type FinalDecision = { staffId: number; staffName: string | null; at: Date } | undefined;

/** Who may reverse a final decision: a reviewer other than the one who made it, and four eyes as usual. */
function reversalConflict(me: number, last: FinalDecision, conflict: FourEyesConflict | null) {
  if (last?.staffId === me) return 'not_second_reviewer' as const;
  return conflict;
}

function finalDecisionOf(me: number, member: MemberRow, last: FinalDecision, conflict: FourEyesConflict | null) {
  if (!isFinal(member)) return null;
  const block = reversalConflict(me, last, conflict);
  return {
    decidedBy: last?.staffName ?? null,
    at: seconds(last?.at ?? null) ?? 0,
    reverseBlock: block ? FOUR_EYES_REASONS[block] : null,
  };
}

/**
 * /mgm-service review/*: reviewers (the staff role on the session's employee record) bind invited
 * members to financial advisers and confirm or reject them; 403 for anyone else. Decisions follow
 * the four-eyes rule and every attempt, allowed or refused, goes to the compliance trail.
 */
export const invitationReviewPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const staffOnly = { preValidation: [deps.signed('basic'), roleGuards(deps.guards)('reviewer')] };
  // Decisions check the role in the handler, so a refused attempt is written to the trail with its subject.
  const deciding = { preValidation: [deps.signed('basic'), deps.guards.requireUser] };
  const review = reviewDecisions(deps.repos.compliance, deps.now);
  /** The ordinary steps never re-decide a final decision (409, on the trail): that is a reversal's job. */
  const refuseFinal = async (request: FastifyRequest, audit: ReviewAudit, member: MemberRow) => {
    if (!isFinal(member)) return;
    await review.allowed(request, { ...audit, adviserId: member.adviserId }, 'refused', 'final_decision');
    throw new ApiError(409, E.bindRefused, FINAL_DECISION_TEXT);
  };

  app.post(
    '/review/userList',
    { schema: { body: ReviewUserListRequest, response: responses(ReviewUserListResponse) }, ...staffOnly },
    async (request) => {
      const { page = 1, pageSize = 20, status = 'pending' } = request.body;
      const { total, rows } = await deps.repos.review.userList(status, page, pageSize);
      const me = request.user!.id;
      const finals = await deps.repos.review.finalDecisions(
        rows.filter((r) => isFinal(r.member)).map((r) => r.member.id),
      );
      const list = rows.map((r) => {
        const conflict = bindingConflict(me, {
          memberUserId: r.member.userId,
          inviterUserId: r.inviterUserId,
          adviserUserIds: [r.member.adviserId],
        });
        return {
          memberId: r.member.id,
          phone: maskedPhone(r.member.phone) ?? '',
          name: maskName(r.name),
          inviterName: r.inviterName ? maskName(r.inviterName) : null,
          invitationState: r.inv?.state ?? null,
          flags: r.inv?.flags ? (r.inv.flags.split(',') as FlagRule[]) : [],
          signed: r.member.agreementSignedAt !== null,
          bindState: r.member.bindState,
          adviserName: r.adviserName,
          registeredAt: seconds(r.member.createdAt) ?? 0,
          fourEyes: conflict ? FOUR_EYES_REASONS[conflict] : null,
          finalDecision: finalDecisionOf(me, r.member, finals.get(r.member.id), conflict),
        };
      });
      return ok({ list, total, page, pageSize });
    },
  );

  app.post(
    '/review/checkSign',
    { schema: { body: ReviewMemberRequest, response: responses(CheckSignResponse) }, ...staffOnly },
    async (request) => {
      const member = await memberOr404(deps, request.body.memberId);
      return ok({
        memberId: member.id,
        signed: member.agreementSignedAt !== null,
        signedAt: seconds(member.agreementSignedAt),
      });
    },
  );

  app.post(
    '/review/queryName',
    { schema: { body: QueryNameRequest, response: responses(QueryNameResponse) }, ...staffOnly },
    async (request) => {
      const rows = await deps.repos.review.queryAdvisers(request.body.keyword.trim());
      return ok({
        list: rows.map((u) => ({
          employeeId: u.employeeId,
          name: u.realName,
          department: u.department,
          isFinancialAdvisor: u.isFinancialAdvisor,
        })),
      });
    },
  );

  app.post(
    '/review/checkBind',
    { schema: { body: BindRequest, response: responses(CheckBindResponse) }, ...staffOnly },
    async (request) => {
      const member = await memberOr404(deps, request.body.memberId);
      const { adviserId, ...check } = await checkBind(deps, member, request.body.employeeId);
      const conflict = await conflictOf(deps, request.user!.id, member, adviserId);
      return ok(conflict ? { ...check, ok: false, reasons: [FOUR_EYES_REASONS[conflict], ...check.reasons] } : check);
    },
  );

  app.post(
    '/review/bind',
    { schema: { body: BindRequest, response: responses(BindResponse) }, ...deciding },
    async (request) => {
      const audit = {
        subject: `member:${request.body.memberId}`,
        action: 'bind',
        detail: { employeeId: request.body.employeeId },
      };
      await review.requireReviewer(request, audit);
      const member = await memberOr404(deps, request.body.memberId);
      await refuseFinal(request, audit, member);
      const check = await checkBind(deps, member, request.body.employeeId);
      await review.refuseConflict(
        request,
        { ...audit, adviserId: check.adviserId },
        await conflictOf(deps, request.user!.id, member, check.adviserId),
      );
      if (!check.ok || check.adviserId === null) throw new ApiError(400, E.bindRefused, check.reasons.join('；'));
      await deps.repos.review.setBinding(member.id, { adviserId: check.adviserId, bindState: 'bound' });
      await deps.repos.review.log({
        memberId: member.id,
        action: 'bind',
        adviserId: check.adviserId,
        staffId: request.user!.id,
        note: '',
        now: deps.now(),
      });
      await review.allowed(request, { ...audit, adviserId: check.adviserId }, 'bound', null);
      const adviser = await deps.repos.invitation.members.user(check.adviserId);
      return ok({ memberId: member.id, bindState: 'bound' as const, adviserName: adviser?.realName ?? null });
    },
  );

  app.post(
    '/review/confirm',
    { schema: { body: ConfirmRequest, response: responses(ConfirmResponse) }, ...deciding },
    async (request) => {
      const { memberId, decision, note = '' } = request.body;
      const audit = { subject: `member:${memberId}`, action: decision };
      await review.requireReviewer(request, audit);
      const member = await memberOr404(deps, memberId);
      await refuseFinal(request, audit, member);
      await review.refuseConflict(
        request,
        { ...audit, adviserId: member.adviserId },
        await conflictOf(deps, request.user!.id, member),
      );
      const now = deps.now();
      if (decision === 'approve' && member.bindState !== 'bound' && member.bindState !== 'confirmed') {
        throw new ApiError(400, E.bindRefused, '请先为该客户绑定理财师，再确认');
      }
      const bindState = decision === 'approve' ? ('confirmed' as const) : ('rejected' as const);
      await deps.repos.review.setBinding(member.id, { bindState });
      const invitation =
        decision === 'approve'
          ? await deps.repos.invitation.approve(member.id, now)
          : await deps.repos.invitation.reject(member.id, now);
      await deps.repos.review.log({
        memberId: member.id,
        action: decision,
        adviserId: member.adviserId,
        staffId: request.user!.id,
        note,
        now,
      });
      await review.allowed(
        request,
        { ...audit, adviserId: member.adviserId, detail: { invitationState: invitation?.state ?? null } },
        decision === 'approve' ? 'approved' : 'rejected',
        note.trim() || null,
      );
      return ok({ memberId: member.id, bindState, invitationState: invitation?.state ?? null });
    },
  );

  app.post(
    '/review/reverse',
    { schema: { body: ReverseRequest, response: responses(ReverseResponse) }, ...deciding },
    async (request) => {
      const { memberId } = request.body;
      const reason = request.body.reason.trim();
      const audit = { subject: `member:${memberId}`, action: 'reverse' };
      await review.requireReviewer(request, audit);
      const member = await memberOr404(deps, memberId);
      if (!isFinal(member)) throw new ApiError(409, E.bindRefused, '该客户仍在审核中，没有可撤销的最终决定');
      if (!reason) throw new ApiError(400, E.bindRefused, '请填写撤销原因');
      const me = request.user!.id;
      const last = (await deps.repos.review.finalDecisions([member.id])).get(member.id);
      await review.refuseConflict(
        request,
        { ...audit, adviserId: member.adviserId },
        reversalConflict(me, last, await conflictOf(deps, me, member)),
      );
      const now = deps.now();
      // Back into review: bound to the same adviser (or none); the rewards wait for the next decision.
      const bindState = member.adviserId ? ('bound' as const) : ('unbound' as const);
      await deps.repos.review.setBinding(member.id, { bindState });
      const invitation = await deps.repos.invitation.reopen(member.id, member.verifiedAt !== null, now);
      await deps.repos.review.log({
        memberId: member.id,
        action: 'reverse',
        adviserId: member.adviserId,
        staffId: me,
        note: reason,
        now,
      });
      await review.allowed(
        request,
        {
          ...audit,
          adviserId: member.adviserId,
          detail: {
            reversed: member.bindState,
            decidedBy: last?.staffId ?? null,
            invitationState: invitation?.state ?? null,
          },
        },
        'reversed',
        reason,
      );
      return ok({ memberId: member.id, bindState, invitationState: invitation?.state ?? null });
    },
  );

  app.post(
    '/review/queryBindLog',
    { schema: { body: BindLogRequest, response: responses(BindLogResponse) }, ...staffOnly },
    async (request) => {
      const { page = 1, pageSize = 20, memberId } = request.body;
      const { total, rows } = await deps.repos.review.bindLog(memberId, page, pageSize);
      const list = rows.map((r) => ({
        id: r.log.id,
        memberId: r.log.memberId,
        action: r.log.action,
        adviserName: r.adviserName,
        staffName: r.staffName,
        note: r.log.note,
        at: seconds(r.log.createdAt) ?? 0,
      }));
      return ok({ list, total, page, pageSize });
    },
  );
};
