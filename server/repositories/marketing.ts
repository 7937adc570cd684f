import type { Db } from '../db/client';
import { createEngine } from '../marketing/engine';
import { createLifecycle } from '../marketing/lifecycle';
import { createLiveScan } from '../marketing/live-scan';
import { createSettingsStore } from '../marketing/settings-store';
import { pullCard, waitingCards } from './marketing-backlog';
import { findCard, listCardsByState, listOpenCards, openCardOf } from './marketing-cards';
import { createCustomerCardRepository } from './marketing-customer';
import { behaviours, clueList, findCustomer, rank, servesUser, tagList, userList } from './marketing-people';
import { createProductsRepository } from './marketing-products-repo';
import { cardDetailExtras, chanceType, search, stats } from './marketing-stats';
import { productHolders, todayList } from './marketing-today';

type Rest<F> = F extends (db: Db, ...rest: infer R) => infer O ? (...rest: R) => O : never;
const bind = <F extends (db: Db, ...rest: never[]) => unknown>(db: Db, f: F) =>
  ((...rest: unknown[]) => (f as unknown as (...a: unknown[]) => unknown)(db, ...rest)) as Rest<F>;

/** The adviser workbench's data access: the engine, the card lifecycle and the read models. */
export function createMarketingRepository(db: Db) {
  return {
    engine: createEngine(db),
    lifecycle: createLifecycle(db),
    settings: createSettingsStore(db),
    liveScan: createLiveScan(db),
    listOpenCards: bind(db, listOpenCards),
    listCardsByState: bind(db, listCardsByState),
    todayList: bind(db, todayList),
    waitingCards: bind(db, waitingCards),
    pullCard: bind(db, pullCard),
    productHolders: bind(db, productHolders),
    findCard: bind(db, findCard),
    openCardOf: bind(db, openCardOf),
    cardDetailExtras: bind(db, cardDetailExtras),
    chanceType: bind(db, chanceType),
    stats: bind(db, stats),
    search: bind(db, search),
    userList: bind(db, userList),
    tagList: bind(db, tagList),
    findCustomer: bind(db, findCustomer),
    clueList: bind(db, clueList),
    behaviours: bind(db, behaviours),
    rank: bind(db, rank),
    servesUser: bind(db, servesUser),
    customerCard: createCustomerCardRepository(db),
    products: createProductsRepository(db),
  };
}
