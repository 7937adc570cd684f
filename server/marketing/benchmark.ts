/**
 * Benchmark series, derived deterministically from the seeded NAVs (no index data exists here):
 * - a stock-index proxy (沪深300, 中证…) is the equal-weighted daily return of every equity and index
 *   product in the database; a bond-index proxy (中债…) the same over the bond products;
 * - "年化 x%" compounds x % a year over trading days (252); "七天通知存款利率" is a flat 1.35 % yield;
 * - weights come from the product's benchmark text ("沪深300×60%+中债×40%"; a lone "×80%" leaves the
 *   rest in cash at 0); "无" or an empty text has no benchmark.
 * The same database always gives the same series; a real deployment would read a licensed index feed.
 */
export type NavRow = { productId: number; kind: string; day: string; nav: number };

const DEPOSIT_7D = 1.35;

interface Part {
  source: 'equity' | 'bond' | 'fixed';
  weight: number;
  rate?: number;
}

export function parseBenchmark(text: string): Part[] | 'deposit' | null {
  const t = text.trim();
  if (!t || t === '无') return null;
  if (t.includes('通知存款')) return 'deposit';
  const fixed = /年化\s*([\d.]+)\s*%/.exec(t);
  if (fixed) return [{ source: 'fixed', weight: 1, rate: Number(fixed[1]) / 100 }];
  return t.split('+').map((piece) => {
    const w = /×\s*([\d.]+)\s*%/.exec(piece);
    return { source: piece.includes('中债') ? 'bond' : 'equity', weight: w ? Number(w[1]) / 100 : 1 };
  });
}

/** Average daily return per day of the products of the given kinds. */
function averageReturns(rows: readonly NavRow[], kinds: ReadonlySet<string>): Map<string, number> {
  const byProduct = new Map<number, NavRow[]>();
  for (const r of rows) if (kinds.has(r.kind)) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r]);
  const sums = new Map<string, { s: number; n: number }>();
  for (const list of byProduct.values()) {
    list.sort((a, b) => (a.day < b.day ? -1 : 1));
    for (let i = 1; i < list.length; i += 1) {
      const prev = list[i - 1]!.nav;
      if (!prev) continue;
      const acc = sums.get(list[i]!.day) ?? { s: 0, n: 0 };
      acc.s += list[i]!.nav / prev - 1;
      acc.n += 1;
      sums.set(list[i]!.day, acc);
    }
  }
  return new Map([...sums].map(([d, { s, n }]) => [d, s / n]));
}

/** The benchmark over the product's own days: a level starting at 1 (NAV) or a flat yield (money fund). */
export function benchmarkSeries(
  text: string,
  days: readonly string[],
  market: readonly NavRow[],
): Array<[string, number]> | null {
  const parts = parseBenchmark(text);
  if (!parts || !days.length) return null;
  if (parts === 'deposit') return days.map((d) => [d, DEPOSIT_7D]);
  const equity = averageReturns(market, new Set(['equity', 'index']));
  const bond = averageReturns(market, new Set(['bond']));
  let level = 1;
  return days.map((d, i) => {
    if (i > 0) {
      const r = parts.reduce(
        (sum, p) =>
          sum +
          p.weight * (p.source === 'fixed' ? (p.rate ?? 0) / 252 : ((p.source === 'bond' ? bond : equity).get(d) ?? 0)),
        0,
      );
      level *= 1 + r;
    }
    return [d, Math.round(level * 10_000) / 10_000];
  });
}
