import type { FastifyPluginAsync } from 'fastify';

import type { ServiceOptions } from '../../deps';
import { reviewBindingRoutes } from './review-bindings';
import { reviewReadRoutes } from './review-reads';
import { reviewReversalRoutes } from './review-reversal';

/**
 * /mgm-service review/*: reviewers (the staff role on the session's employee record) bind invited
 * members to financial advisers and confirm or reject them; 403 for anyone else. Decisions follow
 * the four-eyes rule and every attempt, allowed or refused, goes to the compliance trail.
 */
export const invitationReviewPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  await fastify.register(reviewReadRoutes, { deps });
  await fastify.register(reviewBindingRoutes, { deps });
  await fastify.register(reviewReversalRoutes, { deps });
};
