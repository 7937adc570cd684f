import fs from 'node:fs';
import path from 'node:path';
import * as bundledPglite from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';

import * as schema from './schema';

/** The driver-neutral drizzle handle every repository takes: same schema, same queries. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for log lines (never a password). */
  location: string;
  /** The embedded instance, when there is one (tests dump it as a template). */
  pglite: PGlite | null;
  /**
   * Runs fn while holding the lock `name` for every server on this database (a PostgreSQL
   * advisory lock on a connection of its own): with `wait`, after the holder lets go; without,
   * not at all (null) while another holds it. PGlite has one server per data folder: fn just runs.
   */
  exclusive<T>(name: string, fn: () => Promise<T>, opts?: { wait?: boolean }): Promise<T | null>;
  close(): Promise<void>;
}

import { HOSTED_PGLITE } from './hosted-pglite';

// Under jest the test environment hands over a PGlite loaded outside the module sandbox
// (PGlite's dynamic import() fails inside it on Node 20); everywhere else it is the import.
const pgliteModule =
  ((globalThis as Record<symbol, unknown>)[HOSTED_PGLITE] as typeof bundledPglite | undefined) ?? bundledPglite;
const { PGlite } = pgliteModule;
type PGlite = bundledPglite.PGlite;

/** Whether a drizzle client is PGlite: by the class this module opens, the same one under jest's sandbox too. */
export const isPgliteClient = (client: unknown): client is PGlite => client instanceof PGlite;

export const MIGRATIONS_FOLDER = path.join(__dirname, 'migrations');

export interface OpenOptions {
  /** node-postgres when set (DATABASE_URL). */
  databaseUrl?: string;
  /** PGlite data folder; omitted = in memory. */
  pgliteDir?: string;
  /** A dumpDataDir() tarball to start from (tests). */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.pgliteDir, opts.loadDataDir);
}

async function openPglite(dir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, loadDataDir });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed: Promise<void> | null = null;
  return {
    db,
    kind: 'pglite',
    location: dir ? `PGlite at ${dir}` : 'PGlite in memory',
    pglite: client,
    exclusive: (_name, fn) => fn(),
    // An open PGlite keeps Node alive and may lose its last writes: always close, once.
    close: () => (closed ??= client.close()),
  };
}

/** First key of this product's advisory locks, so they never meet another application's on a shared server. */
export const ADVISORY_NAMESPACE = 0x57_4c_16;

async function openPostgres(url: string): Promise<Database> {
  // Connections are kept through five idle minutes, not node-postgres's ten seconds: a server quiet for a little
  // while (a live about to start) otherwise meets its next burst by opening every connection again, which held the
  // first seconds of a 10,000-viewer run at a p99 of about a second.
  const pool = new Pool({ connectionString: url, max: 8, idleTimeoutMillis: 5 * 60_000 });
  // Fail at start, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const where = new URL(url);
  let closed: Promise<void> | null = null;
  return {
    db,
    kind: 'postgres',
    location: `PostgreSQL at ${where.host}${where.pathname}`,
    pglite: null,
    exclusive: async (name, fn, opts) => {
      const client = await pool.connect();
      // A connection whose unlock failed is closed, not pooled: its session's locks end with it.
      let broken: Error | undefined;
      try {
        // Two int4 keys: a namespace for this product's locks, and the name's hash.
        const got = opts?.wait
          ? (await client.query('select pg_advisory_lock($1, hashtext($2))', [ADVISORY_NAMESPACE, name]), true)
          : (
              await client.query<{ got: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as got', [
                ADVISORY_NAMESPACE,
                name,
              ])
            ).rows[0]?.got === true;
        if (!got) return null;
        try {
          return await fn();
        } finally {
          await client
            .query('select pg_advisory_unlock($1, hashtext($2))', [ADVISORY_NAMESPACE, name])
            .catch((err: Error) => (broken = err));
        }
      } finally {
        client.release(broken);
      }
    },
    close: () => (closed ??= pool.end()),
  };
}

/** Applies the committed migrations with the migrator of the database's own driver. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], config);
  } else {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], config);
  }
}
