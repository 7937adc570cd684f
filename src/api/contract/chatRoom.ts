import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from './envelope';

/** POST /chat-room/room/online {room_ids}: how many viewers each room has right now. */
export const RoomOnlineRequest = Type.Object(
  { room_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export type RoomOnlineRequest = Static<typeof RoomOnlineRequest>;

/** Room online result (spec §3): items with room_id and num. */
export const RoomOnlineResult = Type.Object({
  items: Type.Array(Type.Object({ room_id: Type.String(), num: Type.Integer({ minimum: 0 }) })),
});
export type RoomOnlineResult = Static<typeof RoomOnlineResult>;
export const RoomOnlineResponse = Envelope(RoomOnlineResult);

/** A viewer counts as online while their last heartbeat is at most this old. */
export const ONLINE_WINDOW_SECONDS = 60;
