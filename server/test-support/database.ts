import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, MIGRATIONS_FOLDER, openDatabase, type Database } from '../db/client';
import { seedDatabase } from '../db/seed';

/** The seed's base instant in tests: 10:00 Beijing time on a Sunday. */
export const TEST_BASE_TIME = new Date('2025-06-15T02:00:00.000Z');

const SERVER_DIR = path.resolve(__dirname, '..');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

/** Changes to the schema, migrations or seed give a new template; stale ones are never reused. */
function templateKey(): string {
  const h = createHash('sha256');
  const inputs = [
    ...filesUnder(MIGRATIONS_FOLDER),
    ...filesUnder(path.join(SERVER_DIR, 'db', 'seed')),
    path.join(SERVER_DIR, 'db', 'schema.ts'),
    // The data folder format belongs to the PGlite version.
    path.join(SERVER_DIR, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  ].sort();
  for (const f of inputs) h.update(f).update(fs.readFileSync(f));
  h.update(TEST_BASE_TIME.toISOString());
  return h.digest('hex').slice(0, 16);
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
