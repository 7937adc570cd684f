import type { FastifyPluginAsync } from 'fastify';
import { RoomOnlineRequest, RoomOnlineResponse } from '../../../src/api/contract/chatRoom';
import { ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';

/**
 * Chat room, /chat-room (spec §7): online counts from room_presence heartbeats. Messages,
 * previews and user details join it with the live room.
 */
export const chatRoomPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.post(
    '/room/online',
    {
      schema: { body: RoomOnlineRequest, response: responses(RoomOnlineResponse) },
      preValidation: [deps.signed('basic')],
    },
    async (request) => {
      const counts = await deps.repos.presence.onlineCounts(request.body.room_ids, deps.now());
      return ok({ items: [...counts].map(([room_id, num]) => ({ room_id, num })) });
    },
  );
};
