import type { Db } from '../db/client';
import { createEngine } from '../marketing/engine';
import { forward, recipients, recordShare } from './marketing-forwards';
import { findMaterial, listFiles, materialDetail, pdfBytes } from './marketing-materials';
import { nextProduct } from './marketing-next-product';
import { nextProducts } from './marketing-next-products';
import { findCustomer } from './marketing-people';
import { customerRadar, materialRadar, workStats } from './marketing-radar';
import { recordRead, shareMaterial, sharePdfMaterialId } from './marketing-reads';
import { resubmitArticle, transformArticle } from './marketing-transform';

type Rest<F> = F extends (db: Db, ...rest: infer R) => infer O ? (...rest: R) => O : never;
const bind = <F extends (db: Db, ...rest: never[]) => unknown>(db: Db, f: F) =>
  ((...rest: unknown[]) => (f as unknown as (...a: unknown[]) => unknown)(db, ...rest)) as Rest<F>;

/** Materials, forwards with their suitability audit, tracked-link reads. */
export function createMaterialsRepository(db: Db) {
  const engine = createEngine(db);
  return {
    findCustomer: bind(db, findCustomer),
    listFiles: bind(db, listFiles),
    materialDetail: bind(db, materialDetail),
    findMaterial: bind(db, findMaterial),
    pdfBytes: bind(db, pdfBytes),
    recipients: bind(db, recipients),
    forward: bind(db, forward),
    recordShare: bind(db, recordShare),
    transformArticle: bind(db, transformArticle),
    resubmitArticle: bind(db, resubmitArticle),
    shareMaterial: bind(db, shareMaterial),
    sharePdfMaterialId: bind(db, sharePdfMaterialId),
    materialRadar: bind(db, materialRadar),
    nextProducts: bind(db, nextProducts),
    customerRadar: bind(db, customerRadar),
    nextProduct: bind(db, nextProduct),
    workStats: bind(db, workStats),
    recordRead: (body: Parameters<typeof recordRead>[2], now: Date) => recordRead(db, engine, body, now),
  };
}
