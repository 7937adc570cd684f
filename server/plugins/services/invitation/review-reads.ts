import type { FastifyPluginAsync } from 'fastify';

import {
  BindLogRequest,
  BindLogResponse,
  BindRequest,
  CheckBindResponse,
  CheckSignResponse,
  QueryNameRequest,
  QueryNameResponse,
  ReviewMemberRequest,
  ReviewUserListRequest,
  ReviewUserListResponse,
} from '../../../../src/api/contract/invitation';
import { type FlagRule } from '../../../../src/api/contract/invitation-constants';
import { maskName } from '../../../../src/api/contract/mask';
import { ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { bindingConflict, FOUR_EYES_REASONS } from '../../../security/four-eyes';
import { roleGuards } from '../../../security/roles';
import type { ServiceOptions } from '../../deps';
import { maskedPhone } from './members';
import { checkBind, conflictOf, finalDecisionOf, isFinal, memberOr404, seconds } from './review-rules';

/** review/userList, checkSign, queryName, checkBind, queryBindLog: what a reviewer (the staff role) reads before deciding. */
export const reviewReadRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const staffOnly = { preValidation: [deps.signed('basic'), roleGuards(deps.guards)('reviewer')] };

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
