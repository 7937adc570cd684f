import type { FastifyPluginAsync } from 'fastify';

import {
  MaterialReviewDecideRequest,
  MaterialReviewDecisionResponse,
  MaterialReviewPageResponse,
  MaterialReviewQuery,
} from '../../../src/api/contract/material-review';
import { ApiError, badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { htmlToText } from '../../materials/sanitize';
import { enforce } from '../../policy/content-policy';
import { reviewDecisions } from '../../security/four-eyes';
import { roleGuards } from '../../security/roles';
import type { ServiceOptions } from '../deps';

const PAGE = 10;

/**
 * Materials reviewed before use (docs/compliance.md): reviewers see each pending material as the
 * customer would, approve it (the server draws its review number and expiry) or return it with 修改意见
 * to its author. The author and anyone who gains from it may not approve (four eyes); every attempt,
 * allowed or refused, is a `review` row on the trail.
 */
export const materialReviewPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const reviewer = { preValidation: [deps.signed('basic'), roleGuards(deps.guards)('reviewer')] };
  // Decisions check the role in the handler, so a refused attempt is on the trail with its subject.
  const deciding = { preValidation: [deps.signed('basic'), deps.guards.requireUser] };
  const review = reviewDecisions(deps.repos.compliance, deps.now);
  const repo = deps.repos.materialReview;

  app.get(
    '/api/review/materials',
    { schema: { querystring: MaterialReviewQuery, response: responses(MaterialReviewPageResponse) }, ...reviewer },
    async (request) => {
      const cursor = request.query.cursor && /^\d+$/.test(request.query.cursor) ? Number(request.query.cursor) : null;
      return ok(await repo.queue(request.user!.id, cursor, request.query.limit ?? PAGE, deps.now()));
    },
  );

  app.post(
    '/api/review/materials/decide',
    {
      schema: { body: MaterialReviewDecideRequest, response: responses(MaterialReviewDecisionResponse) },
      ...deciding,
    },
    async (request) => {
      const { material_id: id, decision } = request.body;
      const comment = request.body.comment?.trim() ?? '';
      const audit = { subject: `material:${id}`, action: decision };
      await review.requireReviewer(request, audit);
      if (decision === 'return' && !comment) throw badRequest('退回时请填写修改意见');
      const m = await repo.find(id);
      if (!m) throw notFound('素材不存在');
      const me = request.user!.id;
      const decided = { ...audit, adviserId: m.ownerAdviserId ?? m.authorId };
      await review.refuseConflict(request, decided, await repo.conflictOn(me, m));
      if (m.reviewState !== 'pending')
        throw new ApiError(409, 180105, '该素材不在待审状态（可能已被其他审核人员处理）');
      const now = deps.now();
      if (decision === 'approve') {
        // Approval is publication's gate: the one content policy reads the material as the customer would.
        const ctx = { place: 'material' as const, actorId: me, adviserId: decided.adviserId, subject: audit.subject };
        for (const text of [m.title, m.summary, m.html ? htmlToText(m.html) : ''])
          if (text) await enforce(deps, text, ctx);
      }
      const row =
        decision === 'approve' ? await repo.approve(id, me, now) : await repo.returnToAuthor(id, me, comment, now);
      if (!row) throw new ApiError(409, 180105, '该素材已被其他审核人员处理');
      const expires = row.reviewExpiresAt?.getTime() ?? null;
      await review.allowed(
        request,
        { ...decided, detail: decision === 'approve' ? { reviewNo: row.reviewNo, reviewExpiresAt: expires } : {} },
        decision === 'approve' ? 'approved' : 'returned',
        decision === 'return' ? comment : null,
      );
      return ok({
        material_id: row.id,
        state: row.reviewState,
        review_no: row.reviewNo,
        review_expires_at: expires,
        comment: row.reviewComment,
      });
    },
  );
};
