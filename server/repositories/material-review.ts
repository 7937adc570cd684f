import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import { MATERIAL_REVIEW_VALID_DAYS, type MaterialReviewItem } from '../../src/api/contract/material-review';
import { FUND_DISCLOSURES } from '../../src/api/contract/product-risk-constants';
import type { Db } from '../db/client';
import { mktMaterialFiles, mktMaterialReviewSeq, mktMaterials, users } from '../db/schema';
import { htmlToText } from '../materials/sanitize';
import { signedPdfPath } from '../materials/tokens';
import { FOUR_EYES_REASONS, type FourEyesConflict, materialConflict } from '../security/four-eyes';
import { productBrief } from './marketing-map';
import { materialHead, productsOf } from './marketing-materials';

type Material = typeof mktMaterials.$inferSelect;
const DAY = 86_400_000;

/** The firm's review number: 合规审核 NY-<year, China time>-<next of mkt_material_review_seq>. */
const reviewPrefix = (year: string) => `合规审核 NY-${year}-`;

/**
 * Who gains from a material going out (docs/compliance.md "Materials are reviewed"): the adviser whose
 * own material it is (their card and qualification number are on it), and any employee named in its
 * title, summary or text (an adviser promoted by it). With the author, none of them may approve it.
 */
async function beneficiaries(db: Pick<Db, 'select'>, ms: readonly Material[]) {
  const staff = await db.select({ id: users.id, name: users.realName }).from(users).where(eq(users.role, 'adviser'));
  const out = new Map<number, number[]>();
  for (const m of ms) {
    const text = `${m.title}\n${m.summary}\n${m.html ? htmlToText(m.html) : ''}`;
    const named = staff.filter((u) => u.name.length >= 2 && text.includes(u.name)).map((u) => u.id);
    out.set(m.id, [...new Set([...(m.ownerAdviserId ? [m.ownerAdviserId] : []), ...named])]);
  }
  return out;
}

/** Four eyes on one material for this reviewer. */
async function conflictOn(db: Db, actorId: number, m: Material): Promise<FourEyesConflict | null> {
  const gain = (await beneficiaries(db, [m])).get(m.id) ?? [];
  return materialConflict(actorId, { authorId: m.authorId, beneficiaryIds: gain });
}

async function findForReview(db: Db, id: number): Promise<Material | null> {
  const [m] = await db.select().from(mktMaterials).where(eq(mktMaterials.id, id));
  return m ?? null;
}

/** The reviewer's queue: pending materials, oldest id last (newest first), each as the customer would see it. */
async function reviewQueue(db: Db, reviewerId: number, cursor: number | null, limit: number, now: Date) {
  const where = and(eq(mktMaterials.reviewState, 'pending'), cursor === null ? undefined : lt(mktMaterials.id, cursor));
  const rows = await db
    .select()
    .from(mktMaterials)
    .where(where)
    .orderBy(desc(mktMaterials.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((m) => m.id);
  const people = [...new Set(page.flatMap((m) => [m.authorId, m.ownerAdviserId]).filter((x): x is number => !!x))];
  const [products, files, gains, names] = await Promise.all([
    productsOf(db, ids),
    ids.length
      ? db
          .select({ id: mktMaterialFiles.materialId })
          .from(mktMaterialFiles)
          .where(inArray(mktMaterialFiles.materialId, ids))
      : Promise.resolve([]),
    beneficiaries(db, page),
    people.length
      ? db.select({ id: users.id, name: users.realName }).from(users).where(inArray(users.id, people))
      : Promise.resolve([]),
  ]);
  const pdfs = new Set(files.map((f) => f.id));
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const named = (id: number | null) => (id ? { id, name: nameOf.get(id) ?? `#${id}` } : null);
  const list = page.map((m): MaterialReviewItem => {
    const ps = products.get(m.id) ?? [];
    const conflict = materialConflict(reviewerId, { authorId: m.authorId, beneficiaryIds: gains.get(m.id) ?? [] });
    return {
      ...materialHead(m),
      html: m.html,
      image_url: m.imageUrl,
      pdf_url: pdfs.has(m.id) ? signedPdfPath(reviewerId, m.id, now) : null,
      source_url: m.sourceUrl,
      products: ps.map(productBrief),
      disclosures: ps.length ? [...FUND_DISCLOSURES] : [],
      author: named(m.authorId),
      owner: named(m.ownerAdviserId),
      state: m.reviewState,
      submitted_at: (m.submittedAt ?? m.createdAt).getTime(),
      last_comment: m.reviewComment,
      four_eyes: conflict ? FOUR_EYES_REASONS[conflict] : null,
    };
  });
  return { list, next_cursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

/**
 * Approval: the next review number and its expiry, only from pending (null when it is not pending any
 * more: another reviewer decided first). `tx` lets the seed approve its library the same way.
 */
export async function approveMaterial(tx: Db, id: number, reviewerId: number, now: Date) {
  const year = businessDate(now).slice(0, 4);
  const [row] = await tx
    .update(mktMaterials)
    .set({
      reviewState: 'approved',
      // Drawn in the same statement, only for the row that is still pending: a lost race draws nothing.
      reviewNo: sql`${reviewPrefix(year)} || nextval(${mktMaterialReviewSeq.seqName}::regclass)::text`,
      reviewExpiresAt: new Date(now.getTime() + MATERIAL_REVIEW_VALID_DAYS * DAY),
      reviewedBy: reviewerId,
      reviewedAt: now,
      reviewComment: null,
    })
    .where(and(eq(mktMaterials.id, id), eq(mktMaterials.reviewState, 'pending')))
    .returning();
  return row ?? null;
}

/** Returned to its author with the reviewer's 修改意见; no number. */
export async function returnMaterial(db: Db, id: number, reviewerId: number, comment: string, now: Date) {
  const [row] = await db
    .update(mktMaterials)
    .set({
      reviewState: 'returned',
      reviewNo: '',
      reviewExpiresAt: null,
      reviewedBy: reviewerId,
      reviewedAt: now,
      reviewComment: comment,
    })
    .where(and(eq(mktMaterials.id, id), eq(mktMaterials.reviewState, 'pending')))
    .returning();
  return row ?? null;
}

/** The review desk's materials (审核台 素材) and the author's resubmission. */
export function createMaterialReviewRepository(db: Db) {
  return {
    find: (id: number) => findForReview(db, id),
    conflictOn: (actorId: number, m: Material) => conflictOn(db, actorId, m),
    queue: (reviewerId: number, cursor: number | null, limit: number, now: Date) =>
      reviewQueue(db, reviewerId, cursor, limit, now),
    approve: (id: number, reviewerId: number, now: Date) => approveMaterial(db, id, reviewerId, now),
    returnToAuthor: (id: number, reviewerId: number, comment: string, now: Date) =>
      returnMaterial(db, id, reviewerId, comment, now),
  };
}
