// The latest contacts with a card, clue or customer (calls with their outcome, messages).
import type { Clients, DetailFetcher } from './';

import type { ReachRecent } from '@/api/contract/market-map-reach';
import { fetchRecentContacts } from '@/features/marketing/reach';

type Target = { card_id: number } | { clue_id: number } | { customer_id: number };

const reachRecent: DetailFetcher<Target, ReachRecent> = (c: Clients, params) => fetchRecentContacts(c, params);

export const REACH_DETAIL_FETCHERS = { reachRecent };
