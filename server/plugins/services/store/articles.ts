import type { FastifyPluginAsync } from 'fastify';

import {
  StoreArticleDetailQuery,
  StoreArticlePageResponse,
  StoreArticleResponse,
  StoreNewsListQuery,
  StoreTopListQuery,
} from '../../../../src/api/contract/store';
import { notFound, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { page, type StoreRouteOptions, uidOf } from './context';

/** News and institution views: one article, the top list, the news and views lists. */
export const storeArticleRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.store;
  const open = guards.open;

  app.get(
    '/api/store/article_detail',
    {
      schema: { querystring: StoreArticleDetailQuery, response: responses(StoreArticleResponse) },
      preValidation: open,
    },
    async (request) => {
      const article = await repo.article(request.query.article_id, uidOf(request));
      if (!article) throw notFound('文章不存在或已下线');
      return ok(article);
    },
  );
  app.get(
    '/api/store/top_list',
    { schema: { querystring: StoreTopListQuery, response: responses(StoreArticlePageResponse) }, preValidation: open },
    async (request) => ok(await repo.articles({ topOnly: true, userId: uidOf(request), ...page(request.query) })),
  );
  app.get(
    '/api/store/news_list',
    { schema: { querystring: StoreNewsListQuery, response: responses(StoreArticlePageResponse) }, preValidation: open },
    async (request) =>
      ok(
        await repo.articles({
          kind: request.query.kind,
          authorId: request.query.author_id,
          userId: uidOf(request),
          ...page(request.query),
        }),
      ),
  );
};
