import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import {
  HOLD_PLACE_LABELS,
  PolicyHoldDecideRequest,
  type PolicyHoldItem,
  PolicyHoldItemResponse,
  PolicyHoldListQuery,
  PolicyHoldListResponse,
} from '../../../src/api/contract/policy-holds';
import { StoreErrorCode } from '../../../src/api/contract/store-constants';
import { ApiError, badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { PolicyHoldRow } from '../../repositories/policy-holds';
import { FOUR_EYES_REASONS, holdConflict, reviewDecisions } from '../../security/four-eyes';
import { roleGuards } from '../../security/roles';
import type { ServiceOptions } from '../deps';

function itemOf(h: PolicyHoldRow, writerName: string | null, me: number): PolicyHoldItem {
  const conflict = holdConflict(me, h.writerId);
  return {
    id: h.id,
    subject: h.subject,
    place: h.place,
    place_label: HOLD_PLACE_LABELS[h.place] ?? h.place,
    content: h.content,
    message: h.message,
    writer: h.writerId === null ? null : { id: h.writerId, name: writerName ?? `#${h.writerId}` },
    status: h.status,
    created_at: h.createdAt.getTime(),
    four_eyes: conflict ? FOUR_EYES_REASONS[conflict] : null,
  };
}

/**
 * The held queue on 审核台 (/api/store/holds/*, reviewers only): texts the content policy held, released
 * by approval or refused with a reason the writer reads; never by their writer (four eyes), every
 * decision (and every refused attempt) a `review` row on the trail. Answers are not here: their own
 * review (publish / return) decides them, with the same rule.
 */
export const policyHoldsPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const signed = deps.signed('basic');
  const requireReviewer = roleGuards(deps.guards)('reviewer');
  const review = reviewDecisions(deps.repos.compliance, deps.now);
  const me = (r: FastifyRequest) => r.user!.id;

  app.get(
    '/api/store/holds/list',
    {
      schema: { querystring: PolicyHoldListQuery, response: responses(PolicyHoldListResponse) },
      preValidation: [signed, requireReviewer],
    },
    async (request) => {
      const rows = await deps.repos.holds.list(request.query.status ?? 'held');
      const list = rows.filter((r) => r.h.place !== 'answer').map((r) => itemOf(r.h, r.writerName, me(request)));
      return ok({ list });
    },
  );

  app.post(
    '/api/store/holds/decide',
    {
      schema: { body: PolicyHoldDecideRequest, response: responses(PolicyHoldItemResponse) },
      preValidation: [signed, deps.guards.requireUser],
    },
    async (request) => {
      const { hold_id, decision, reason } = request.body;
      const hold = await deps.repos.holds.byId(hold_id);
      const audit = { subject: hold?.subject ?? `hold:${hold_id}`, action: decision };
      await review.requireReviewer(request, audit);
      if (!hold || hold.place === 'answer') throw notFound('待审核内容不存在');
      const why = reason?.trim() ?? '';
      if (decision === 'reject' && !why) throw badRequest('不通过时请填写原因，作者会看到');
      const decided = { ...audit, detail: { holdId: hold.id, place: hold.place, rule: hold.rule, word: hold.word } };
      await review.refuseConflict(request, decided, holdConflict(me(request), hold.writerId));
      const to = decision === 'approve' ? 'approved' : 'rejected';
      const moved = await deps.repos.holds.decide(
        hold.id,
        to,
        me(request),
        decision === 'reject' ? why : null,
        deps.now(),
      );
      if (!moved) throw new ApiError(409, StoreErrorCode.badTransition, '该内容已被其他审核人员处理');
      await review.allowed(request, decided, to, decision === 'reject' ? why : null);
      return ok(itemOf(moved, null, me(request)));
    },
  );
};
