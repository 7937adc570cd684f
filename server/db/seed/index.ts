import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import type { Db } from '../client';
import * as schema from '../schema';
import { seedHoldingUnits, seedSavingsPlans } from './customer-history';
import { generateSeed, type SeedScale } from './generate';
import { seedInvitation } from './invitation';
import { seedMarketing } from './marketing';
import { seedMaterials } from './materials';
import { seedAdviserCertificates } from './products';
import { seedStore } from './store';

export { SEED_SCALES, seedBaseTime, type SeedScale } from './generate';

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters for the widest table. */
const BATCH = 1000;

/** Tables whose row triggers keep derived data (migrations 0014, 0016, 0019). */
const FOLLOWED_TABLES = ['lives', 'live_presenters', 'subscriptions', 'playbacks', 'room_presence'] as const;

/**
 * What those triggers would have written, derived at once: the counts and presenters in each live's row, a version
 * per category, and the per-second online rows. The same statements as the migrations' back-fills.
 */
const DERIVE_FOLLOWED = [
  `UPDATE "lives" SET "kol" = "live_kol_of"("id"),
     "subscriber_count" = (SELECT count(*) FROM "subscriptions" s WHERE s."live_id" = "lives"."id"),
     "playback_count" = (SELECT count(*) FROM "playbacks" p WHERE p."live_id" = "lives"."id")`,
  `INSERT INTO "live_list_versions" ("category_id", "version") SELECT DISTINCT "category_id", 1 FROM "lives"
     ON CONFLICT ("category_id") DO UPDATE SET "version" = "live_list_versions"."version" + 1`,
  `INSERT INTO "room_online_seconds" ("room_id", "second", "viewers")
     SELECT "room_id", floor(extract(epoch FROM "last_seen_at"))::bigint, count(*)::integer FROM "room_presence" GROUP BY 1, 2`,
];

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
    // The row triggers that keep the live list's derived data would run once per seeded row (on the large seed,
    // several hundred thousand updates of the lives table: most of an hour on PGlite). Off for the bulk insert
    // (foreign keys are still checked: they are system triggers), then the same data is derived once, set-wise.
    for (const table of FOLLOWED_TABLES) await tx.execute(sql.raw(`ALTER TABLE "${table}" DISABLE TRIGGER USER`));
    await insertAll(schema.lives, rows.lives);
    await insertAll(schema.livePresenters, rows.livePresenters);
    await insertAll(schema.subscriptions, rows.subscriptions);
    await insertAll(schema.roomPresence, rows.roomPresence);
    await insertAll(schema.playbacks, rows.playbacks);
    for (const statement of DERIVE_FOLLOWED) await tx.execute(sql.raw(statement));
    for (const table of FOLLOWED_TABLES) await tx.execute(sql.raw(`ALTER TABLE "${table}" ENABLE TRIGGER USER`));
    await insertAll(schema.liveMinutes, rows.liveMinutes);
    await insertAll(schema.liveProducts, rows.liveProducts);
    await insertAll(schema.liveMessages, rows.liveMessages);
    await insertAll(schema.liveInteractRules, rows.liveInteractRules);
    // Ids were written explicitly (stable across runs); move the sequences past them.
    for (const table of ['users', 'presenters', 'lives']) {
      await tx.execute(resetSequence(table));
    }
    marketing = await seedMarketing(tx as unknown as Db, scale, baseTime, rows.users);
    Object.assign(marketing, await seedMaterials(tx as unknown as Db, baseTime));
    await seedStore(tx, scale, baseTime);
    await seedInvitation(tx, scale, baseTime);
    await seedSavingsPlans(tx as unknown as Db, baseTime);
    await seedHoldingUnits(tx as unknown as Db);
    await seedAdviserCertificates(tx as unknown as Db);
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
