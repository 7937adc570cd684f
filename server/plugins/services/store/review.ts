import type { FastifyPluginAsync } from 'fastify';

import { HOLD_LABELS } from '../../../../src/api/contract/policy-holds';
import {
  StoreReviewDecideRequest,
  StoreReviewItemResponse,
  StoreReviewListQuery,
  StoreReviewPageResponse,
  StoreReviewRoleResponse,
} from '../../../../src/api/contract/store';
import { StoreErrorCode } from '../../../../src/api/contract/store-constants';
import { findPersonalNumbers, maskPersonalNumbers } from '../../../../src/lib/content-policy';
import { ApiError, badRequest, notFound, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { enforce, recordMasked, screen } from '../../../policy/content-policy';
import { settleHold } from '../../../policy/holds';
import { answerConflict, FOUR_EYES_REASONS, reviewDecisions } from '../../../security/four-eyes';
import { hasRole } from '../../../security/roles';
import type { ServiceDeps } from '../../deps';
import { page, type StoreRouteOptions, userOf } from './context';
import { badTransition, canTransition, checkAnswer, TRANSITIONS } from './rules';

/**
 * The compliance review of answers: staff with the reviewer role publish or return them, never one's own
 * answer (four eyes); the role route tells a staff account which desks it has.
 */
export const storeReviewRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.store;
  const review = reviewDecisions(deps.repos.compliance, deps.now);

  app.get(
    '/api/store/review/role',
    { schema: { response: responses(StoreReviewRoleResponse) }, preValidation: guards.personal },
    async (request) => {
      const user = userOf(request);
      const expert = user.role === 'adviser' ? await repo.expertForUser(user.id) : null;
      return ok({ reviewer: hasRole(user, 'reviewer'), expert_id: expert?.id ?? null });
    },
  );

  app.get(
    '/api/store/review/answers',
    {
      schema: { querystring: StoreReviewListQuery, response: responses(StoreReviewPageResponse) },
      preValidation: guards.reviewer,
    },
    async (request) => {
      const found = await repo.reviewList(request.query.state ?? 'in_review', page(request.query));
      const authors = await repo.expertUsers(found.list.map((a) => a.expert.id));
      const me = userOf(request).id;
      // Shown, not hidden: the reviewer sees what waits for a colleague, and why.
      return ok({
        ...found,
        list: found.list.map((a) => {
          const conflict = answerConflict(me, authors.get(a.expert.id) ?? null);
          return { ...a, four_eyes: conflict ? FOUR_EYES_REASONS[conflict] : null };
        }),
      });
    },
  );

  app.post(
    '/api/store/review/decide',
    {
      schema: { body: StoreReviewDecideRequest, response: responses(StoreReviewItemResponse) },
      preValidation: guards.personal,
    },
    async (request) => {
      const { answer_id, decision, reason } = request.body;
      const audit = { subject: `answer:${answer_id}`, action: decision };
      await review.requireReviewer(request, audit);
      const why = reason?.trim() ?? '';
      if (decision === 'return' && !why) throw badRequest('退回时请填写原因');
      const answer = await repo.answer(answer_id);
      if (!answer) throw notFound('回答不存在');
      const author = (await repo.expertUsers([answer.expertId])).get(answer.expertId) ?? null;
      const decided = {
        ...audit,
        adviserId: author,
        detail: { questionId: answer.questionId, expertId: answer.expertId },
      };
      await review.refuseConflict(request, decided, answerConflict(userOf(request).id, author));
      if (!canTransition(decision, answer.state)) throw badTransition(decision, answer.state);
      const user = userOf(request);
      // Review is the last gate: the policy runs again on the answer and on the question it makes public.
      if (decision === 'publish') await checkPublish(deps, answer, user.id);
      const moved = await repo.transition({
        answerId: answer.id,
        from: ['in_review'],
        to: TRANSITIONS[decision].to,
        reason: decision === 'return' ? why : null,
        userId: user.id,
        actorName: user.realName,
        now: deps.now(),
      });
      if (!moved) throw new ApiError(409, 180105, '该回答已被其他审核人员处理');
      // A held answer: publishing approves it, returning rejects it with the reviewer's words.
      const answerHold = await deps.repos.holds.bySubject(`answer:${answer.id}`);
      if (answerHold?.status === 'held')
        await deps.repos.holds.decide(
          answerHold.id,
          decision === 'publish' ? 'approved' : 'rejected',
          user.id,
          decision === 'return' ? why : null,
          deps.now(),
        );
      await review.allowed(
        request,
        decided,
        decision === 'publish' ? 'published' : 'returned',
        decision === 'return' ? why : null,
      );
      return ok((await repo.reviewItem(answer.id))!);
    },
  );
};

/**
 * Publishing makes the question public with its answer: the answer must pass (held words in it are
 * what this review approves), the question must not be held or rejected, and a question stored before
 * the policy existed has its personal numbers hidden (a promise in it stops the publication). The
 * classifier's verdict is the only decision on the question's words.
 */
async function checkPublish(
  deps: ServiceDeps,
  answer: { id: number; questionId: number; content: string },
  reviewerId: number,
): Promise<void> {
  await checkAnswer(deps, answer.content, reviewerId, `answer:${answer.id}`);
  const question = await deps.repos.store.questionRow(answer.questionId);
  if (!question) return;
  const subject = `question:${question.id}`;
  const verdict = screen(question.content, 'question');
  // A promise in the question: refused (and on the trail) like any other write of it.
  if (verdict.kind === 'refused' && !('tail' in verdict.hit))
    await enforce(deps, question.content, { place: 'question', actorId: reviewerId, subject });
  let hold = await deps.repos.holds.bySubject(subject);
  // A question stored before holds existed that the policy would hold now: held for a reviewer, like a new one.
  if (!hold && verdict.kind === 'ok' && verdict.held) {
    await settleHold(deps, verdict.held, question.content, { place: 'question', actorId: question.userId, subject });
    hold = await deps.repos.holds.bySubject(subject);
  }
  if (hold && hold.status !== 'approved')
    throw new ApiError(
      400,
      StoreErrorCode.held,
      hold.status === 'held'
        ? `该提问${HOLD_LABELS.held}（${hold.message}），请先在审核台「待审内容」中处理`
        : '该提问未通过合规审核，不能公开回答',
    );
  const numbers = findPersonalNumbers(question.content);
  if (numbers.length === 0) return;
  await deps.repos.store.replaceQuestionContent(question.id, maskPersonalNumbers(question.content, numbers));
  await recordMasked(
    deps,
    numbers.map((h) => ({ rule: h.rule, tail: h.tail })),
    { place: 'question', actorId: reviewerId, subject },
  );
}
