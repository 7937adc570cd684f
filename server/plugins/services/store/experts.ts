import type { FastifyPluginAsync } from 'fastify';

import {
  StoreArticlePageResponse,
  StoreCoreMemberQuery,
  StoreCoreMemberResponse,
  StoreExpertListQuery,
  StoreExpertPageResponse,
  StoreFollowedViewsQuery,
  StoreFollowRequest,
  StoreFollowResponse,
} from '../../../../src/api/contract/store';
import { notFound, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { page, type StoreRouteOptions, uidOf, userOf } from './context';

/** Experts and core members: the lists, one member's page, following one, and the views of those one follows. */
export const storeExpertRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.store;
  const { open, personal } = guards;

  app.get(
    '/api/store/expert_list',
    {
      schema: { querystring: StoreExpertListQuery, response: responses(StoreExpertPageResponse) },
      preValidation: open,
    },
    async (request) => ok(await repo.experts(request.query.kind, page(request.query), uidOf(request))),
  );
  app.get(
    '/api/store/core_member',
    {
      schema: { querystring: StoreCoreMemberQuery, response: responses(StoreCoreMemberResponse) },
      preValidation: open,
    },
    async (request) => {
      const member = await repo.expert(request.query.member_id, uidOf(request));
      if (!member) throw notFound('该专家不存在');
      const views = await repo.articles({ authorId: member.id, userId: uidOf(request), limit: 10 });
      return ok({ member, views: views.list });
    },
  );

  // Following an expert: the follower is the token's user; naming the wanted state keeps a retry idempotent.
  app.post(
    '/api/store/follow',
    { schema: { body: StoreFollowRequest, response: responses(StoreFollowResponse) }, preValidation: personal },
    async (request) => {
      const { expert_id, followed } = request.body;
      if (!(await repo.expert(expert_id))) throw notFound('该专家不存在');
      return ok({ expert_id, ...(await repo.setFollow(userOf(request).id, expert_id, followed, deps.now())) });
    },
  );
  app.get(
    '/api/store/followed_views',
    {
      schema: { querystring: StoreFollowedViewsQuery, response: responses(StoreArticlePageResponse) },
      preValidation: personal,
    },
    async (request) => {
      const userId = userOf(request).id;
      return ok(await repo.articles({ followedBy: userId, userId, ...page(request.query) }));
    },
  );
};
