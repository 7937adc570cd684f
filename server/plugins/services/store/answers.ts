import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import {
  StoreAnswerSaveRequest,
  StoreExpertAnswersQuery,
  StoreExpertQuestionPageResponse,
  StoreExpertQuestionsQuery,
  StoreReviewItemResponse,
  StoreReviewPageResponse,
} from '../../../../src/api/contract/store';
import { ApiError, forbidden, notFound, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { settleHold } from '../../../policy/holds';
import { page, type StoreRouteOptions, userOf } from './context';
import { badTransition, canTransition, checkAnswer, TRANSITIONS } from './rules';

/** Answers, written by experts' staff accounts: the expert's inbox, their answers, saving and submitting one. */
export const storeAnswerRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.store;
  /** The signed-in expert (an adviser account linked to an expert), or 403. */
  const expertOf = async (request: FastifyRequest) => {
    const expert = await repo.expertForUser(userOf(request).id);
    if (!expert) throw forbidden('只有入驻专家可以回答问题');
    return expert;
  };

  app.get(
    '/api/store/expert/questions',
    {
      schema: { querystring: StoreExpertQuestionsQuery, response: responses(StoreExpertQuestionPageResponse) },
      preValidation: guards.adviser,
    },
    async (request) => ok(await repo.expertQuestions((await expertOf(request)).id, page(request.query))),
  );
  app.get(
    '/api/store/expert/answers',
    {
      schema: { querystring: StoreExpertAnswersQuery, response: responses(StoreReviewPageResponse) },
      preValidation: guards.adviser,
    },
    async (request) =>
      ok(await repo.expertAnswers((await expertOf(request)).id, request.query.state, page(request.query))),
  );

  app.post(
    '/api/store/answer_save',
    {
      schema: { body: StoreAnswerSaveRequest, response: responses(StoreReviewItemResponse) },
      preValidation: guards.adviser,
    },
    async (request) => {
      const user = userOf(request);
      const expert = await expertOf(request);
      const { question_id, answer_id, content, submit } = request.body;
      if (!(await repo.questionRow(question_id))) throw notFound('问题不存在');
      const text = content.trim();
      // A draft is the expert's own; what goes to review (and so towards the public) meets the policy.
      const held = submit
        ? await checkAnswer(deps, text, user.id, answer_id ? `answer:${answer_id}` : `question:${question_id}`)
        : null;
      const now = deps.now();
      let answer = answer_id
        ? await repo.answer(answer_id)
        : await repo.insertAnswer({ questionId: question_id, expertId: expert.id, content: text, now });
      if (!answer || answer.questionId !== question_id) throw notFound('回答不存在');
      if (answer.expertId !== expert.id) throw forbidden('只能修改自己的回答');
      const action = submit ? 'submit' : 'save';
      if (!canTransition(action, answer.state)) throw badTransition(action, answer.state);
      const { from, to } = TRANSITIONS[action];
      answer = await repo.transition({
        answerId: answer.id,
        from: [...from],
        to,
        content: text,
        reason: null,
        userId: user.id,
        actorName: expert.name,
        now,
      });
      if (!answer) throw new ApiError(409, 180105, '回答状态已变化，请刷新后重试');
      // Held (待合规审核): the reviewer's publish is its approval, by someone other than the expert as always.
      if (submit)
        await settleHold(deps, held, text, { place: 'answer', actorId: user.id, subject: `answer:${answer.id}` });
      return ok((await repo.reviewItem(answer.id))!);
    },
  );
};
