import type { FastifyPluginAsync } from 'fastify';

import type { ServiceOptions } from '../../deps';
import { friendsRoutes } from './friends';
import { landingRoutes } from './landing';
import { membershipRoutes } from './membership';
import { invitationReviewPlugin } from './review';
import { signUpRoutes } from './sign-up';
import { invitationTasksPlugin } from './tasks';

// What others read of the program: the landing's answer (also server-rendered) and what membership gives.
export { MEMBER_BENEFITS, shareLanding } from './members';

/** /mgm-service: the invitation program, one route module per resource. */
export const invitationPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  // Members' side: joining, the share landing, the member's record, friends and rewards.
  await fastify.register(signUpRoutes, { deps });
  await fastify.register(landingRoutes, { deps });
  await fastify.register(membershipRoutes, { deps });
  await fastify.register(friendsRoutes, { deps });
  // Staff binding review (review/*) and the members' learning tasks.
  await fastify.register(invitationReviewPlugin, { deps });
  await fastify.register(invitationTasksPlugin, { deps });
};
