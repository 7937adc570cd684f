// 待处理 (the cards waiting behind the daily cap) and 提前处理 (one let in by hand).
import type { Clients, DetailFetcher, ListFetcher } from './fetcher-types';

import { requestData } from '@/api';
import type { CardItem } from '@/api/contract/market-map';
import type { PullResult, WaitingPage } from '@/api/contract/market-map-backlog';
import { isPullResult, isWaitingPage } from '@/api/generated/market-map-backlog';

const waitingCards: ListFetcher<{ limit?: number }, CardItem> = (c: Clients, params) =>
  requestData(c.marketMap, { method: 'GET', url: '/chance-card/waiting', params }, isWaitingPage);

/** The backlog's head: how many, and why they wait (the first card only, for its page's fields). */
const waitingSummary: DetailFetcher<{ limit: 1 }, WaitingPage> = (c: Clients, params) =>
  requestData(c.marketMap, { method: 'GET', url: '/chance-card/waiting', params }, isWaitingPage);

export const pullCard = (c: Clients, body: { card_id: number }): Promise<PullResult | null> =>
  requestData(c.marketMap, { method: 'POST', url: '/chance-card/pull', data: body }, isPullResult);

export const BACKLOG_DETAIL_FETCHERS = { waitingSummary };
export const BACKLOG_LIST_FETCHERS = { waitingCards };
