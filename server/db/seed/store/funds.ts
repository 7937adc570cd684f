import * as schema from '../../schema';
import { EXPERTS, FUNDS, MASTER_KIND } from './data';
import { certificate, DAY, type Seeding } from './seeding';

/** One fund's daily NAV and benchmark from its launch to the day before the base time, weekdays only. */
function fundNavs(
  { rng, base }: Seeding,
  productId: number,
  fund: { launch: Date; risk: number; category: string },
): (typeof schema.storeNavs.$inferInsert)[] {
  const navs: (typeof schema.storeNavs.$inferInsert)[] = [];
  let nav = 1;
  let b = 1000 + (productId - 1) * 300;
  const drift = (fund.risk - 1) * 0.00012;
  const vol = [0.0002, 0.002, 0.004, 0.008, 0.012, 0.015][fund.risk] ?? 0.005;
  for (let t = fund.launch.getTime(); t <= base - DAY; t += DAY) {
    const wd = new Date(t).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    // A money fund's NAV is 1.0000 every day (its return is the 7-day yield): the draws are still made, so the
    // rest of this seed stays as it was.
    const step = 1 + drift + (rng.next() - 0.5) * 2 * vol;
    nav = fund.category === '货币型' ? 1 : Math.max(0.3, nav * step);
    b = Math.max(100, b * (1 + drift * 0.7 + (rng.next() - 0.5) * 2 * vol));
    navs.push({
      productId,
      day: new Date(t),
      nav: Math.round(nav * 10000) / 10000,
      benchmark: Math.round(b * 100) / 100,
    });
  }
  return navs;
}

function fundFees(kind: 'public' | 'private', risk: number) {
  return kind === 'public'
    ? [
        { name: '申购费', rate: '0.15%（一折）' },
        { name: '管理费', rate: `${(0.3 + risk * 0.2).toFixed(2)}%/年` },
        { name: '托管费', rate: '0.10%/年' },
        { name: '赎回费', rate: '持有7天以上0.5%，1年以上0' },
      ]
    : [
        { name: '认购费', rate: '1.00%' },
        { name: '管理费', rate: '1.50%/年' },
        { name: '业绩报酬', rate: '超过业绩基准部分的20%' },
      ];
}

/** The store's funds with their daily NAV, joined to the product master (added there when missing). */
export async function seedProducts(seeding: Seeding) {
  const { tx, rng, base, scale, insertAll } = seeding;
  const masterCodes = new Map(
    (await tx.select({ name: schema.mktProducts.name, code: schema.mktProducts.code }).from(schema.mktProducts)).map(
      (m) => [m.name, m.code],
    ),
  );
  const days = scale === 'large' ? 1500 : 900;
  const navs: (typeof schema.storeNavs.$inferInsert)[] = [];
  const products = FUNDS.map(([kind, name, category, risk, min, highlight, bench], i) => {
    const launch = new Date(Math.floor((base - (days - i * 40) * DAY) / DAY) * DAY);
    navs.push(...fundNavs(seeding, i + 1, { launch, risk, category }));
    // Drawn even when the master names the fund, so the rest of this seed stays as it was.
    const ownCode = kind === 'public' ? String(rng.int(100000, 999999)) : `S${String(rng.int(10000, 99999))}`;
    // The same draw that once picked a manager's name: the expert's id (experts come first, numbered from 1).
    const managerId = rng.int(1, EXPERTS.length);
    const managerYears = rng.int(5, 18);
    // Once a certificate of the manager's own, a second one for the same person; still drawn, so later rows stay.
    certificate(rng);
    return {
      id: i + 1,
      kind,
      name,
      category,
      minPurchase: min,
      highlight,
      benchmarkName: bench,
      risk,
      ownCode,
      code: masterCodes.get(name) ?? ownCode,
      launchDate: launch,
      managerId,
      managerYears,
      fees: fundFees(kind, risk),
    };
  });
  // The product master (mkt_products) holds every fund the firm shows; the store's own funds join it.
  const missing = products.filter((p) => !masterCodes.has(p.name));
  if (missing.length) {
    await tx.insert(schema.mktProducts).values(
      missing.map((p) => ({
        code: p.code,
        name: p.name,
        kind: MASTER_KIND[p.category] ?? 'mixed',
        riskLevel: `R${p.risk}` as (typeof schema.mktProducts.$inferInsert)['riskLevel'],
        qualifiedOnly: p.kind === 'private',
        benchmark: p.benchmarkName,
        createdAt: p.launchDate,
      })),
    );
  }
  await insertAll(
    schema.storeProducts,
    products.map(({ risk: _risk, ownCode: _own, ...p }) => p),
  );
  await insertAll(schema.storeNavs, navs);
  return products.length + navs.length;
}
