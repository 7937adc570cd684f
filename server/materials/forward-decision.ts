// One decision per recipient before a material is sent (pure): material validity, then
// suitability, then the contact budget. Every decision, allowed or refused, yields the audit
// row the caller writes (docs/workbench.md#suitability-and-contact-limits: every check is recorded).
import { findPrivateFundPromotion, PRIVATE_FUND_UNNAMED_TEXT } from '../../src/lib/content-policy/private-fund';
import {
  checkMaterialSuitability,
  type SuitabilityCustomer,
  type SuitabilityProduct,
} from '../suitability/suitability';
import { type BudgetState, checkContactBudget } from './contact-budget';

export type ForwardReason =
  | 'MATERIAL_EXPIRED'
  | 'REVIEW_PENDING'
  | 'REVIEW_EXPIRED'
  | 'REVIEW_NO_MISSING'
  | 'PRIVATE_FUND_UNNAMED'
  | 'RISK_NOT_ASSESSED'
  | 'RISK_ASSESSMENT_EXPIRED'
  | 'RISK_LEVEL_TOO_LOW'
  | 'NOT_QUALIFIED_INVESTOR'
  | 'CONTACT_BUDGET_EXHAUSTED';

export interface MaterialReview {
  state: 'pending' | 'approved' | 'returned';
  /** The approval's end (exclusive): from this instant on the material needs a new review. */
  expiresAt: Date | null;
}

const REVIEW_PENDING_TEXT = '素材尚未通过合规审核，不能发送';
const REVIEW_EXPIRED_TEXT = '素材审核已过期，请重新提交审核';

/** A material row's review as the decision reads it. */
export const materialReview = (m: { reviewState: MaterialReview['state']; reviewExpiresAt: Date | null }) => ({
  state: m.reviewState,
  expiresAt: m.reviewExpiresAt,
});

/** Whether a material's review lets it be sent now: approved, and not past its expiry. */
function reviewRefusal(review: MaterialReview, now: Date): 'REVIEW_PENDING' | 'REVIEW_EXPIRED' | null {
  if (review.state !== 'approved') return 'REVIEW_PENDING';
  if (!review.expiresAt || now >= review.expiresAt) return 'REVIEW_EXPIRED';
  return null;
}

export interface ForwardInput {
  adviserId: number;
  customer: SuitabilityCustomer & { id: number };
  /** reviewNo: the compliance review number; a material naming a product cannot go out without one. */
  material: {
    id: number;
    validFrom: Date;
    validUntil: Date;
    reviewNo?: string;
    /** The reviewer's decision on 审核台: only an approved, unexpired review lets it out (docs/compliance.md). */
    review: MaterialReview;
    products: readonly SuitabilityProduct[];
    /** Its text pitches a private fund (materialDescribesPrivateFund): it must link a qualified-only product. */
    describesPrivateFund: boolean;
  };
  /** Marketing forwards already sent to this customer (for the budget). */
  sentAt: readonly Date[];
  dailyLimit?: number;
  now: Date;
}

/** A customer row as decideForward reads it. */
export const forwardCustomer = (c: {
  id: number;
  riskLevel: string | null;
  riskExpiresAt: Date | null;
  qualified: boolean;
}): ForwardInput['customer'] => ({
  id: c.id,
  riskLevel: c.riskLevel as SuitabilityCustomer['riskLevel'],
  riskExpiresAt: c.riskExpiresAt,
  qualified: c.qualified,
});

/**
 * A material row and its linked products as decideForward reads them: its review and whether its text pitches a
 * private fund, worked out the one way every path uses. `describesPrivateFund` may be passed when already known.
 */
export function forwardMaterial(
  m: {
    id: number;
    title: string;
    summary: string;
    html: string | null;
    validFrom: Date;
    validUntil: Date;
    reviewNo: string;
    reviewState: MaterialReview['state'];
    reviewExpiresAt: Date | null;
  },
  products: readonly { riskLevel: string; qualifiedOnly: boolean }[],
  describesPrivateFund: boolean = materialDescribesPrivateFund(m),
): ForwardInput['material'] {
  return {
    id: m.id,
    validFrom: m.validFrom,
    validUntil: m.validUntil,
    reviewNo: m.reviewNo,
    review: materialReview(m),
    products: products.map((p) => ({
      riskLevel: p.riskLevel as SuitabilityProduct['riskLevel'],
      qualifiedOnly: p.qualifiedOnly,
    })),
    describesPrivateFund,
  };
}

export interface AuditRow {
  adviserId: number;
  customerId: number;
  materialId: number;
  result: 'allowed' | 'refused';
  reason: ForwardReason | null;
  snapshot: string;
  checkedAt: Date;
}

export type ForwardDecision =
  | { allowed: true; budget: BudgetState; audit: AuditRow }
  | { allowed: false; reason: ForwardReason; message: string; budget: BudgetState; audit: AuditRow };

export const REVIEW_NO_MISSING_TEXT = '素材提及产品，须取得合规审核编号后才能发送';

/**
 * No date bounds: a share link is checked when made, and carries its own expiry. A product page is the
 * product master's own page, not an authored material: it has no review of its own.
 */
const ALWAYS = {
  validFrom: new Date(-8.64e15),
  validUntil: new Date(8.64e15),
  review: { state: 'approved', expiresAt: new Date(8.64e15) } satisfies MaterialReview,
};

/**
 * A product page made for one customer goes through the same decision as a material naming that one
 * product: suitability, then the contact budget. The audit row's materialId is the product's id.
 */
export function decideShare(
  input: Omit<ForwardInput, 'material'> & { product: SuitabilityProduct & { id: number } },
): ForwardDecision {
  return decideForward({
    ...input,
    material: { id: input.product.id, ...ALWAYS, products: [input.product], describesPrivateFund: false },
  });
}

export function decideForward(input: ForwardInput): ForwardDecision {
  const { customer, material, now } = input;
  const budgetVerdict = checkContactBudget(input.sentAt, now, input.dailyLimit);
  const snapshot = JSON.stringify({
    riskLevel: customer.riskLevel,
    riskExpiresAt: customer.riskExpiresAt?.toISOString() ?? null,
    qualified: customer.qualified,
    products: material.products,
    budgetUsed: budgetVerdict.state.used,
  });
  const audit = (result: 'allowed' | 'refused', reason: ForwardReason | null): AuditRow => ({
    adviserId: input.adviserId,
    customerId: customer.id,
    materialId: material.id,
    result,
    reason,
    snapshot,
    checkedAt: now,
  });
  const refuse = (reason: ForwardReason, message: string): ForwardDecision => ({
    allowed: false,
    reason,
    message,
    budget: budgetVerdict.state,
    audit: audit('refused', reason),
  });

  if (now < material.validFrom || now >= material.validUntil)
    return refuse('MATERIAL_EXPIRED', '素材不在合规有效期内，不能发送');
  // A private-fund pitch naming no private fund could reach anyone: it waits for its product and a review.
  if (material.describesPrivateFund && !material.products.some((p) => p.qualifiedOnly))
    return refuse('PRIVATE_FUND_UNNAMED', PRIVATE_FUND_UNNAMED_TEXT);
  const review = reviewRefusal(material.review, now);
  if (review) return refuse(review, review === 'REVIEW_PENDING' ? REVIEW_PENDING_TEXT : REVIEW_EXPIRED_TEXT);
  if (material.products.length > 0 && material.reviewNo !== undefined && !material.reviewNo.trim())
    return refuse('REVIEW_NO_MISSING', REVIEW_NO_MISSING_TEXT);
  const suit = checkMaterialSuitability(customer, material.products, now);
  if (!suit.suitable) return refuse(suit.reason, suit.message);
  if (!budgetVerdict.allowed) return refuse(budgetVerdict.reason, budgetVerdict.message);
  return { allowed: true, budget: budgetVerdict.state, audit: audit('allowed', null) };
}

/**
 * Whether a material's words (title, summary, article text) pitch a private fund. Tags are dropped, not
 * sanitised: the text is only read here.
 */
export function materialDescribesPrivateFund(m: { title: string; summary: string; html: string | null }): boolean {
  const text = (m.html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#(\d+);/g, (_x, n: string) => String.fromCharCode(Number(n)));
  return findPrivateFundPromotion(`${m.title}\n${m.summary}\n${text}`).promotion;
}

/** A group forward leaves the refused out and says how many and why (docs/workbench.md#suitability-and-contact-limits). */
export function summariseRefusals(decisions: readonly ForwardDecision[]): Partial<Record<ForwardReason, number>> {
  const counts: Partial<Record<ForwardReason, number>> = {};
  for (const d of decisions) if (!d.allowed) counts[d.reason] = (counts[d.reason] ?? 0) + 1;
  return counts;
}
