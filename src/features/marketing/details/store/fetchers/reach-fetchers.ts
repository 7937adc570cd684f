// The latest contacts with a card, clue or customer (calls with their outcome, messages).
import type { Clients, DetailFetcher } from './fetcher-types';

import { requestData } from '@/api';
import type { ReachRecent, ReachRecentQuery } from '@/api/contract/market-map-reach';
import { isReachRecent } from '@/api/generated/market-map-reach';

type Target = { card_id: number } | { clue_id: number } | { customer_id: number };

/** GET /chance/reach/recent: the latest calls and messages with this card, clue or customer, newest first. */
export const fetchRecentContacts = (c: Clients, params: ReachRecentQuery) =>
  requestData(c.marketMap, { method: 'GET', url: '/chance/reach/recent', params }, isReachRecent);

const reachRecent: DetailFetcher<Target, ReachRecent> = (c: Clients, params) => fetchRecentContacts(c, params);

export const REACH_DETAIL_FETCHERS = { reachRecent };
