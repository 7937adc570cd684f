// The product screens' reads: one function per endpoint with its generated guard,
// keyed into the detail store by kind (detail-fetchers.ts spreads these in).
import type { Clients, ListFetcher } from './fetcher-types';

import { requestData } from '@/api';
import type { RecipientPage } from '@/api/contract/market-map-materials';
import type {
  EffectQuery,
  MoneyFundQuery,
  ShareCreateRequest,
  ShareLinkRecordRequest,
  SoldFundParams,
} from '@/api/contract/market-map-products';
import { isRecipientPage } from '@/api/generated/market-map-materials';
import {
  isEffectPage,
  isMoneyFundPage,
  isMonitorListData,
  isProductDetail,
  isShareCreated,
  isShareLinkRecorded,
  isSharePageData,
  isSoldFundData,
} from '@/api/generated/market-map-products';

const get = <T>(c: Clients, url: string, params: object | undefined, check: (v: unknown) => v is T) =>
  requestData(c.marketMap, { method: 'GET', url, params }, check);

/** GET /product_monitor/list/:id: series, benchmark, drawdown and my holders. */
export const fetchProductDetail = (c: Clients, p: { product_id: number }) =>
  get(c, `/product_monitor/list/${p.product_id}`, undefined, isProductDetail);
/** GET /product_monitor/list: held products with moves and alerts. */
export const fetchMonitorList = (c: Clients, _p: Record<string, never>) =>
  get(c, '/product_monitor/list', undefined, isMonitorListData);
/** GET /sold_fund/:kind/:product_id?. */
export const fetchSoldFund = (c: Clients, p: SoldFundParams) =>
  get(
    c,
    `/sold_fund/${encodeURIComponent(p.kind)}${p.product_id ? `/${p.product_id}` : ''}`,
    undefined,
    isSoldFundData,
  );
/** GET /monetary-fund/index: idle balances, cursor paging. */
export const fetchMoneyFund = (c: Clients, q: MoneyFundQuery) => get(c, '/monetary-fund/index', q, isMoneyFundPage);
/** The totals of /monetary-fund/index (idle sum, customers, each money fund's yield): one row asked, the page's extras kept. */
export const fetchMoneyFundSummary = async (c: Clients, _p: Record<string, never>) => {
  const page = await fetchMoneyFund(c, { limit: 1 });
  return page ? { idle_total: page.idle_total, total: page.total, yields: page.yields } : null;
};
/** GET /chance/effect-list-projects: lives and meetings with their effect, cursor paging. */
export const fetchEffectProjects = (c: Clients, q: EffectQuery) =>
  get(c, '/chance/effect-list-projects', q, isEffectPage);
/**
 * GET /share/product-page: the page (no session needed; the code is the permission). A signed-in reader's
 * token goes along: the customer the link was made for sees the performance, anyone else the public view.
 */
export const fetchSharePage = (c: Clients, p: { code: string }) =>
  requestData(
    c.marketMap,
    { method: 'GET', url: '/share/product-page', params: { code: p.code }, withUserToken: true },
    isSharePageData,
  );
/** POST /share/product: a share code for a customer-facing page (a write: its own saga, not the detail store). */
export const createProductShare = (c: Clients, req: ShareCreateRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/share/product', data: req }, isShareCreated);

/** POST /share/product/record: WeCom's answer for a link; only a confirmed send spends the customer's contact. */
export const recordProductShare = (c: Clients, req: ShareLinkRecordRequest) =>
  requestData(c.marketMap, { method: 'POST', url: '/share/product/record', data: req }, isShareLinkRecorded);
/** GET /share/product/recipients: my customers with the verdict for the product and their contact budget. */
const shareRecipients: ListFetcher<{ product_id: number; keyword?: string }, RecipientPage['list'][number]> = (
  c: Clients,
  params,
) => get(c, '/share/product/recipients', { ...params, limit: 30 }, isRecipientPage);

export const PRODUCT_DETAIL_FETCHERS = {
  productDetail: fetchProductDetail,
  monitorList: fetchMonitorList,
  soldFund: fetchSoldFund,
  sharePage: fetchSharePage,
  moneyFundSummary: fetchMoneyFundSummary,
};

export const PRODUCT_LIST_FETCHERS = {
  moneyFund: fetchMoneyFund,
  effectProjects: fetchEffectProjects,
  shareRecipients,
};
