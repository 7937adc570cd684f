import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import * as schema from '../schema';
import { generateSeed, type SeedScale } from './generate';
import { seedMarketing } from './marketing';
import { seedStore } from './store';
import { seedInvitation } from './invitation';

export { generateSeed, seedBaseTime, SEED_SCALES, type SeedScale } from './generate';

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters for the widest table. */
const BATCH = 1000;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
  return rows.length === 0;
}

export interface SeedSummary {
  scale: SeedScale;
  baseTime: Date;
  counts: Record<string, number>;
}

/** Writes the deterministic seed into an empty database, in one transaction (all or nothing). */
export async function seedDatabase(db: Db, scale: SeedScale, baseTime: Date): Promise<SeedSummary> {
  const rows = generateSeed(scale, baseTime);
  let marketing: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const insertAll = async <T extends PgTable>(table: T, values: T['$inferInsert'][]) => {
      for (let i = 0; i < values.length; i += BATCH) await tx.insert(table).values(values.slice(i, i + BATCH));
    };
    await insertAll(schema.users, rows.users);
    await insertAll(schema.presenters, rows.presenters);
    await insertAll(schema.lives, rows.lives);
    await insertAll(schema.livePresenters, rows.livePresenters);
    await insertAll(schema.subscriptions, rows.subscriptions);
    await insertAll(schema.roomPresence, rows.roomPresence);
    await insertAll(schema.playbacks, rows.playbacks);
    await insertAll(schema.liveMinutes, rows.liveMinutes);
    await insertAll(schema.liveProducts, rows.liveProducts);
    await insertAll(schema.liveMessages, rows.liveMessages);
    await insertAll(schema.liveInteractRules, rows.liveInteractRules);
    // Ids were written explicitly (stable across runs); move the sequences past them.
    for (const table of ['users', 'presenters', 'lives']) {
      await tx.execute(resetSequence(table));
    }
    marketing = await seedMarketing(tx as unknown as Db, scale, baseTime, rows.users);
    await seedStore(tx, scale, baseTime);
    await seedInvitation(tx, scale, baseTime);
  });
  // Fresh statistics so the planner picks the indexes right away, and a visibility map so
  // the list's counts are index-only scans.
  await db.execute(sql`VACUUM ANALYZE`);
  const counts = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, (v as unknown[]).length]));
  return { scale, baseTime, counts: { ...counts, ...marketing } };
}

function resetSequence(table: string): SQL {
  return sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM "${table}"))`);
}
