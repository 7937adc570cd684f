import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from './envelope';
import { HOME_CATEGORY_ID } from './live-constants';

/** Plain constants live in live-constants.ts so the client can import them without TypeBox. */
export { LiveStatus, HOME_CATEGORY_ID } from './live-constants';

export const Presenter = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
});
export type Presenter = Static<typeof Presenter>;

/** Live item, spec §3. */
export const LiveItem = Type.Object({
  num_index: Type.Integer({ minimum: 1 }),
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  is_subscribe: Type.Integer({ minimum: 0, maximum: 1 }),
  cover: Type.String(),
  title: Type.String(),
  start_time: Type.Integer({ description: 'unix seconds' }),
  end_time: Type.Integer({ description: 'unix seconds' }),
  kol: Type.Array(Presenter),
  onlines: Type.Integer({ minimum: 0 }),
  subscribe_number: Type.Integer({ minimum: 0 }),
  playback_number: Type.Integer({ minimum: 0 }),
  room_id: Type.String(),
});
export type LiveItem = Static<typeof LiveItem>;

/** POST /api/live/getLivesByCategoryId (live service, signature by request contents). */
export const LivesByCategoryRequest = Type.Object(
  {
    category_id: Type.Literal(HOME_CATEGORY_ID),
    employee_id: Type.String({ minLength: 1, maxLength: 64 }),
    /** The home address's date (YYYY-MM-DD): ended lives older than 180 days before it are left out. */
    date: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  },
  { additionalProperties: false },
);
export type LivesByCategoryRequest = Static<typeof LivesByCategoryRequest>;

export const LivePage = Type.Object({
  list: Type.Array(LiveItem),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer({ minimum: 1 }),
});
export type LivePage = Static<typeof LivePage>;
export const LivesByCategoryResponse = Envelope(LivePage);

/** GET /api/live/getLiveState/{id} (live app). */
export const LiveStateParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const LiveState = Type.Object({
  num_index: Type.Integer(),
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  onlines: Type.Integer({ minimum: 0 }),
});
export type LiveState = Static<typeof LiveState>;
export const LiveStateResponse = Envelope(LiveState);
