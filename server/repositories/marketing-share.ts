import { eq } from 'drizzle-orm';
import type { ShareCreated, SharePage, SharePageData } from '../../src/api/contract/marketMap-products';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { SHARE_TTL_DAYS, shareKey, signShareCode, verifyShareCode } from '../marketing/share-code';
import { productBrief } from './marketing-map';
import { findProduct, productSeries } from './marketing-products';

const RISK_NAMES: Record<string, string> = { R1: '低风险', R2: '中低风险', R3: '中风险', R4: '中高风险', R5: '高风险' };
/** The two sentences every customer-facing product page carries (PRODUCT.md). */
export const DISCLOSURES = ['基金有风险，投资需谨慎', '过往业绩不代表未来表现'] as const;

export type ShareRefusal = 'not_found' | 'private';

/** A share code for one of the firm's products, signed for the adviser. Private funds may not be promoted in public. */
export async function createShare(db: Db, adviserId: number, productId: number, page: SharePage, now: Date): Promise<ShareCreated | ShareRefusal> {
  const product = await findProduct(db, productId);
  if (!product) return 'not_found';
  if (product.qualifiedOnly) return 'private';
  const exp = Math.floor(now.getTime() / 1000) + SHARE_TTL_DAYS * 86_400;
  const code = signShareCode(await shareKey(db, now), { adviserId, productId, page, exp });
  return {
    code, page, expires_at: exp,
    title: page === 'public' ? `${product.name} 分红记录` : `${product.name} 业绩走势`,
    desc: `${product.code} · ${RISK_NAMES[product.riskLevel]}(${product.riskLevel}) · 基金有风险，投资需谨慎`,
  };
}

/**
 * The public page's data for a code: what GET /share/product-page answers and what a server-side
 * render of RateShareDetail / publicShareDetail would read. No session: the code is the permission.
 */
export async function sharePageData(db: Db, code: string, now: Date): Promise<SharePageData | 'invalid' | 'expired'> {
  const claims = verifyShareCode(await shareKey(db, now), code, now);
  if (typeof claims === 'string') return claims;
  const [product, [adviser]] = await Promise.all([findProduct(db, claims.productId), db.select().from(users).where(eq(users.id, claims.adviserId))]);
  if (!product || !adviser || adviser.role !== 'adviser' || product.qualifiedOnly) return 'invalid';
  const s = await productSeries(db, product, now);
  return {
    page: claims.page, product: productBrief(product), series_kind: s.series_kind, series: s.series, benchmark: s.benchmark, dividends: s.dividends,
    disclosures: [`产品风险等级：${product.riskLevel}（${RISK_NAMES[product.riskLevel]}），请确认与您的风险承受能力相匹配`, ...DISCLOSURES],
    adviser: { name: adviser.realName, title: adviser.title ?? '理财师', certificate_no: adviser.certificateNo ?? '', avatar: adviser.avatar },
    expires_at: claims.exp,
  };
}
