import autocannon from 'autocannon';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { mktCustomers, mktTransfers } from '../server/db/schema';
import { createEngine } from '../server/marketing/engine';
import type { Fact } from '../server/marketing/rules';
import { createUsersRepository } from '../server/repositories/users';
import { openTestDatabase, TEST_BASE_TIME } from '../server/test-support/database';
import { signRequest } from '../server/test-support/sign';

/**
 * The adviser workbench on PGlite (SEED_SCALE=small, the test template), in one process:
 * 1. engine throughput: transfer facts → rules → signals → stacked cards, in passes of 200;
 * 2. GET /chance-card/list (20 cards with customers and reasons) beside a one-row read
 *    (GET /rule-settings/index) in the same run, every request freshly signed.
 * Options: --duration=5 --connections=10 --facts=2000.
 */
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;

async function main() {
  const database = await openTestDatabase();
  const now = new Date(TEST_BASE_TIME.getTime() + 86_400_000);
  try {
    const engine = createEngine(database.db);
    const customers = await database.db.select({ id: mktCustomers.id }).from(mktCustomers).where(inArray(mktCustomers.adviserId, [1, 2, 3]));
    const total = Number(arg('facts', '2000'));
    let signals = 0;
    let spent = 0;
    for (let i = 0; i < total; i += 200) {
      const values = Array.from({ length: Math.min(200, total - i) }, (_, k) => ({
        customerId: customers[(i + k) % customers.length]!.id, direction: 'in' as const, amount: 60_000 + ((i + k) % 50) * 10_000, bank: '招商银行', occurredAt: now,
      }));
      const rows = await database.db.insert(mktTransfers).values(values).returning();
      const facts: Fact[] = rows.map((r) => ({ kind: 'transfer', id: r.id, customerId: r.customerId, direction: 'in', amount: Number(r.amount), occurredAt: now }));
      const t0 = performance.now();
      signals += (await engine.evaluate(facts, now)).signals;
      spent += performance.now() - t0;
    }
    console.info(`card engine, PGlite: ${signals} signals in ${Math.round(spent)} ms = ${Math.round((signals / spent) * 1000)} signals/s (rules, insert, stack onto one card per customer, cap)`);

    const app = await buildApp({ database, now: () => now, distDir: '/nonexistent' });
    const sid = (await createUsersRepository(database.db).createSession(1, now, 86_400_000)).token;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const run = (path: string) =>
      autocannon({
        url: base,
        connections: Number(arg('connections', '10')),
        duration: Number(arg('duration', '5')),
        requests: [{ method: 'GET', path, setupRequest: (req) => ({ ...req, headers: signRequest({ method: 'GET', url: path }, { scheme: 'marketMap', accountId: sid, now }).headers }) }],
      });
    let failed = 0;
    for (const [label, path] of [
      ['card list (first page: wake snoozes, daily cap, 20 cards with customers and reasons)', '/market_map_url/chance-card/list?limit=20'],
      ['one-row read (/rule-settings/index)', '/market_map_url/rule-settings/index'],
    ] as const) {
      const r = await run(path);
      const bad = r.non2xx + r.errors + r.timeouts;
      failed += bad;
      console.info(`${label}: ${Math.round(r.requests.average)} req/s (p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms; ${r.requests.total} requests, ${bad} not 2xx)`);
    }
    await app.close();
    if (failed > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
