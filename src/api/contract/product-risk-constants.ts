/**
 * How a product's risk is shown to anyone, from one place: the level comes from the product master
 * (mkt_products, by code) and is drawn by the one risk chip (src/ui/RiskChip) beside the one
 * disclosure block (src/ui/RiskDisclosure), on every screen that shows a product.
 */
import { PRODUCT_RISK_LEVELS, type ProductRiskLevel } from './market-map-constants';

export { PRODUCT_RISK_LEVELS, type ProductRiskLevel };

export const PRODUCT_RISK_NAMES: Readonly<Record<ProductRiskLevel, string>> = {
  R1: '低风险',
  R2: '中低风险',
  R3: '中风险',
  R4: '中高风险',
  R5: '高风险',
};

/** "R4 中高风险": the chip's words, also used in texts (share titles, confirmations). */
export const riskLabel = (level: ProductRiskLevel): string => `${level} ${PRODUCT_RISK_NAMES[level]}`;

/** The two sentences every customer-facing product page carries (docs/workbench.md#suitability-and-contact-limits). */
export const FUND_DISCLOSURES = ['基金有风险，投资需谨慎', '过往业绩不代表未来表现'] as const;
