import path from 'node:path';
import fs from 'node:fs';
import * as bundledPglite from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  close(): Promise<void>;
}

import { HOSTED_PGLITE } from './hosted-pglite';

// Under jest the test environment hands over a PGlite loaded outside the module sandbox
// (PGlite's dynamic import() fails inside it on Node 20); everywhere else it is the import.
const pgliteModule =
  ((globalThis as Record<symbol, unknown>)[HOSTED_PGLITE] as typeof bundledPglite | undefined) ?? bundledPglite;
const { PGlite } = pgliteModule;
type PGlite = bundledPglite.PGlite;

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
    // An open PGlite keeps Node alive and may lose its last writes: always close, once.
    close: () => (closed ??= client.close()),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: 8 });
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
