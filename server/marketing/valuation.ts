/**
 * 总资产 and 持仓市值 on one valuation date. The recorded AUM is at cost (what was put in); the holdings are valued
 * at units × the latest NAV. Total assets as of the NAV date are therefore the holdings' market value plus what of
 * the recorded AUM is not in a holding (cash and other assets, never below zero): total ≥ holdings, always.
 */
export function totalAssets(recordedAum: number, holdingsCost: number, holdingsValue: number): number {
  const other = Math.max(0, recordedAum - holdingsCost);
  return Math.round((holdingsValue + other) * 100) / 100;
}
