/**
 * 总资产 and 持仓市值 on one valuation date. The recorded AUM is at cost (what was put in); the holdings are valued
 * at units × the latest NAV. Total assets as of the NAV date are therefore the holdings' market value plus what of
 * the recorded AUM is not in a holding (cash and other assets, never below zero): total ≥ holdings, always.
 */
export function totalAssets(recordedAum: number, holdingsCost: number, holdingsValue: number): number {
  const other = Math.max(0, recordedAum - holdingsCost);
  return Math.round((holdingsValue + other) * 100) / 100;
}

/**
 * One holding's market value: units × the latest NAV when there is one, else what was paid for it (a product
 * with no NAV published yet). The customer card and a product card's holders value a position the same way.
 */
export function positionValue(shares: number, cost: number, nav: number | null): number {
  return nav === null ? cost : shares * nav;
}
