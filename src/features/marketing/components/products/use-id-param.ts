import { useSearchParams } from 'react-router-dom';

/** A positive 32-bit id from the address: null when absent, 'invalid' when present but garbled. */
export function useIdParam(name: string): number | null | 'invalid' {
  const [params] = useSearchParams();
  const raw = params.get(name);
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return /^\d+$/.test(raw) && Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : 'invalid';
}

/** Signed percent with two decimals: "+3.21%"; null as "--". */
export function pct(v: number | null | undefined, unit = '%'): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '--';
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}${unit}`;
}

export const tone = (v: number | null | undefined) =>
  v === null || v === undefined || v === 0 ? '' : v > 0 ? 'pd-up' : 'pd-down';

export const KIND_NAMES: Record<string, string> = {
  money_fund: '货币基金',
  bond: '债券基金',
  mixed: '混合基金',
  equity: '股票基金',
  index: '指数基金',
  private_fund: '私募基金',
  am_plan: '资管计划',
};

/** Money short enough for a KPI tile at 320 px: 亿 from a hundred million, else 万 with at most one decimal. */
export function compactMoney(yuan: number): string {
  if (Math.abs(yuan) >= 1e8) return `${(yuan / 1e8).toFixed(2)}亿`;
  if (Math.abs(yuan) >= 1e4) return `${(yuan / 1e4).toFixed(1)}万`;
  return yuan.toFixed(0);
}

/** rateDetail shows a product; touguRateDetail the advisory-portfolio view of it. */
export type DetailVariant = 'product' | 'portfolio';
