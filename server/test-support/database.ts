import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { type Database, migrateDatabase, openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed';
import { seededDataKey } from './seed-key';

/** The seed's base instant in tests: 10:00 Beijing time on a Sunday. */
export const TEST_BASE_TIME = new Date('2025-06-15T02:00:00.000Z');

/** Changes to the schema, migrations or seed give a new template; stale ones are never reused (PGlite's and PostgreSQL's). */
export function templateKey(): string {
  return createHash('sha256').update(seededDataKey()).update(TEST_BASE_TIME.toISOString()).digest('hex').slice(0, 16);
}

let cached: Promise<Blob> | null = null;

/**
 * A migrated, seeded PGlite data folder as a tarball. Building one costs ~4 s, loading
 * it ~0.5 s, so it is built once per change and kept in the OS temp folder across files and runs.
 */
export function templateDataDir(): Promise<Blob> {
  cached ??= (async () => {
    const file = path.join(os.tmpdir(), `wealth-live-test-db-${templateKey()}.tar.gz`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    const db = await openDatabase({});
    try {
      await migrateDatabase(db);
      await seedDatabase(db.db, 'small', TEST_BASE_TIME);
      const dump = await db.pglite!.dumpDataDir('gzip');
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Write then rename: parallel workers never read half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, bytes);
      fs.renameSync(tmp, file);
      return new Blob([bytes]);
    } finally {
      await db.close();
    }
  })();
  return cached;
}

/** A private in-memory database with the seed, ready in well under a second. */
export async function openTestDatabase(): Promise<Database> {
  return openDatabase({ loadDataDir: await templateDataDir() });
}
