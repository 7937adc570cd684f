import type { FastifyPluginAsync } from 'fastify';

import { ReverseRequest, ReverseResponse } from '../../../../src/api/contract/invitation';
import { InvitationErrorCode as E } from '../../../../src/api/contract/invitation-constants';
import { ApiError, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { reviewDecisions } from '../../../security/four-eyes';
import type { ServiceOptions } from '../../deps';
import { conflictOf, isFinal, memberOr404, reversalConflict } from './review-rules';

/** review/reverse: a second reviewer reopens a final decision (docs/invitation.md). */
export const reviewReversalRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  // Decisions check the role in the handler, so a refused attempt is written to the trail with its subject.
  const deciding = { preValidation: [deps.signed('basic'), deps.guards.requireUser] };
  const review = reviewDecisions(deps.repos.compliance, deps.now);

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
};
