import './risk.css';

import { type ProductRiskLevel, riskLabel } from '@/api/contract/product-risk-constants';

/**
 * A product's risk level as every screen shows it ("R4 中高风险"): the level is the product master's,
 * passed through by the server; no screen draws its own risk label.
 */
export function RiskChip({ level }: { level: ProductRiskLevel }) {
  return (
    <span className={`risk-chip risk-chip--${level.toLowerCase()}`} data-risk-level={level}>
      {riskLabel(level)}
    </span>
  );
}
