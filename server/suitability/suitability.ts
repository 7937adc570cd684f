// Suitability rules (docs/compliance.md, "Suitability on every path"): pure, no I/O, so every
// pair can be tested and the same verdict is what the audit records.
// A product of risk Rn may go only to a customer assessed Cn or higher; qualified-only
// products also need the qualified-investor flag; no or expired assessment → nothing.

export type CustomerRisk = 'C1' | 'C2' | 'C3' | 'C4' | 'C5';
export type ProductRisk = 'R1' | 'R2' | 'R3' | 'R4' | 'R5';

export const CUSTOMER_RISKS: readonly CustomerRisk[] = ['C1', 'C2', 'C3', 'C4', 'C5'];
export const PRODUCT_RISKS: readonly ProductRisk[] = ['R1', 'R2', 'R3', 'R4', 'R5'];

/** Reason codes carried by every refusal (stable strings: the audit and the client key on them). */
export type SuitabilityReason =
  'RISK_NOT_ASSESSED' | 'RISK_ASSESSMENT_EXPIRED' | 'RISK_LEVEL_TOO_LOW' | 'NOT_QUALIFIED_INVESTOR';

export const REASON_TEXT: Record<SuitabilityReason, string> = {
  RISK_NOT_ASSESSED: '客户未做风险测评',
  RISK_ASSESSMENT_EXPIRED: '客户风险测评已过期',
  RISK_LEVEL_TOO_LOW: '客户风险等级低于产品风险等级',
  NOT_QUALIFIED_INVESTOR: '产品仅限合格投资者，客户未认定为合格投资者',
};

export interface SuitabilityCustomer {
  riskLevel: CustomerRisk | null;
  riskExpiresAt: Date | null;
  qualified: boolean;
}

export interface SuitabilityProduct {
  riskLevel: ProductRisk;
  qualifiedOnly: boolean;
}

export type SuitabilityVerdict = { suitable: true } | { suitable: false; reason: SuitabilityReason; message: string };

const refuse = (reason: SuitabilityReason): SuitabilityVerdict => ({
  suitable: false,
  reason,
  message: REASON_TEXT[reason],
});

function level(risk: string): number {
  return Number(risk.slice(1));
}

/** The verdict for one customer and one product at `now` (passed in: the rule never reads a clock). */
export function checkSuitability(
  customer: SuitabilityCustomer,
  product: SuitabilityProduct,
  now: Date,
): SuitabilityVerdict {
  if (!customer.riskLevel) return refuse('RISK_NOT_ASSESSED');
  // An assessment without an expiry is treated as expired: the firm cannot prove it is current.
  if (!customer.riskExpiresAt || customer.riskExpiresAt.getTime() <= now.getTime()) {
    return refuse('RISK_ASSESSMENT_EXPIRED');
  }
  if (level(customer.riskLevel) < level(product.riskLevel)) return refuse('RISK_LEVEL_TOO_LOW');
  if (product.qualifiedOnly && !customer.qualified) return refuse('NOT_QUALIFIED_INVESTOR');
  return { suitable: true };
}

/**
 * A material may link several products: it is suitable only if every one is. A material
 * without products (a general article) needs no check.
 */
export function checkMaterialSuitability(
  customer: SuitabilityCustomer,
  products: readonly SuitabilityProduct[],
  now: Date,
): SuitabilityVerdict {
  for (const product of products) {
    const verdict = checkSuitability(customer, product, now);
    if (!verdict.suitable) return verdict;
  }
  return { suitable: true };
}
