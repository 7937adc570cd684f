import type { Db } from '../db/client';
import { monitorList, productDetail, soldFund } from './marketing-products';
import { effectProjects, moneyFund } from './marketing-products-effect';
import { createShare, recordShareLink, sharePageData, shareRecipients } from './marketing-share';

type Rest<F> = F extends (db: Db, ...rest: infer R) => infer O ? (...rest: R) => O : never;
const bind = <F extends (db: Db, ...rest: never[]) => unknown>(db: Db, f: F) =>
  ((...rest: unknown[]) => (f as unknown as (...a: unknown[]) => unknown)(db, ...rest)) as Rest<F>;

/** The workbench's product reads: held products, monitoring, money funds, projects, shares. */
export function createProductsRepository(db: Db) {
  return {
    soldFund: bind(db, soldFund),
    monitorList: bind(db, monitorList),
    productDetail: bind(db, productDetail),
    moneyFund: bind(db, moneyFund),
    effectProjects: bind(db, effectProjects),
    createShare: bind(db, createShare),
    shareRecipients: bind(db, shareRecipients),
    recordShareLink: bind(db, recordShareLink),
    sharePageData: bind(db, sharePageData),
  };
}
