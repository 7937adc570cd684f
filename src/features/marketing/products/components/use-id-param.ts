import { useSearchParams } from 'react-router-dom';

import { parseId } from '@/api/contract/id';

/** A positive 32-bit id from the address: null when absent, 'invalid' when present but garbled. */
export function useIdParam(name: string): number | null | 'invalid' {
  const [params] = useSearchParams();
  const raw = params.get(name);
  if (raw === null || raw === '') return null;
  return parseId(raw) ?? 'invalid';
}

/** Signed percent with two decimals: "+3.21%"; null as "--". */
export function pct(v: number | null | undefined, unit = '%'): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '--';
  return `${v > 0 ? '+' : ''}${v.toFixed(2)}${unit}`;
}

export const tone = (v: number | null | undefined) =>
  v === null || v === undefined || v === 0 ? '' : v > 0 ? 'pd-up' : 'pd-down';

/** Money short enough for a KPI tile at 320 px: 亿 from a hundred million, else 万 with at most one decimal. */
export function compactMoney(yuan: number): string {
  if (Math.abs(yuan) >= 1e8) return `${(yuan / 1e8).toFixed(2)}亿`;
  if (Math.abs(yuan) >= 1e4) return `${(yuan / 1e4).toFixed(1)}万`;
  return yuan.toFixed(0);
}

/** rateDetail shows a product; touguRateDetail the advisory-portfolio view of it. */
export type DetailVariant = 'product' | 'portfolio';
