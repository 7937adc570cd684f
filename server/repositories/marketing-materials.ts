import { and, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';

import type { Suitability } from '../../src/api/contract/market-map-common';
import type { MaterialDetail, MaterialItem, ProjectFilesQuery } from '../../src/api/contract/market-map-materials';
import { FUND_DISCLOSURES } from '../../src/api/contract/product-risk-constants';
import type { Db } from '../db/client';
import { type mktCustomers, mktMaterialFiles, mktMaterialProducts, mktMaterials, mktProducts } from '../db/schema';
import { decideForward, forwardCustomer, forwardMaterial } from '../materials/forward-decision';
import { signedPdfPath } from '../materials/tokens';
import { productBrief } from './marketing-map';
import { likePattern } from './query-helpers';

type Material = typeof mktMaterials.$inferSelect;
type Product = typeof mktProducts.$inferSelect;
type Customer = typeof mktCustomers.$inferSelect;
const PAGE = 20;

/** What this adviser may see: the firm's library and their own materials. */
export const visibleTo = (adviserId: number): SQL =>
  or(isNull(mktMaterials.ownerAdviserId), eq(mktMaterials.ownerAdviserId, adviserId))!;

export async function productsOf(db: Db, materialIds: readonly number[]): Promise<Map<number, Product[]>> {
  const out = new Map<number, Product[]>();
  if (materialIds.length === 0) return out;
  const rows = await db
    .select({ materialId: mktMaterialProducts.materialId, product: mktProducts })
    .from(mktMaterialProducts)
    .innerJoin(mktProducts, eq(mktProducts.id, mktMaterialProducts.productId))
    .where(inArray(mktMaterialProducts.materialId, [...materialIds]))
    .orderBy(mktProducts.id);
  for (const r of rows) out.set(r.materialId, [...(out.get(r.materialId) ?? []), r.product]);
  return out;
}

/** The verdict the material list shows for one customer: validity, then suitability (the budget is the send's). */
export function suitabilityOf(
  customer: Customer,
  material: Material,
  products: readonly Product[],
  now: Date,
): Suitability {
  const d = decideForward({
    adviserId: customer.adviserId,
    customer: forwardCustomer(customer),
    material: forwardMaterial(material, products),
    sentAt: [],
    now,
  });
  return d.allowed ? { ok: true } : { ok: false, reason_code: d.reason, reason: d.message };
}

/** What every list of materials shows first of one (the library, the review queue): which it is and what it says. */
export const materialHead = (m: Material) => ({
  material_id: m.id,
  kind: m.kind,
  project: m.project,
  title: m.title,
  summary: m.summary,
});

function item(
  m: Material,
  products: readonly Product[],
  pages: number | null,
  adviserId: number,
  now: Date,
): MaterialItem {
  return {
    ...materialHead(m),
    image_url: m.imageUrl,
    review_no: m.reviewNo,
    valid_until: Math.floor(m.validUntil.getTime() / 1000),
    expired: now < m.validFrom || now >= m.validUntil,
    own: m.ownerAdviserId === adviserId,
    review_state: m.reviewState,
    review_expires_at: m.reviewExpiresAt ? Math.floor(m.reviewExpiresAt.getTime() / 1000) : null,
    // The 修改意见 is the author's to read; other advisers see only the state.
    review_comment: m.ownerAdviserId === adviserId && m.reviewState === 'returned' ? m.reviewComment : null,
    pages,
    products: products.map(productBrief),
  };
}

export async function pagesOf(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: mktMaterialFiles.materialId, pages: mktMaterialFiles.pages })
    .from(mktMaterialFiles)
    .where(inArray(mktMaterialFiles.materialId, [...ids]));
  return new Map(rows.map((r) => [r.id, r.pages]));
}

/** GET /chance/project/files: newest first, cursor = the last id shown. */
export async function listFiles(db: Db, adviserId: number, q: ProjectFilesQuery, customer: Customer | null, now: Date) {
  const limit = q.limit ?? PAGE;
  const keyword = q.keyword?.trim();
  const filters: SQL[] = [visibleTo(adviserId)];
  if (q.project) filters.push(eq(mktMaterials.project, q.project));
  if (q.kind) filters.push(eq(mktMaterials.kind, q.kind));
  if (keyword) {
    const like = likePattern(keyword);
    filters.push(or(ilike(mktMaterials.title, like), ilike(mktMaterials.summary, like))!);
  }
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mktMaterials)
    .where(and(...filters));
  if (q.cursor && /^\d+$/.test(q.cursor)) filters.push(lt(mktMaterials.id, Number(q.cursor)));
  const rows = await db
    .select()
    .from(mktMaterials)
    .where(and(...filters))
    .orderBy(desc(mktMaterials.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((m) => m.id);
  const [products, pages, projects] = await Promise.all([
    productsOf(db, ids),
    pagesOf(db, ids),
    db
      .selectDistinct({ project: mktMaterials.project })
      .from(mktMaterials)
      .where(visibleTo(adviserId))
      .orderBy(mktMaterials.project),
  ]);
  const list = page.map((m) => {
    const ps = products.get(m.id) ?? [];
    const it = item(m, ps, pages.get(m.id) ?? null, adviserId, now);
    return customer ? { ...it, suitability: suitabilityOf(customer, m, ps, now) } : it;
  });
  return {
    list,
    next_cursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
    total: Number(total),
    projects: projects.map((p) => p.project),
  };
}

export async function findMaterial(db: Db, adviserId: number, id: number): Promise<Material | null> {
  const [m] = await db
    .select()
    .from(mktMaterials)
    .where(and(eq(mktMaterials.id, id), visibleTo(adviserId)));
  return m ?? null;
}

/** GET /chance/file/detail: the material as the adviser reads it, with a signed PDF address. */
export async function materialDetail(
  db: Db,
  adviserId: number,
  id: number,
  customer: Customer | null,
  now: Date,
): Promise<MaterialDetail | null> {
  const m = await findMaterial(db, adviserId, id);
  if (!m) return null;
  const [products, pages] = await Promise.all([productsOf(db, [m.id]), pagesOf(db, [m.id])]);
  const ps = products.get(m.id) ?? [];
  const base = item(m, ps, pages.get(m.id) ?? null, adviserId, now);
  return {
    ...base,
    ...(customer ? { suitability: suitabilityOf(customer, m, ps, now) } : {}),
    html: m.html,
    pdf_url: pages.has(m.id) ? signedPdfPath(adviserId, m.id, now) : null,
    source_url: m.sourceUrl,
    valid_from: Math.floor(m.validFrom.getTime() / 1000),
    disclosures: ps.length ? [...FUND_DISCLOSURES] : [],
  };
}

export async function pdfBytes(db: Db, materialId: number): Promise<{ bytes: Uint8Array; pages: number } | null> {
  const [f] = await db.select().from(mktMaterialFiles).where(eq(mktMaterialFiles.materialId, materialId));
  return f ? { bytes: f.bytes, pages: f.pages } : null;
}
