// The materials area's writes and the customer side of a tracked link (one function per endpoint).
import { requestData, type ServiceClients } from '@/api';
import type {
  ForwardRequest,
  ReadBeaconRequest,
  ShareRecordRequest,
  TransformRequest,
} from '@/api/contract/market-map-materials';
import {
  isForwardResult,
  isMaterialDetail,
  isReadResult,
  isShareMaterial,
  isShareRecorded,
} from '@/api/generated/market-map-materials';

type Clients = Pick<ServiceClients, 'marketMap'>;

/** POST /chance/file/forward: per customer a decision; tracked links for the allowed. */
export const forwardMaterial = (c: Clients, body: ForwardRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/chance/file/forward', data: body }, isForwardResult);
/** POST /chance/file/share-record: what the WeCom share call answered. */
export const recordShare = (c: Clients, body: ShareRecordRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/chance/file/share-record', data: body }, isShareRecorded);
/** POST /resource/wx-article-transform: a link or pasted HTML → my tracked material. */
export const transformArticle = (c: Clients, body: TransformRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/resource/wx-article-transform', data: body }, isMaterialDetail);
/** GET /share/material: the customer's page of a tracked link (token-scoped, no sid). */
export const fetchSharedMaterial = (c: Clients, token: string, openKey: string) =>
  requestData(
    c.marketMap,
    { method: 'GET', url: '/share/material', params: { token, open_key: openKey } },
    isShareMaterial,
  );
/** POST /share/read: a batch of read beacons. */
export const postReadBeacons = (c: Clients, body: ReadBeaconRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/share/read', data: body }, isReadResult);

/** The base address of the marketing map (for sendBeacon, which cannot go through axios). */
export const marketMapBase = (c: Clients): string => c.marketMap.defaults.baseURL ?? '/market_map_url';
