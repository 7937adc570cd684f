import { PRODUCT_RISK_LEVELS, type ProductRiskLevel } from '@/api/contract/product-risk-constants';

/**
 * A material's risk chips: each level once, riskiest first. Two linked products of one level are one "R4 中高风险"
 * chip, not two in a row (the products themselves are listed on materialDetail).
 */
export function distinctRiskLevels(products: ReadonlyArray<{ risk_level: ProductRiskLevel }>): ProductRiskLevel[] {
  const levels = new Set(products.map((p) => p.risk_level));
  return [...PRODUCT_RISK_LEVELS].reverse().filter((level) => levels.has(level));
}
