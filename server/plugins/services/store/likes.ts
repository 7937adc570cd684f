import type { FastifyPluginAsync } from 'fastify';

import { StoreThumbsUpRequest, StoreThumbsUpResponse } from '../../../../src/api/contract/store';
import { notFound, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { type StoreRouteOptions, userOf } from './context';

/** Liking an article or a published answer: the request names the state wanted, so a retry is idempotent. */
export const storeLikeRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.store;

  app.post(
    '/api/store/thumbs_up',
    {
      schema: { body: StoreThumbsUpRequest, response: responses(StoreThumbsUpResponse) },
      preValidation: guards.personal,
    },
    async (request) => {
      const { item_type, item_id, liked } = request.body;
      const exists =
        item_type === 'answer'
          ? (await repo.answer(item_id))?.state === 'published'
          : await repo.articleExists(item_id);
      if (!exists) throw notFound('内容不存在或尚未发布');
      const result = await repo.setLike(userOf(request).id, item_type, item_id, liked, deps.now());
      return ok({ item_type, item_id, ...result });
    },
  );
};
