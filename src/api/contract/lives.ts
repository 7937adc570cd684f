import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { HOME_CATEGORY_ID } from './live-constants';

/** Plain constants live in live-constants.ts so the client can import them without TypeBox. */
export { HOME_CATEGORY_ID, LiveStatus } from './live-constants';

export const Presenter = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
});
export type Presenter = Static<typeof Presenter>;

/** Live item, docs/rules/data.md#live-item. */
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

/**
 * POST /api/live/mySubscriptions (live service): the signed-in person's booked lives for 我的 (the spec lists no
 * such call; the page needs one). Lives still ahead first, soonest first, then ended ones; total is all booked.
 */
export const MySubscriptionsRequest = Type.Object(
  { page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) },
  { additionalProperties: false },
);
export type MySubscriptionsRequest = Static<typeof MySubscriptionsRequest>;

/** GET /api/live/getLiveState/{id} (live app). */
export const LiveStateParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const LiveState = Type.Object({
  num_index: Type.Integer(),
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  onlines: Type.Integer({ minimum: 0 }),
});
export type LiveState = Static<typeof LiveState>;
export const LiveStateResponse = Envelope(LiveState);

/**
 * Subscribe payload (docs/rules/data.md#subscribe-payload, docs/rules/validation.md#subscribe-payload): union_id only when not null. is_subscribe 0 cancels;
 * absent or 1 subscribes. Shared by activitySubscribe, /api/live/subscribe and wechatSubscribe.
 */
export const SubscribeRequest = Type.Object(
  {
    num_index: Type.Integer({ minimum: 1 }),
    real_name: Type.String({ maxLength: 64 }),
    union_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    employee_id: Type.String({ minLength: 1, maxLength: 64 }),
    is_subscribe: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    /** wechatSubscribe only: the one-time subscribe-message template the user accepted. */
    template_id: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);
export type SubscribeRequest = Static<typeof SubscribeRequest>;
export const SubscribeResult = Type.Object({
  num_index: Type.Integer(),
  is_subscribe: Type.Union([Type.Literal(0), Type.Literal(1)]),
  subscribe_number: Type.Integer({ minimum: 0 }),
});
export type SubscribeResult = Static<typeof SubscribeResult>;
export const SubscribeResponse = Envelope(SubscribeResult);

export const PresenterDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar: Type.String(),
  title: Type.String(),
  bio: Type.String(),
});
export type PresenterDetail = Static<typeof PresenterDetail>;

/** POST /api/live/getDetail and /api/live/activity/detail: one live with what its screens show. */
export const LiveDetailRequest = Type.Object(
  { num_index: Type.Integer({ minimum: 1 }), employee_id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type LiveDetailRequest = Static<typeof LiveDetailRequest>;
export const LiveDetail = Type.Object({
  ...LiveItem.properties,
  description: Type.String(),
  presenters: Type.Array(PresenterDetail),
  /** HLS playlist of the live (or of its replay once ended), and an MP4 fallback. */
  hls_url: Type.String(),
  mp4_url: Type.String(),
  message_count: Type.Integer({ minimum: 0 }),
});
export type LiveDetail = Static<typeof LiveDetail>;
export const LiveDetailResponse = Envelope(LiveDetail);

/** GET /api/live/statistics/data/{id}. */
export const LiveStatistics = Type.Object({
  num_index: Type.Integer(),
  status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  onlines: Type.Integer({ minimum: 0 }),
  subscribe_number: Type.Integer({ minimum: 0 }),
  playback_number: Type.Integer({ minimum: 0 }),
  message_count: Type.Integer({ minimum: 0 }),
  leave_message_count: Type.Integer({ minimum: 0 }),
});
export type LiveStatistics = Static<typeof LiveStatistics>;
export const LiveStatisticsResponse = Envelope(LiveStatistics);
