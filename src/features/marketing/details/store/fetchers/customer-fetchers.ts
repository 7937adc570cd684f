// The customer card's and the card-detail screens' fetchers: one request each,
// checked with the generated guards; plugged into DETAIL_FETCHERS / LIST_FETCHERS by one spread.
import type { Clients } from './fetcher-types';

import { type CancellablePromise, requestData } from '@/api';
import type { FundTrendPeriod } from '@/api/contract/market-map-customer';
import { isChanceDetail } from '@/api/generated/market-map-cards';
import { isBehaviourPage, isCustomerChance } from '@/api/generated/market-map-clues';
import {
  isBehaviorSummary,
  isBonusInfo,
  isCustomerAum,
  isCustomerProduct,
  isFundTrend,
  isMultiProduct,
  isMultiTransaction,
  isTransactionPage,
  isTransferPage,
} from '@/api/generated/market-map-customer';

const get = <T>(c: Clients, url: string, params: object, check: (v: unknown) => v is T): CancellablePromise<T | null> =>
  requestData(c.marketMap, { method: 'GET', url, params }, check);

type Customer = { customer_id: number };
type Paged = { cursor?: string };

export const CUSTOMER_DETAIL_FETCHERS = {
  /** GET /chance/detail: the card with every reason, score parts and its last handling. */
  chanceDetail: (c: Clients, p: { card_id: number }) => get(c, '/chance/detail', p, isChanceDetail),
  /** GET /clue/customer-chance: the customer's open card and open clues. */
  customerChance: (c: Clients, p: Customer) => get(c, '/clue/customer-chance', p, isCustomerChance),
  customerAum: (c: Clients, p: Customer) => get(c, '/card-detail/aum', p, isCustomerAum),
  customerFundTrend: (c: Clients, p: Customer & { period: FundTrendPeriod }) =>
    get(c, '/card-detail/user-fund-trend', p, isFundTrend),
  customerHoldings: (c: Clients, p: Customer) => get(c, '/card-detail/get-multi-product', p, isMultiProduct),
  customerTrades: (c: Clients, p: Customer & { product_ids?: string }) =>
    get(c, '/card-detail/multi-transaction-info', p, isMultiTransaction),
  customerBehaviorSummary: (c: Clients, p: Customer & { days: number }) =>
    get(c, '/card-detail/get-behavior', p, isBehaviorSummary),
  customerProduct: (c: Clients, p: Customer & { product_id: number }) =>
    get(c, '/card-detail/get-product', p, isCustomerProduct),
  customerBonus: (c: Clients, p: Customer) => get(c, '/card-detail/bonus-info', p, isBonusInfo),
};

export const CUSTOMER_LIST_FETCHERS = {
  customerTransactions: (c: Clients, p: Customer & Paged) =>
    get(c, '/card-detail/transaction-info', { ...p, limit: 10 }, isTransactionPage),
  customerTransfers: (c: Clients, p: Customer & Paged & { days: number }) =>
    get(c, '/card-detail/get-transfer', { ...p, limit: 10 }, isTransferPage),
  /** GET /clue/behaviors: the behaviour timeline (material reads carry seconds and depth). */
  customerBehaviours: (c: Clients, p: Customer & Paged) =>
    get(c, '/clue/behaviors', { ...p, limit: 15 }, isBehaviourPage),
};
