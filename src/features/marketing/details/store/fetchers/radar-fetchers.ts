// The reading radar (per material, per customer), a card's next best product and my tracked work's counts.
import type { Clients, DetailFetcher, ListFetcher } from './fetcher-types';

import { requestData } from '@/api';
import type { MaterialRadarPage, NextProduct, RadarRow, WorkStats } from '@/api/contract/market-map-radar';
import { isCustomerRadarPage, isMaterialRadarPage, isNextProduct, isWorkStats } from '@/api/generated/market-map-radar';

const materialRadar: ListFetcher<{ fileId: number }, RadarRow> = (c: Clients, params) =>
  requestData(
    c.marketMap,
    { method: 'GET', url: '/chance/file/radar', params: { ...params, limit: 20 } },
    isMaterialRadarPage,
  );

const customerRadar: ListFetcher<{ customer_id: number }, RadarRow> = (c: Clients, params) =>
  requestData(c.marketMap, { method: 'GET', url: '/clue/radar', params: { ...params, limit: 5 } }, isCustomerRadarPage);

/** The material's title and totals come with every page; the screen's head reads them alone (one row). */
const materialRadarHead: DetailFetcher<{ fileId: number }, Pick<MaterialRadarPage, 'title' | 'summary'>> = async (
  c: Clients,
  params,
) => {
  const page = await requestData(
    c.marketMap,
    { method: 'GET', url: '/chance/file/radar', params: { ...params, limit: 1 } },
    isMaterialRadarPage,
  );
  return page ? { title: page.title, summary: page.summary } : null;
};

const nextProduct: DetailFetcher<{ card_id: number }, NextProduct> = (c: Clients, params) =>
  requestData(c.marketMap, { method: 'GET', url: '/chance-card/next-product', params }, isNextProduct);

const workStats: DetailFetcher<Record<string, never>, WorkStats> = (c: Clients) =>
  requestData(c.marketMap, { method: 'GET', url: '/chance-card/work-stats' }, isWorkStats);

export const RADAR_DETAIL_FETCHERS = { materialRadarHead, nextProduct, workStats };
export const RADAR_LIST_FETCHERS = { materialRadar, customerRadar };
