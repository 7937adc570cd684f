import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import { FINAL_DECISION_TEXT } from '../../../../src/api/contract/compliance-trail';
import { BindRequest, BindResponse, ConfirmRequest, ConfirmResponse } from '../../../../src/api/contract/invitation';
import { InvitationErrorCode as E } from '../../../../src/api/contract/invitation-constants';
import { ApiError, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import type { MemberRow } from '../../../repositories/invitation-members';
import { type ReviewAudit, reviewDecisions } from '../../../security/four-eyes';
import type { ServiceOptions } from '../../deps';
import { checkBind, conflictOf, isFinal, memberOr404 } from './review-rules';

/** review/bind, review/confirm: a reviewer binds an invited member to an adviser, then approves or rejects. */
export const reviewBindingRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
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
};
