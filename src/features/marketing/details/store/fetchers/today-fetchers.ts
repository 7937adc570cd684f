// 今日 (today's released cards, customer and product cards together) and a product card's holders.
import type { Clients, DetailFetcher } from './fetcher-types';

import { requestData } from '@/api';
import type { ChanceGroup } from '@/api/contract/market-map';
import type { ProductHolders, TodayList } from '@/api/contract/market-map-today';
import { isProductHolders, isTodayList } from '@/api/generated/market-map-today';

const todayCards: DetailFetcher<{ group?: ChanceGroup; category_id?: number }, TodayList> = (c: Clients, params) =>
  requestData(c.marketMap, { method: 'GET', url: '/chance-card/today', params }, isTodayList);

const productHolders: DetailFetcher<{ product_card_id: number }, ProductHolders> = (c: Clients, params) =>
  requestData(c.marketMap, { method: 'GET', url: '/product-card/holders', params }, isProductHolders);

export const TODAY_DETAIL_FETCHERS = { todayCards, productHolders };
