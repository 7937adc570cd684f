import type { FastifyPluginAsync } from 'fastify';

import {
  RoomHeartbeatRequest,
  RoomHeartbeatResponse,
  RoomMessageRequest,
  RoomMessagesResponse,
  RoomOnlineRequest,
  RoomOnlineResponse,
  RoomPreviewRequest,
  RoomPreviewResponse,
  RoomUserDetailRequest,
  RoomUserDetailResponse,
} from '../../../src/api/contract/chat-room';
import { LiveStatus } from '../../../src/api/contract/live-constants';
import { liveStatusAt } from '../../../src/api/contract/live-rules';
import { notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { ANONYMOUS_VIEWER_PREFIX, type PresenceViewer } from '../../repositories/presence';
import type { UserRow } from '../../repositories/users';
import type { ServiceDeps, ServiceOptions } from '../deps';

/**
 * Who a heartbeat counts: the token's user when one came along (the body's viewer_id is then ignored);
 * otherwise an anonymous viewer under the device id the body names, prefixed so that it can never be
 * taken for a user: it counts in the room's number and is never matched to a customer.
 */
function viewerOf(user: UserRow | null, bodyViewerId: string): PresenceViewer {
  if (user) return { viewerId: user.employeeId, userId: user.id };
  return { viewerId: `${ANONYMOUS_VIEWER_PREFIX}${bodyViewerId}`, userId: null };
}

async function liveOfRoom(deps: ServiceDeps, roomId: string) {
  const found = (await deps.repos.liveRoom.livesByRoom([roomId], deps.now())).get(roomId);
  if (!found) throw notFound(`No room ${roomId}`);
  return found;
}

/**
 * Chat room, /chat-room (docs/rules/services.md#chat-room): online counts from room_presence heartbeats (with each
 * live's status, so polling moves statuses), messages, previews, user details, heartbeats.
 */
export const chatRoomPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const basic = [deps.signed('basic')];

  app.post(
    '/room/online',
    { schema: { body: RoomOnlineRequest, response: responses(RoomOnlineResponse) }, preValidation: basic },
    async (request) => {
      const now = deps.now();
      const ids = [...new Set(request.body.room_ids)];
      const [counts, owners] = await Promise.all([
        deps.repos.presence.onlineCounts(ids, now),
        deps.repos.liveRoom.livesByRoom(ids, now),
      ]);
      return ok({
        items: [...counts].map(([room_id, num]) => {
          const live = owners.get(room_id);
          return live ? { room_id, num, num_index: live.numIndex, status: live.status } : { room_id, num };
        }),
      });
    },
  );

  app.post(
    '/room/message',
    { schema: { body: RoomMessageRequest, response: responses(RoomMessagesResponse) }, preValidation: basic },
    async (request) => {
      const { room_id } = request.body;
      const live = await liveOfRoom(deps, room_id);
      return ok({ room_id, list: await deps.repos.liveRoom.roomMessages(live.numIndex, room_id) });
    },
  );

  app.post(
    '/room/preview',
    { schema: { body: RoomPreviewRequest, response: responses(RoomPreviewResponse) }, preValidation: basic },
    async (request) => {
      const { room_id } = request.body;
      const owner = await liveOfRoom(deps, room_id);
      const live = (await deps.repos.liveRoom.liveTimes(owner.numIndex))!;
      const [online, counts] = await Promise.all([
        deps.repos.presence.onlineCounts([room_id], deps.now()),
        deps.repos.liveRoom.counts(live.id, room_id),
      ]);
      return ok({
        room_id,
        num_index: live.id,
        title: live.title,
        status: owner.status,
        onlines: online.get(room_id) ?? 0,
        message_count: counts.messages + counts.leaves,
      });
    },
  );

  app.post(
    '/room/user_detail',
    { schema: { body: RoomUserDetailRequest, response: responses(RoomUserDetailResponse) }, preValidation: basic },
    async (request) => {
      const { room_id, token } = request.body;
      await liveOfRoom(deps, room_id);
      const found = token ? await deps.repos.users.findSession(token) : null;
      const valid = found && !found.session.revokedAt && found.session.expiresAt.getTime() > deps.now().getTime();
      if (!valid) return ok({ room_id, nickname: '游客', avatar: '', role: 'guest' as const });
      return ok({ room_id, nickname: found.user.realName, avatar: found.user.avatar, role: found.user.role });
    },
  );

  app.post(
    '/room/heartbeat',
    {
      schema: { body: RoomHeartbeatRequest, response: responses(RoomHeartbeatResponse) },
      preValidation: [deps.signed('basic'), deps.guards.optionalUser],
      config: { rate: 'heartbeat' },
    },
    async (request) => {
      const { room_id, mode, join } = request.body;
      const now = deps.now();
      const live = await deps.repos.liveRoom.roomLive(room_id, now);
      if (!live) throw notFound(`No room ${room_id}`);
      const viewer = viewerOf(request.user, request.body.viewer_id);
      // Presence counts viewers of the live only; a replay visit counts one playback once ended.
      const status = liveStatusAt(live.startTime.getTime(), live.endTime.getTime(), now.getTime());
      if (mode === 'live' && status === LiveStatus.live) await deps.repos.presence.heartbeat(room_id, viewer, now);
      // A counted replay join reads the count again: the joiner sees their own viewing and any made meanwhile.
      const counted =
        mode === 'replay' && join && status === LiveStatus.ended
          ? await deps.repos.liveRoom.recordPlayback(live.id, viewer.viewerId, now)
          : false;
      const [online, playbacks] = await Promise.all([
        deps.repos.presence.onlineCounts([room_id], now),
        counted ? deps.repos.liveRoom.playbackCount(live.id) : live.playbackCount,
      ]);
      return ok({ room_id, onlines: online.get(room_id) ?? 0, playback_number: playbacks });
    },
  );
};
