import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';

/** POST /chat-room/room/online {room_ids}: how many viewers each room has right now. */
export const RoomOnlineRequest = Type.Object(
  { room_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export type RoomOnlineRequest = Static<typeof RoomOnlineRequest>;

/** Room online result (docs/rules/data.md#service-results): items with room_id and num. */
/**
 * Items also carry the live's id and status when the room belongs to a live, so one poll
 * moves statuses (upcoming → live → ended) on screen without a reload.
 */
export const RoomOnlineItem = Type.Object({
  room_id: Type.String(),
  num: Type.Integer({ minimum: 0 }),
  num_index: Type.Optional(Type.Integer()),
  status: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
});
export type RoomOnlineItem = Static<typeof RoomOnlineItem>;
export const RoomOnlineResult = Type.Object({ items: Type.Array(RoomOnlineItem) });
export type RoomOnlineResult = Static<typeof RoomOnlineResult>;
export const RoomOnlineResponse = Envelope(RoomOnlineResult);

/** A viewer counts as online while their last heartbeat is at most this old. */
export const ONLINE_WINDOW_SECONDS = 60;

const RoomId = Type.String({ minLength: 1, maxLength: 64 });

/** A chat message; `leave` ones were left through leave-a-message. Text only, never HTML. */
export const ChatMessage = Type.Object({
  id: Type.String({ description: 'c<id> for chat, l<id> for leave-messages' }),
  kind: Type.Union([Type.Literal('chat'), Type.Literal('leave')]),
  sender_name: Type.String(),
  sender_role: Type.Union([Type.Literal('presenter'), Type.Literal('assistant'), Type.Literal('viewer')]),
  content: Type.String(),
  created_at: Type.Integer({ description: 'unix seconds' }),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** POST /chat-room/room/message {room_id}: the latest messages, oldest first. */
export const RoomMessageRequest = Type.Object({ room_id: RoomId }, { additionalProperties: false });
export type RoomMessageRequest = Static<typeof RoomMessageRequest>;
export const RoomMessages = Type.Object({ room_id: Type.String(), list: Type.Array(ChatMessage) });
export type RoomMessages = Static<typeof RoomMessages>;
export const RoomMessagesResponse = Envelope(RoomMessages);

/** POST /chat-room/room/preview {room_id, platform_id 106}: a glance at a room before entering. */
export const RoomPreviewRequest = Type.Object(
  { room_id: RoomId, platform_id: Type.Literal(106) },
  { additionalProperties: false },
);
export type RoomPreviewRequest = Static<typeof RoomPreviewRequest>;
export const RoomPreview = Type.Object({
  room_id: Type.String(),
  num_index: Type.Integer(),
  title: Type.String(),
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  onlines: Type.Integer({ minimum: 0 }),
  message_count: Type.Integer({ minimum: 0 }),
});
export type RoomPreview = Static<typeof RoomPreview>;
export const RoomPreviewResponse = Envelope(RoomPreview);

/** POST /chat-room/room/user_detail {room_id, token}: how the viewer appears in the room. */
export const RoomUserDetailRequest = Type.Object(
  { room_id: RoomId, token: Type.String({ maxLength: 256 }) },
  { additionalProperties: false },
);
export const RoomUserDetail = Type.Object({
  room_id: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  role: Type.Union([Type.Literal('guest'), Type.Literal('adviser'), Type.Literal('customer')]),
});
export type RoomUserDetail = Static<typeof RoomUserDetail>;
export const RoomUserDetailResponse = Envelope(RoomUserDetail);

/**
 * POST /chat-room/room/heartbeat: the viewer is in the room (live) or watching its replay.
 * `join` marks the first beat of a visit: a replay join counts one playback.
 */
export const RoomHeartbeatRequest = Type.Object(
  {
    room_id: RoomId,
    viewer_id: Type.String({ minLength: 1, maxLength: 64 }),
    mode: Type.Union([Type.Literal('live'), Type.Literal('replay')]),
    join: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RoomHeartbeatRequest = Static<typeof RoomHeartbeatRequest>;
export const RoomHeartbeat = Type.Object({
  room_id: Type.String(),
  onlines: Type.Integer({ minimum: 0 }),
  playback_number: Type.Integer({ minimum: 0 }),
});
export type RoomHeartbeat = Static<typeof RoomHeartbeat>;
export const RoomHeartbeatResponse = Envelope(RoomHeartbeat);
