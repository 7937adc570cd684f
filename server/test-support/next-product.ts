import type { NpMaterial, NpProduct } from '../marketing/next-product';

/** The clock the next-product suites judge at, and a day. */
export const NOW = new Date('2026-11-26T06:00:00Z');
export const DAY = 86_400_000;
/** A material's and a review's end, far enough ahead to be valid throughout. */
export const LATER = new Date(NOW.getTime() + 100 * DAY);

/** A product of a kind at a risk level R1–R5, not qualified-only and never maturing unless `over` says so. */
export const npProduct = (
  id: number,
  kind: string,
  risk: 1 | 2 | 3 | 4 | 5,
  over: Partial<NpProduct> = {},
): NpProduct => ({
  id,
  name: `产品${id}`,
  kind,
  riskLevel: `R${risk}`,
  qualifiedOnly: false,
  maturityAt: null,
  ...over,
});

/** An approved, currently valid article naming `products`. */
export const npMaterial = (id: number, products: NpProduct[], over: Partial<NpMaterial> = {}): NpMaterial => ({
  id,
  title: `素材${id}`,
  kind: 'article',
  validFrom: new Date(NOW.getTime() - 10 * DAY),
  validUntil: LATER,
  reviewNo: `HG-${id}`,
  review: { state: 'approved', expiresAt: LATER },
  products,
  describesPrivateFund: false,
  ...over,
});
