// Types only from the contract: its schemas are TypeBox values and must stay out of the bundle.
import type { LiveDetail, LiveDetailRequest, LiveStatistics, SubscribeRequest, SubscribeResult } from '@/api/contract/lives';
import type {
  ChatMessage,
  RoomHeartbeat,
  RoomHeartbeatRequest,
  RoomMessages,
  RoomOnlineResult,
  RoomPreview,
  RoomUserDetail,
} from '@/api/contract/chatRoom';
import type { InteractAuth, InteractDetail, LeaveMessage, LeaveMessageList, LeaveMessageRequest, LiveMinutes, LiveProductList } from '@/api/contract/liveRoom';
import { isArrayOf, isInteger, isRecord, isString } from '@/lib/guards';
import { requestData, type CancellablePromise } from '@/api/request';
import type { ServiceClients } from '@/api/services';

export type {
  ChatMessage,
  InteractAuth,
  InteractDetail,
  LeaveMessage,
  LeaveMessageList,
  LeaveMessageRequest,
  LiveDetail,
  LiveMinutes,
  LiveProductList,
  LiveStatistics,
  RoomHeartbeat,
  RoomHeartbeatRequest,
  RoomMessages,
  RoomOnlineResult,
  RoomPreview,
  RoomUserDetail,
  SubscribeRequest,
  SubscribeResult,
};
export type { LiveProduct, LiveMinute } from '@/api/contract/liveRoom';

const isStatus = (v: unknown): v is 1 | 2 | 3 => v === 1 || v === 2 || v === 3;
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';

export const isSubscribeResult = (v: unknown): v is SubscribeResult =>
  isRecord(v) && isInteger(v.num_index) && (v.is_subscribe === 0 || v.is_subscribe === 1) && isInteger(v.subscribe_number);

export const isLiveDetail = (v: unknown): v is LiveDetail =>
  isRecord(v) &&
  isInteger(v.num_index) &&
  isStatus(v.status) &&
  isString(v.title) &&
  isString(v.description) &&
  isString(v.hls_url) &&
  isString(v.mp4_url) &&
  isString(v.room_id) &&
  isArrayOf(v.presenters, (p): p is LiveDetail['presenters'][number] => isRecord(p) && isString(p.name) && isString(p.bio));

const isAuth = (v: unknown): v is InteractAuth => isRecord(v) && (v.required === null || isString(v.required)) && isBool(v.passed);
const isInteractDetail = (v: unknown): v is InteractDetail => isRecord(v) && isLiveDetail(v.live) && isAuth(v.auth);
const isOnline = (v: unknown): v is RoomOnlineResult =>
  isRecord(v) && isArrayOf(v.items, (i): i is RoomOnlineResult['items'][number] => isRecord(i) && isString(i.room_id) && isInteger(i.num));
const isMessage = (v: unknown): v is ChatMessage => isRecord(v) && isString(v.id) && isString(v.content) && isString(v.sender_name);
const isMessages = (v: unknown): v is RoomMessages => isRecord(v) && isArrayOf(v.list, isMessage);
const isHeartbeat = (v: unknown): v is RoomHeartbeat => isRecord(v) && isInteger(v.onlines) && isInteger(v.playback_number);
const isProducts = (v: unknown): v is LiveProductList => isRecord(v) && isArrayOf(v.list, (p): p is LiveProductList['list'][number] => isRecord(p) && isString(p.name));
const isMinutes = (v: unknown): v is LiveMinutes =>
  isRecord(v) && isArrayOf(v.list, (m): m is LiveMinutes['list'][number] => isRecord(m) && isInteger(m.offset_seconds) && isString(m.title));
const isLeave = (v: unknown): v is LeaveMessage => isRecord(v) && isInteger(v.id) && isString(v.content);
const isLeaveList = (v: unknown): v is LeaveMessageList => isRecord(v) && isArrayOf(v.list, isLeave) && isInteger(v.total);
const isStatistics = (v: unknown): v is LiveStatistics => isRecord(v) && isInteger(v.playback_number) && isInteger(v.subscribe_number);
const isPreview = (v: unknown): v is RoomPreview => isRecord(v) && isString(v.room_id) && isInteger(v.onlines);
const isUserDetail = (v: unknown): v is RoomUserDetail => isRecord(v) && isString(v.nickname);

/** Which of spec §7's subscribe calls: the activity one, the live app's, or WeChat's one-time subscribe message. */
export type SubscribeChannel = 'activity' | 'liveApp' | 'wechat';

type Clients = Pick<ServiceClients, 'liveService' | 'liveApp' | 'chatRoom' | 'chatGroup'>;

/** The live screens' endpoints (spec §7), bound to their clients. Null: the live clients' empty value (spec §8). */
export interface LiveRoomApi {
  subscribe(channel: SubscribeChannel, req: SubscribeRequest): CancellablePromise<SubscribeResult | null>;
  fetchDetail(req: LiveDetailRequest): CancellablePromise<LiveDetail | null>;
  fetchActivityDetail(req: LiveDetailRequest): CancellablePromise<LiveDetail | null>;
  fetchInteractDetail(req: LiveDetailRequest): CancellablePromise<InteractDetail | null>;
  authenticate(numIndex: number, employeeId: string): CancellablePromise<InteractAuth | null>;
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
}

export function createLiveRoomApi(c: Clients): LiveRoomApi {
  return {
    subscribe: (channel, req) =>
      channel === 'activity'
        ? requestData(c.liveService, { method: 'POST', url: '/api/live/activity/activitySubscribe', data: req }, isSubscribeResult)
        : channel === 'wechat'
          ? requestData(c.liveService, { method: 'POST', url: '/api/live/wechatSubscribe', data: req, signature: 'content' }, isSubscribeResult)
          : requestData(c.liveApp, { method: 'POST', url: '/api/live/subscribe', data: req }, isSubscribeResult),
    fetchDetail: (req) => requestData(c.liveService, { method: 'POST', url: '/api/live/getDetail', data: req, signature: 'content' }, isLiveDetail),
    fetchActivityDetail: (req) => requestData(c.liveService, { method: 'POST', url: '/api/live/activity/detail', data: req }, isLiveDetail),
    fetchInteractDetail: (req) => requestData(c.liveApp, { method: 'POST', url: '/api/live/interact/getDetail', data: req }, isInteractDetail),
    authenticate: (num_index, employee_id) =>
      requestData(c.liveApp, { method: 'POST', url: '/api/live/interact/authentication', data: { num_index, employee_id, confirmed: true } }, isAuth),
    fetchStatistics: (id) =>
      requestData(c.liveService, { method: 'GET', url: `/api/live/statistics/data/${encodeURIComponent(id)}`, signature: 'content' }, isStatistics),
    fetchProducts: (num_index) => requestData(c.liveApp, { method: 'POST', url: '/api/live/interact/getProductLiveInfo', data: { num_index } }, isProducts),
    fetchMarketingPosition: (num_index) =>
      requestData(c.liveApp, { method: 'POST', url: '/api/live/interact/getMarketingPosition', data: { num_index } }, isProducts),
    fetchMinutes: (num_index) => requestData(c.liveApp, { method: 'POST', url: '/api/live/interact/getLiveMinutes', data: { num_index } }, isMinutes),
    fetchRoomOnline: (room_ids) => requestData(c.chatRoom, { method: 'POST', url: '/room/online', data: { room_ids } }, isOnline),
    fetchRoomMessages: (room_id) => requestData(c.chatRoom, { method: 'POST', url: '/room/message', data: { room_id } }, isMessages),
    fetchRoomPreview: (room_id) => requestData(c.chatRoom, { method: 'POST', url: '/room/preview', data: { room_id, platform_id: 106 } }, isPreview),
    fetchRoomUserDetail: (room_id, token) => requestData(c.chatRoom, { method: 'POST', url: '/room/user_detail', data: { room_id, token } }, isUserDetail),
    heartbeat: (req) => requestData(c.chatRoom, { method: 'POST', url: '/room/heartbeat', data: req }, isHeartbeat),
    leaveMessage: (req) => requestData(c.chatGroup, { method: 'POST', url: '/act/leave-message', data: req }, isLeave),
    fetchLeaveMessages: (num_index) => requestData(c.chatGroup, { method: 'POST', url: '/act/leave-message/list', data: { num_index } }, isLeaveList),
  };
}
