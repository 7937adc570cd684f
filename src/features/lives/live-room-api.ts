// Types only from the contract: its schemas are TypeBox values and must stay out of the bundle.
import type {
  RoomHeartbeat,
  RoomHeartbeatRequest,
  RoomMessages,
  RoomOnlineResult,
  RoomPreview,
  RoomUserDetail,
} from '@/api/contract/chat-room';
import type {
  InteractAuth,
  InteractDetail,
  LeaveMessage,
  LeaveMessageList,
  LeaveMessageRequest,
  LiveMinutes,
  LiveProductList,
  QualificationDeclaration,
} from '@/api/contract/live-room';
import type {
  LiveDetail,
  LiveDetailRequest,
  LivePage,
  LivesByCategoryRequest,
  LiveState,
  LiveStatistics,
  SubscribeRequest,
  SubscribeResult,
} from '@/api/contract/lives';
import type { GeneralId } from '@/api/contract/phone-sign-in';
import {
  isRoomHeartbeat,
  isRoomMessages,
  isRoomOnlineResult,
  isRoomPreview,
  isRoomUserDetail,
} from '@/api/generated/chat-room';
import {
  isInteractAuth,
  isInteractDeclined,
  isInteractDetail,
  isLeaveMessage,
  isLeaveMessageList,
  isLiveMinutes,
  isLiveProductList,
} from '@/api/generated/live-room';
import { isLiveDetail, isLivePage, isLiveState, isLiveStatistics, isSubscribeResult } from '@/api/generated/lives';
import { isGeneralId } from '@/api/generated/phone-sign-in';
import { type CancellablePromise, requestData } from '@/api/request';
import type { ServiceClients } from '@/api/services';

/** Which of the subscribe calls (docs/rules/services.md#live-service): the activity one, the live app's, or WeChat's one-time subscribe message. */
export type SubscribeChannel = 'activity' | 'liveApp' | 'wechat';

type Clients = Pick<ServiceClients, 'liveService' | 'liveApp' | 'chatRoom' | 'chatGroup'>;

/** The live screens' endpoints (docs/rules/services.md), bound to their clients. Null: the live clients' empty value (docs/rules/errors.md#network-failures). */
export interface LiveRoomApi {
  subscribe(channel: SubscribeChannel, req: SubscribeRequest): CancellablePromise<SubscribeResult | null>;
  fetchDetail(req: LiveDetailRequest): CancellablePromise<LiveDetail | null>;
  fetchActivityDetail(req: LiveDetailRequest): CancellablePromise<LiveDetail | null>;
  fetchInteractDetail(req: LiveDetailRequest): CancellablePromise<InteractDetail | null>;
  authenticate(
    numIndex: number,
    employeeId: string,
    declaration: QualificationDeclaration | null,
  ): CancellablePromise<InteractAuth | null>;
  declineAuth(numIndex: number, employeeId: string): CancellablePromise<{ recorded: boolean } | null>;
  fetchStatistics(id: number): CancellablePromise<LiveStatistics | null>;
  fetchProducts(numIndex: number): CancellablePromise<LiveProductList | null>;
  fetchMarketingPosition(numIndex: number): CancellablePromise<LiveProductList | null>;
  fetchMinutes(numIndex: number): CancellablePromise<LiveMinutes | null>;
  fetchRoomOnline(roomIds: string[]): CancellablePromise<RoomOnlineResult | null>;
  fetchRoomMessages(roomId: string): CancellablePromise<RoomMessages | null>;
  fetchRoomPreview(roomId: string): CancellablePromise<RoomPreview | null>;
  fetchRoomUserDetail(roomId: string, token: string): CancellablePromise<RoomUserDetail | null>;
  heartbeat(req: RoomHeartbeatRequest): CancellablePromise<RoomHeartbeat | null>;
  leaveMessage(req: LeaveMessageRequest): CancellablePromise<LeaveMessage | null>;
  fetchLeaveMessages(numIndex: number): CancellablePromise<LeaveMessageList | null>;
  /** The live app's interact list (topic pages), same shape as the home list. */
  fetchInteractLives(req: LivesByCategoryRequest): CancellablePromise<LivePage | null>;
  /** The status screens follow (a late host, a live that ends). */
  fetchLiveState(id: number): CancellablePromise<LiveState | null>;
  /** POST interact/general_id: the visitor id a first-time guest is known by (null after a network failure). */
  fetchGeneralId(): CancellablePromise<GeneralId | null>;
}

/** GET /api/live/getLiveState/{id} on the live app. Null: the live client's empty value after a network failure (docs/rules/errors.md#network-failures). */
export function fetchLiveState(
  clients: Pick<ServiceClients, 'liveApp'>,
  id: number,
): CancellablePromise<LiveState | null> {
  return requestData(
    clients.liveApp,
    { method: 'GET', url: `/api/live/getLiveState/${encodeURIComponent(id)}` },
    isLiveState,
  );
}

export function createLiveRoomApi(c: Clients): LiveRoomApi {
  return {
    fetchLiveState: (id) => fetchLiveState(c, id),
    fetchGeneralId: () =>
      requestData(c.liveApp, { method: 'POST', url: '/api/live/interact/general_id', data: {} }, isGeneralId),
    fetchInteractLives: (req) =>
      requestData(c.liveApp, { method: 'POST', url: '/api/live/interact/getLivesByCategoryId', data: req }, isLivePage),
    subscribe: (channel, req) =>
      channel === 'activity'
        ? requestData(
            c.liveService,
            { method: 'POST', url: '/api/live/activity/activitySubscribe', data: req },
            isSubscribeResult,
          )
        : channel === 'wechat'
          ? requestData(
              c.liveService,
              { method: 'POST', url: '/api/live/wechatSubscribe', data: req, signature: 'content' },
              isSubscribeResult,
            )
          : requestData(c.liveApp, { method: 'POST', url: '/api/live/subscribe', data: req }, isSubscribeResult),
    fetchDetail: (req) =>
      requestData(
        c.liveService,
        { method: 'POST', url: '/api/live/getDetail', data: req, signature: 'content' },
        isLiveDetail,
      ),
    fetchActivityDetail: (req) =>
      requestData(c.liveService, { method: 'POST', url: '/api/live/activity/detail', data: req }, isLiveDetail),
    fetchInteractDetail: (req) =>
      requestData(c.liveApp, { method: 'POST', url: '/api/live/interact/getDetail', data: req }, isInteractDetail),
    authenticate: (num_index, employee_id, declaration) =>
      requestData(
        c.liveApp,
        {
          method: 'POST',
          url: '/api/live/interact/authentication',
          data: { num_index, employee_id, confirmed: true, ...declaration },
        },
        isInteractAuth,
      ),
    declineAuth: (num_index, employee_id) =>
      requestData(
        c.liveApp,
        { method: 'POST', url: '/api/live/interact/decline', data: { num_index, employee_id } },
        isInteractDeclined,
      ),
    fetchStatistics: (id) =>
      requestData(
        c.liveService,
        { method: 'GET', url: `/api/live/statistics/data/${encodeURIComponent(id)}`, signature: 'content' },
        isLiveStatistics,
      ),
    fetchProducts: (num_index) =>
      requestData(
        c.liveApp,
        { method: 'POST', url: '/api/live/interact/getProductLiveInfo', data: { num_index } },
        isLiveProductList,
      ),
    fetchMarketingPosition: (num_index) =>
      requestData(
        c.liveApp,
        { method: 'POST', url: '/api/live/interact/getMarketingPosition', data: { num_index } },
        isLiveProductList,
      ),
    fetchMinutes: (num_index) =>
      requestData(
        c.liveApp,
        { method: 'POST', url: '/api/live/interact/getLiveMinutes', data: { num_index } },
        isLiveMinutes,
      ),
    fetchRoomOnline: (room_ids) =>
      requestData(c.chatRoom, { method: 'POST', url: '/room/online', data: { room_ids } }, isRoomOnlineResult),
    fetchRoomMessages: (room_id) =>
      requestData(c.chatRoom, { method: 'POST', url: '/room/message', data: { room_id } }, isRoomMessages),
    fetchRoomPreview: (room_id) =>
      requestData(
        c.chatRoom,
        { method: 'POST', url: '/room/preview', data: { room_id, platform_id: 106 } },
        isRoomPreview,
      ),
    fetchRoomUserDetail: (room_id, token) =>
      requestData(c.chatRoom, { method: 'POST', url: '/room/user_detail', data: { room_id, token } }, isRoomUserDetail),
    heartbeat: (req) => requestData(c.chatRoom, { method: 'POST', url: '/room/heartbeat', data: req }, isRoomHeartbeat),
    leaveMessage: (req) =>
      requestData(c.chatGroup, { method: 'POST', url: '/act/leave-message', data: req }, isLeaveMessage),
    fetchLeaveMessages: (num_index) =>
      requestData(
        c.chatGroup,
        { method: 'POST', url: '/act/leave-message/list', data: { num_index } },
        isLeaveMessageList,
      ),
  };
}
