// A card's next best products (up to three, each with its material), or why none.
import type { Clients, DetailFetcher } from './fetcher-types';

import { requestData } from '@/api';
import type { NextProducts } from '@/api/contract/market-map-next-products';
import { isNextProducts } from '@/api/generated/market-map-next-products';

const nextProducts: DetailFetcher<{ card_id: number }, NextProducts> = (c: Clients, params) =>
  requestData(c.marketMap, { method: 'GET', url: '/chance-card/next-products', params }, isNextProducts);

export const NEXT_PRODUCTS_DETAIL_FETCHERS = { nextProducts };
