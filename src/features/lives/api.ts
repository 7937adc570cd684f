// Types only from the contract: its schemas are TypeBox values and must stay out of the bundle.
import type { LiveRoomApi } from './live-room-api';

import type { LivePage, LivesByCategoryRequest, MySubscriptionsRequest } from '@/api/contract/lives';
import { isLivePage } from '@/api/generated/lives';
import { bindLazily } from '@/api/lazy';
import { type CancellablePromise, requestData } from '@/api/request';
import type { ServiceClients } from '@/api/services';

export { HOME_CATEGORY_ID } from '@/api/contract/live-constants';
export type { LivePage, LivesByCategoryRequest } from '@/api/contract/lives';

/**
 * A page of lives: POST to the live service, signed by request contents (docs/rules/services.md#content-signed-calls).
 * Null: the live client's empty value after a network failure (docs/rules/errors.md#network-failures).
 */
const livePage =
  <Req>(url: string) =>
  (clients: Pick<ServiceClients, 'liveService'>, req: Req): CancellablePromise<LivePage | null> =>
    requestData(clients.liveService, { method: 'POST', url, data: req, signature: 'content' }, isLivePage);

/** POST /api/live/getLivesByCategoryId: a category's lives (the home list). */
export const fetchLivesByCategory = livePage<LivesByCategoryRequest>('/api/live/getLivesByCategoryId');
/** POST /api/live/mySubscriptions: the signed-in person's booked lives (我的预约). */
export const fetchMySubscriptions = livePage<MySubscriptionsRequest>('/api/live/mySubscriptions');

/** The lives endpoints bound to their clients: the shape sagas reach through `services.api.lives`. */
export interface LivesApi extends LiveRoomApi {
  fetchLivesByCategory(req: LivesByCategoryRequest): CancellablePromise<LivePage | null>;
}

/** The live screens' endpoints: their code and response checks load with the first call, not with the home screen. */
const LIVE_ROOM_ENDPOINTS = [
  'subscribe',
  'fetchDetail',
  'fetchActivityDetail',
  'fetchInteractDetail',
  'authenticate',
  'declineAuth',
  'fetchStatistics',
  'fetchProducts',
  'fetchMarketingPosition',
  'fetchMinutes',
  'fetchRoomOnline',
  'fetchRoomMessages',
  'fetchRoomPreview',
  'fetchRoomUserDetail',
  'heartbeat',
  'leaveMessage',
  'fetchLeaveMessages',
  'fetchLiveState',
  'fetchInteractLives',
  'fetchGeneralId',
] as const satisfies readonly (keyof LiveRoomApi)[];

export function createLivesApi(
  clients: Pick<ServiceClients, 'liveService' | 'liveApp' | 'chatRoom' | 'chatGroup'>,
): LivesApi {
  const room = bindLazily<LiveRoomApi>(
    () => import(/* webpackChunkName: "live-room-api" */ './live-room-api').then((m) => m.createLiveRoomApi(clients)),
    LIVE_ROOM_ENDPOINTS,
  );
  return {
    ...room,
    fetchLivesByCategory: (req) => fetchLivesByCategory(clients, req),
  };
}

declare module '@/store/services' {
  interface SagaApi {
    /** The lives endpoints bound to the shared clients (src/app/api.ts binds them). */
    lives: LivesApi;
  }
}

// Every LiveRoomApi method must be listed above, or it would be missing at run time.
type Unlisted = Exclude<keyof LiveRoomApi, (typeof LIVE_ROOM_ENDPOINTS)[number]>;
const _everyEndpointListed: [Unlisted] extends [never] ? true : Unlisted = true;
