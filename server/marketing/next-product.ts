// The next best product of a card (pure): ONE product for a money-flow, maturity or intent card, with
// its reason and the compliant material to send with it. Suitability is the one rule: every candidate
// passes decideShare and every material decideForward, so nothing the send would refuse is suggested.
import { PRODUCT_KIND_NAMES } from '../../src/api/contract/market-map-constants';
import type { NextProductReason } from '../../src/api/contract/market-map-radar';
import { decideForward, decideShare, type MaterialReview } from '../materials/forward-decision';
import type { CustomerRisk, ProductRisk } from '../suitability/suitability';

/** Money flow (1, 2, 7), maturity (4), intent (6): the families a product answers. */
export const NEXT_PRODUCT_CATEGORIES: readonly number[] = [1, 2, 7, 4, 6];
const MATURITY = 4;
const INTENT = 6;

/** The order a gap is filled in: steadier kinds first; private funds never fill a gap. */
const GAP_ORDER = ['bond', 'money_fund', 'mixed', 'index', 'equity', 'am_plan'] as const;

export interface NpProduct {
  id: number;
  name: string;
  kind: string;
  riskLevel: ProductRisk;
  qualifiedOnly: boolean;
  maturityAt: Date | null;
}
export interface NpCustomer {
  id: number;
  riskLevel: CustomerRisk | null;
  riskExpiresAt: Date | null;
  qualified: boolean;
}
export interface NpMaterial {
  id: number;
  title: string;
  kind: string;
  validFrom: Date;
  validUntil: Date;
  reviewNo: string;
  review: MaterialReview;
  products: readonly NpProduct[];
  /** Its text pitches a private fund (forward-decision.ts materialDescribesPrivateFund). */
  describesPrivateFund: boolean;
}
export interface NpInput {
  adviserId: number;
  customer: NpCustomer;
  /** The card's reasons: category and the product a reason names. */
  reasons: ReadonlyArray<{ categoryId: number; productId: number | null }>;
  held: readonly NpProduct[];
  /** The product master. */
  products: readonly NpProduct[];
  /** Materials this adviser may send, each with every product it names. */
  materials: readonly NpMaterial[];
  now: Date;
}
export type NpResult =
  | { kind: 'suggested'; product: NpProduct; reason: NextProductReason; text: string; material: NpMaterial | null }
  | { kind: 'none'; text: string };

const risk = (p: NpProduct) => Number(p.riskLevel.slice(1));
const riskAsProduct = (p: NpProduct) => ({ riskLevel: p.riskLevel, qualifiedOnly: p.qualifiedOnly });
/** Highest risk the customer accepts first, then the older product (a stable, explainable order). */
const byFit = (a: NpProduct, b: NpProduct) => risk(b) - risk(a) || a.id - b.id;

export function suitable(input: NpInput, p: NpProduct): boolean {
  // Private funds go only to qualified investors, whatever the product's own flag says.
  if (p.kind === 'private_fund' && !input.customer.qualified) return false;
  if (p.maturityAt && p.maturityAt.getTime() <= input.now.getTime()) return false;
  const d = decideShare({
    adviserId: input.adviserId,
    customer: input.customer,
    product: { id: p.id, ...riskAsProduct(p) },
    sentAt: [],
    now: input.now,
  });
  return d.allowed;
}

export function materialFor(input: NpInput, p: NpProduct): NpMaterial | null {
  const ok = input.materials.filter(
    (m) =>
      m.products.some((x) => x.id === p.id) &&
      // Every product a material names must suit the customer, or the material cannot go with this one.
      m.products.every((x) => x.kind !== 'private_fund' || input.customer.qualified) &&
      decideForward({
        adviserId: input.adviserId,
        customer: input.customer,
        material: { ...m, products: m.products.map(riskAsProduct) },
        sentAt: [],
        now: input.now,
      }).allowed,
  );
  return ok.sort((a, b) => b.id - a.id)[0] ?? null;
}

function pick(input: NpInput, candidates: NpProduct[]) {
  const maturing = input.reasons
    .filter((r) => r.categoryId === MATURITY && r.productId !== null)
    .map((r) => input.held.find((h) => h.id === r.productId) ?? input.products.find((p) => p.id === r.productId))
    .find((p): p is NpProduct => !!p);
  if (maturing) {
    const sameKind = candidates.filter((c) => c.kind === maturing.kind && risk(c) <= risk(maturing)).sort(byFit);
    const lower = candidates.filter((c) => risk(c) <= risk(maturing)).sort(byFit);
    const p = sameKind[0] ?? lower[0];
    if (p)
      return {
        product: p,
        reason: 'replaces_maturing' as const,
        text: `替代即将到期的《${maturing.name}》（${maturing.riskLevel}），${p.riskLevel} 不高于原产品`,
      };
  }
  const intended = input.reasons
    .filter((r) => r.categoryId === INTENT && r.productId !== null)
    .map((r) => candidates.find((c) => c.id === r.productId))
    .find((p): p is NpProduct => !!p);
  if (intended)
    return {
      product: intended,
      reason: 'fits_risk' as const,
      text: `客户关注的产品，${intended.riskLevel} 符合其风险等级 ${input.customer.riskLevel}`,
    };
  const heldKinds = new Set(input.held.map((h) => h.kind));
  for (const kind of GAP_ORDER) {
    if (heldKinds.has(kind)) continue;
    const p = candidates.filter((c) => c.kind === kind).sort(byFit)[0];
    if (p) return { product: p, reason: 'fills_gap' as const, text: `补足持仓中缺少的${PRODUCT_KIND_NAMES[kind]}` };
  }
  const p = [...candidates].sort(byFit)[0];
  if (!p) return null;
  return {
    product: p,
    reason: 'fits_risk' as const,
    text: `${p.riskLevel} 符合客户风险等级 ${input.customer.riskLevel}`,
  };
}

export function nextBestProduct(input: NpInput): NpResult {
  if (!input.reasons.some((r) => NEXT_PRODUCT_CATEGORIES.includes(r.categoryId)))
    return { kind: 'none', text: '资金动向、产品到期和意向商机才推荐产品' };
  if (!input.customer.riskLevel) return { kind: 'none', text: '客户未做风险测评，暂不推荐产品' };
  if (!input.customer.riskExpiresAt || input.customer.riskExpiresAt.getTime() <= input.now.getTime())
    return { kind: 'none', text: '客户风险测评已过期，请先完成测评' };
  const heldIds = new Set(input.held.map((h) => h.id));
  const candidates = input.products.filter((p) => !heldIds.has(p.id) && suitable(input, p));
  const chosen = pick(input, candidates);
  if (!chosen) return { kind: 'none', text: '暂无适合该客户的产品' };
  return { kind: 'suggested', ...chosen, material: materialFor(input, chosen.product) };
}
