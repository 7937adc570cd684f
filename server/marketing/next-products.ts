// Up to three next best products of a card (pure), each with its reason (the card's signal, the fit, the risk level
// against the customer's) and an approved material to send with it; or one sentence why there is none. The rules of
// suitability and of a sendable material are next-product.ts's own (`suitable`, `materialFor`): nothing here decides
// them a second time.
import { PRODUCT_KIND_NAMES } from '../../src/api/contract/market-map-constants';
import type { NextProductReason } from '../../src/api/contract/market-map-radar';
import { materialFor, type NpInput, type NpMaterial, type NpProduct, suitable } from './next-product';

export const NEXT_PRODUCTS_MAX = 3;
const MATURITY = 4;
const INTENT = 6;
/** Steadier kinds fill a gap first; private funds never fill one. */
const GAP_ORDER = ['bond', 'money_fund', 'mixed', 'index', 'equity', 'am_plan'] as const;

export interface NpsInput extends NpInput {
  /** The card's leading signal as the adviser reads it, e.g. "转入 ¥251,500". */
  signal: string;
}
export interface NpsItem {
  product: NpProduct;
  reason: NextProductReason;
  /** "信号：…；匹配：…；风险：R2 不高于客户 C3". */
  text: string;
  material: NpMaterial;
}
export type NpsResult = { kind: 'suggested'; items: NpsItem[] } | { kind: 'none'; text: string };

const risk = (p: NpProduct) => Number(p.riskLevel.slice(1));
/** Highest risk the customer accepts first, then the older product (a stable, explainable order). */
const byFit = (a: NpProduct, b: NpProduct) => risk(b) - risk(a) || a.id - b.id;

/** The candidates in the order they are offered, each with its fit in words. */
function ranked(
  input: NpInput,
  candidates: NpProduct[],
): Array<{ product: NpProduct; reason: NextProductReason; fit: string }> {
  const out: Array<{ product: NpProduct; reason: NextProductReason; fit: string }> = [];
  const add = (product: NpProduct, reason: NextProductReason, fit: string) => {
    if (!out.some((o) => o.product.id === product.id)) out.push({ product, reason, fit });
  };
  const named = (categoryId: number) =>
    input.reasons
      .filter((r) => r.categoryId === categoryId && r.productId !== null)
      .map((r) => input.held.find((h) => h.id === r.productId) ?? input.products.find((p) => p.id === r.productId))
      .filter((p): p is NpProduct => !!p);
  for (const maturing of named(MATURITY)) {
    const same = candidates
      .filter((c) => risk(c) <= risk(maturing))
      .sort((a, b) => {
        const kind = Number(b.kind === maturing.kind) - Number(a.kind === maturing.kind);
        return kind || byFit(a, b);
      });
    for (const c of same) add(c, 'replaces_maturing', `接替即将到期的《${maturing.name}》（${maturing.riskLevel}）`);
  }
  for (const intended of named(INTENT))
    if (candidates.some((c) => c.id === intended.id)) add(intended, 'fits_risk', '客户关注过的产品');
  const heldKinds = new Set(input.held.map((h) => h.kind));
  for (const kind of GAP_ORDER) {
    if (heldKinds.has(kind)) continue;
    for (const c of candidates.filter((x) => x.kind === kind).sort(byFit))
      add(c, 'fills_gap', `补足持仓中缺少的${PRODUCT_KIND_NAMES[kind]}`);
  }
  for (const c of [...candidates].sort(byFit)) add(c, 'fits_risk', '符合客户的风险承受能力');
  return out;
}

/** Why no product: the first of these that holds, in the adviser's words. */
function noneWhy(input: NpInput, candidates: NpProduct[]): string {
  const level = input.customer.riskLevel!;
  if (candidates.length > 0)
    return `适合客户（${level}）的 ${candidates.length} 个未持有产品都没有审核有效的素材，可在产品页分享`;
  const suitableHeld = input.held.filter((h) => suitable(input, h));
  if (suitableHeld.length > 0) {
    const levels = [...new Set(suitableHeld.map((h) => h.riskLevel))].sort().join('、');
    return `客户风险等级 ${level}，已持有全部适合的 ${levels} 产品`;
  }
  return `暂无适合客户风险等级 ${level} 的在售产品`;
}

export function nextBestProducts(input: NpsInput): NpsResult {
  const level = input.customer.riskLevel;
  if (!level) return { kind: 'none', text: '客户尚未做风险测评，请先邀请客户完成测评' };
  if (!input.customer.riskExpiresAt || input.customer.riskExpiresAt.getTime() <= input.now.getTime())
    return { kind: 'none', text: '风险测评已过期，请先邀请客户重新测评' };
  const heldIds = new Set(input.held.map((h) => h.id));
  const candidates = input.products.filter((p) => !heldIds.has(p.id) && suitable(input, p));
  const items: NpsItem[] = [];
  for (const c of ranked(input, candidates)) {
    if (items.length >= NEXT_PRODUCTS_MAX) break;
    const material = materialFor(input, c.product);
    // A material goes only with a review number: "approved" is a review on record that is still valid.
    if (!material || !material.reviewNo.trim()) continue;
    items.push({
      product: c.product,
      reason: c.reason,
      material,
      text: `信号：${input.signal}；匹配：${c.fit}；风险：${c.product.riskLevel} 不高于客户 ${level}`,
    });
  }
  if (items.length === 0) return { kind: 'none', text: noneWhy(input, candidates) };
  return { kind: 'suggested', items };
}
