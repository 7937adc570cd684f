import type { FastifyPluginAsync } from 'fastify';

import { type StoreIndex, StoreIndexResponse } from '../../../../src/api/contract/store';
import { ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { privateViewerOf, visiblePrivateLevels } from '../../../materials/private-visibility';
import type { UserRow } from '../../../repositories/users';
import type { ServiceDeps } from '../../deps';
import { gated, type StoreRouteOptions } from './context';

/**
 * The store home as a reader sees it (their own likes when known; a private fund only if they may see it,
 * private-visibility.ts): the endpoint's answer, and what the server renders /shopIndex from for a visitor.
 */
export async function storeIndexFor(deps: ServiceDeps, user: UserRow | null): Promise<StoreIndex> {
  const repo = deps.repos.store;
  const userId = user?.id ?? null;
  const viewer = await privateViewerOf(repo, user);
  const [top, experts, news, products, questions] = await Promise.all([
    repo.articles({ topOnly: true, userId, limit: 5 }),
    repo.experts(undefined, { limit: 8 }, userId),
    repo.articles({ kind: 'news', userId, limit: 5 }),
    repo.products(undefined, { limit: 4 }, visiblePrivateLevels(viewer, deps.now())),
    repo.publicQuestions({ limit: 4 }),
  ]);
  // A list shows a private fund's performance to no one: the detail page is where a qualified reader sees it.
  return {
    top: top.list,
    experts: experts.list,
    news: news.list,
    products: products.list.map((p) => gated(p, false)),
    questions: questions.list,
  };
}

/** The store home: top list, experts, news, products and answered questions in one answer. */
export const storeHomeRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/api/store/index',
    { schema: { response: responses(StoreIndexResponse) }, preValidation: guards.open },
    async (request) => ok(await storeIndexFor(deps, request.user ?? null)),
  );
};
