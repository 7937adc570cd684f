// Every keyed detail and list of the workbench's detail screens, by kind. Each area keeps its own
// fetchers file (fetchers/*.ts) and adds it here with one spread, so the areas do not edit one list.
import type { DetailParams } from './details-slice';
import { BACKLOG_DETAIL_FETCHERS, BACKLOG_LIST_FETCHERS } from './fetchers/backlog-fetchers';
import { CUSTOMER_DETAIL_FETCHERS, CUSTOMER_LIST_FETCHERS } from './fetchers/customer-fetchers';
import { MATERIAL_DETAIL_FETCHERS, MATERIAL_LIST_FETCHERS } from './fetchers/materials-fetchers';
import { NEXT_PRODUCTS_DETAIL_FETCHERS } from './fetchers/next-products-fetchers';
import { PRODUCT_DETAIL_FETCHERS, PRODUCT_LIST_FETCHERS } from './fetchers/products-fetchers';
import { RADAR_DETAIL_FETCHERS, RADAR_LIST_FETCHERS } from './fetchers/radar-fetchers';
import { REACH_DETAIL_FETCHERS } from './fetchers/reach-fetchers';
import { TODAY_DETAIL_FETCHERS } from './fetchers/today-fetchers';

export const DETAIL_FETCHERS = {
  ...CUSTOMER_DETAIL_FETCHERS,
  ...PRODUCT_DETAIL_FETCHERS,
  ...MATERIAL_DETAIL_FETCHERS,
  ...RADAR_DETAIL_FETCHERS,
  ...REACH_DETAIL_FETCHERS,
  ...TODAY_DETAIL_FETCHERS,
  ...BACKLOG_DETAIL_FETCHERS,
  ...NEXT_PRODUCTS_DETAIL_FETCHERS,
};

export const LIST_FETCHERS = {
  ...CUSTOMER_LIST_FETCHERS,
  ...PRODUCT_LIST_FETCHERS,
  ...MATERIAL_LIST_FETCHERS,
  ...RADAR_LIST_FETCHERS,
  ...BACKLOG_LIST_FETCHERS,
};

type Fetchers = typeof DETAIL_FETCHERS;
type Lists = typeof LIST_FETCHERS;
type AnyFn = (...args: never[]) => unknown;
export type DetailKind = keyof Fetchers & string;
export type ListKind = keyof Lists & string;
type FnOf<M, K extends keyof M> = M[K] extends AnyFn ? M[K] : never;
/** The parameters a kind takes (without the cursor, which the list saga adds). */
export type DetailParamsOf<K extends DetailKind> = Parameters<FnOf<Fetchers, K>>[1] & DetailParams;
export type ListParamsOf<K extends ListKind> = Omit<Parameters<FnOf<Lists, K>>[1], 'cursor'> & DetailParams;
export type DetailDataOf<K extends DetailKind> = NonNullable<Awaited<ReturnType<FnOf<Fetchers, K>>>>;
export type ListItemOf<K extends ListKind> =
  NonNullable<Awaited<ReturnType<FnOf<Lists, K>>>> extends { list: Array<infer T> } ? T : never;
