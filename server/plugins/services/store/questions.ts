import type { FastifyPluginAsync } from 'fastify';

import {
  StoreMyQuestionListQuery,
  StoreQaDetailQuery,
  StoreQaDetailResponse,
  StoreQaListQuery,
  StoreQuestionPageResponse,
  StoreQuestionRequest,
  StoreQuestionResponse,
} from '../../../../src/api/contract/store';
import { notFound, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { settleHold } from '../../../policy/holds';
import { page, type StoreRouteOptions, uidOf, userOf } from './context';
import { checkQuestion } from './rules';

/** Customers' questions: the public Q&A, one's own, one question with its answers, asking (or following up). */
export const storeQuestionRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.store;
  const { open, personal } = guards;

  app.get(
    '/api/store/qa_list',
    { schema: { querystring: StoreQaListQuery, response: responses(StoreQuestionPageResponse) }, preValidation: open },
    async (request) => ok(await repo.publicQuestions(page(request.query))),
  );
  app.get(
    '/api/store/my_question_list',
    {
      schema: { querystring: StoreMyQuestionListQuery, response: responses(StoreQuestionPageResponse) },
      preValidation: personal,
    },
    async (request) => ok(await repo.myQuestions(userOf(request).id, page(request.query))),
  );
  app.get(
    '/api/store/qa_detail',
    { schema: { querystring: StoreQaDetailQuery, response: responses(StoreQaDetailResponse) }, preValidation: open },
    async (request) => {
      const detail = await repo.qaDetail(request.query.question_id, uidOf(request));
      if (!detail) throw notFound('问题不存在或尚未公开');
      return ok(detail);
    },
  );

  app.post(
    '/api/store/store_question',
    {
      schema: { body: StoreQuestionRequest, response: responses(StoreQuestionResponse) },
      preValidation: personal,
      config: { rate: 'question' },
    },
    async (request) => {
      const me = userOf(request).id;
      const { text, held } = await checkQuestion(deps, request.body.content, me);
      const parentId = request.body.parent_id ?? null;
      if (parentId !== null && !(await repo.qaDetail(parentId, me))) throw notFound('要追问的问题不存在');
      const question = await repo.createQuestion(me, text, parentId, deps.now());
      // Held: stored and shown to the asker as 待合规审核; no answer to it is published before a reviewer approves it.
      const hold = await settleHold(deps, held, text, {
        place: 'question',
        actorId: me,
        subject: `question:${question.id}`,
      });
      return ok({ ...question, hold });
    },
  );
};
