/**
 * The card mix an adviser meets on the small seed after simulated days: new cards a day, the share by family, the
 * share with a money-flow or intent reason, and the most repeated reason text.
 *
 *   npx tsx scripts/card-mix.ts [days=7]
 */
import { eq } from 'drizzle-orm';

import { migrateDatabase, openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { seedDatabase } from '../server/db/seed';
import { type DayMix, mixOverDays, simulateDays } from '../server/marketing/card-mix';
import { createEngine } from '../server/marketing/engine';
import { createSimulator } from '../server/marketing/simulator';
import { TEST_BASE_TIME } from '../server/test-support/database';

function print(label: string, mix: DayMix[]): void {
  console.info(`\n${label}`);
  for (const m of mix) {
    const families = Object.entries(m.byFamily)
      .map(([f, n]) => `${f} ${n}`)
      .join(', ');
    const share = m.released ? Math.round((100 * m.moneyOrIntent) / m.released) : 0;
    const top = m.topReason ? `「${m.topReason.title}」×${m.topReason.cards}` : '-';
    console.info(
      `${m.day} adviser ${m.adviserId}: ${m.released} new (${m.productCards} product) | ${families} | money/intent ${share}% | top ${top}`,
    );
  }
  const worst = mix.reduce((a, m) => Math.max(a, m.topReason?.cards ?? 0), 0);
  const released = mix.reduce((a, m) => a + m.released, 0);
  const share = mix.reduce((a, m) => a + m.moneyOrIntent, 0);
  console.info(
    `summary: max new a day ${Math.max(0, ...mix.map((m) => m.released))}, mean ${(released / Math.max(1, mix.length)).toFixed(1)}, money/intent ${Math.round((100 * share) / Math.max(1, released))}%, most repeated reason on ${worst} cards`,
  );
}

async function main() {
  const days = Number(process.argv[2] ?? 7);
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, 'small', TEST_BASE_TIME);
    const db = database.db;
    const advisers = (await db.select({ id: users.id }).from(users).where(eq(users.role, 'adviser'))).map((u) => u.id);
    const history = await mixOverDays(
      db,
      advisers,
      new Date(TEST_BASE_TIME.getTime() - 6 * 86_400_000),
      TEST_BASE_TIME,
    );
    print(
      'seeded history, last 7 days',
      history.filter((m) => m.released > 0 || m.adviserId <= advisers[1]!),
    );
    const engine = createEngine(db);
    const simulator = createSimulator(db);
    const { from, to } = await simulateDays(
      db,
      TEST_BASE_TIME,
      days,
      (now) => simulator.step(now),
      (now) => engine.pass(now),
    );
    print(`after ${days} simulated days`, await mixOverDays(db, advisers, from, to));
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
