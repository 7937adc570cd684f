import type { FastifyPluginAsync } from 'fastify';

import type { ServiceOptions } from '../../deps';
import { storeAnswerRoutes } from './answers';
import { storeArticleRoutes } from './articles';
import { storeGuards } from './context';
import { storeExpertRoutes } from './experts';
import { storeHomeRoutes } from './home';
import { storeLikeRoutes } from './likes';
import { storePrivateFundRoutes } from './private-funds';
import { storeProductRoutes } from './products';
import { storeQuestionRoutes } from './questions';
import { storeReviewRoutes } from './review';
import { storeSignInRoutes } from './sign-in';

export { storeIndexFor } from './home';

/**
 * The knowledge store, /api/store/* on the live service, one route module per resource. Reads are open (a
 * token, if sent, marks the reader's likes); writes act for the token's user only; review is for staff with
 * the reviewer role, and never of one's own answer (four eyes). Every module gets the same hooks.
 */
export const storePlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const options = { deps, guards: storeGuards(deps) };
  await fastify.register(storeHomeRoutes, options);
  await fastify.register(storeArticleRoutes, options);
  await fastify.register(storeExpertRoutes, options);
  await fastify.register(storeProductRoutes, options);
  await fastify.register(storePrivateFundRoutes, options);
  await fastify.register(storeQuestionRoutes, options);
  await fastify.register(storeAnswerRoutes, options);
  await fastify.register(storeReviewRoutes, options);
  await fastify.register(storeLikeRoutes, options);
  await fastify.register(storeSignInRoutes, options);
};
