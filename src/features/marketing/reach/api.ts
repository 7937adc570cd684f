// Calls and messages to a customer or a clue's visitor (one function per endpoint; the latest contacts are a
// read of the details cache, in details/store/fetchers/reach.ts).
import { requestData, type ServiceClients } from '@/api';
import type {
  ReachCallRequest,
  ReachMessageRequest,
  ReachMessageResultRequest,
  ReachOutcomeRequest,
} from '@/api/contract/market-map-reach';
import type { SendOptionsQuery } from '@/api/contract/market-map-send';
import {
  isReachBridged,
  isReachCall,
  isReachContact,
  isReachMessage,
  isReachMessageResult,
} from '@/api/generated/market-map-reach';
import { isSendOptions } from '@/api/generated/market-map-send';

type Clients = Pick<ServiceClients, 'marketMap'>;

/** POST /chance/reach/call: a one-time link to the firm's call bridge. */
export const startCall = (c: Clients, body: ReachCallRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/chance/reach/call', data: body }, isReachCall);
/** The bridge link itself (the local stand-in answers with what it dialled; the link is absolute). */
export const openBridge = (c: Clients, link: string) =>
  requestData(c.marketMap, { method: 'GET', url: link, baseURL: '' }, isReachBridged);
/** POST /chance/reach/message: the external contact to open the WeCom chat with (recorded). */
export const startMessage = (c: Clients, body: ReachMessageRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/chance/reach/message', data: body }, isReachMessage);
/** POST /chance/reach/outcome: how the call went. */
export const recordOutcome = (c: Clients, body: ReachOutcomeRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/chance/reach/outcome', data: body }, isReachContact);
/** GET /chance/reach/send-options: what 发消息 may send to this customer (a read: nothing recorded or spent). */
export const fetchSendOptions = (c: Clients, params: SendOptionsQuery) =>
  requestData(c.marketMap, { method: 'GET', url: '/chance/reach/send-options', params }, isSendOptions);
/** POST /chance/reach/message-result: what WeCom answered for a plain text. */
export const recordMessageResult = (c: Clients, body: ReachMessageResultRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/chance/reach/message-result', data: body }, isReachMessageResult);
