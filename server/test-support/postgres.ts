import { spawnSync } from 'node:child_process';
import { Client } from 'pg';

import { type Database, migrateDatabase, openDatabase } from '../db/client';
import { seedDatabase } from '../db/seed';
import { likePattern } from '../repositories/query-helpers';
import { templateKey, TEST_BASE_TIME } from './database';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Whether the server answers, decided synchronously (jest picks describe vs describe.skip
 * while collecting tests) by a 3-second probe in a child process.
 */
export function postgresReachable(url = TEST_DATABASE_URL): { ok: boolean; reason: string } {
  const probe =
    `const {Client}=require('pg');const c=new Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});` +
    `c.connect().then(()=>c.query('select 1')).then(()=>c.end()).then(()=>process.exit(0),e=>{console.error(e.message);process.exit(1)})`;
  const r = spawnSync(process.execPath, ['-e', probe, url], { encoding: 'utf8', timeout: 8000, cwd: __dirname });
  return { ok: r.status === 0, reason: (r.stderr || r.error?.message || `exit ${r.status}`).trim() };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Templates of other content keys under this prefix are dropped as stale; two checkouts testing against one server at
 * once (parallel branches) each set their own prefix so neither drops the other's template mid-copy.
 */
const TEMPLATE_PREFIX = process.env.TEST_PG_TEMPLATE_PREFIX || 'wl_tpl';

/** Any fixed number: the advisory lock under which suites on parallel workers build and copy the template. */
const TEMPLATE_LOCK = 7_301_150;

/** Waits until no session is connected to `name` (a closed pool's backends exit a moment after `end()`). */
async function untilUnused(admin: Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const r = await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
    if (!r.rowCount) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The migrated, seeded database that every suite's database is copied from, built once per content key (as the
 * PGlite template is): migrating and seeding cost ~20 s a suite on PostgreSQL, a copy well under one. Built under
 * another name and renamed when complete, so an interrupted build is never copied; other keys' templates are dropped.
 * The caller holds TEMPLATE_LOCK.
 */
async function seededTemplate(admin: Client, url: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}_${templateKey()}`;
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount) return name;
  const stale = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    likePattern(`${TEMPLATE_PREFIX}_`, 'startsWith'),
  ]);
  for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  const building = `${name}_build`;
  await admin.query(`CREATE DATABASE "${building}"`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, building) });
  try {
    await migrateDatabase(database);
    await seedDatabase(database.db, 'small', TEST_BASE_TIME);
  } finally {
    await database.close();
  }
  await untilUnused(admin, building);
  await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
  return name;
}

/** Builds the template now if it is missing (jest's global setup, before the workers start). */
export async function preparePostgresTemplate(url = TEST_DATABASE_URL): Promise<string> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    return await seededTemplate(admin, url);
  } finally {
    await admin.end(); // ends the session, and its advisory lock with it
  }
}

/**
 * A brand-new database on the server for one suite (so runs never see each other's
 * rows), migrated and seeded (a copy of the template); closing it drops it.
 */
export async function openFreshPostgres(
  url = TEST_DATABASE_URL,
  opts: { prefix?: string; seed?: boolean } = {},
): Promise<Database & { url: string }> {
  const name = `${opts.prefix ?? 'wl_test'}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    if (opts.seed === false) {
      await admin.query(`CREATE DATABASE "${name}"`);
    } else {
      await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      try {
        const template = await seededTemplate(admin, url);
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      } finally {
        await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
      }
    }
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    ...database,
    url: withDatabase(url, name),
    close: async () => {
      await database.close();
      const cleanup = new Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}"`);
      await cleanup.end();
    },
  };
}

/**
 * `describe(title, body)` when PostgreSQL answers. When it does not: under CI=true a failing test (the PostgreSQL suites
 * are part of the contract), elsewhere a loud warning and a skipped test that names the suite. Never a silent skip.
 */
export function describeOnPostgres(title: string, body: () => void, url = TEST_DATABASE_URL): void {
  const where = new URL(url);
  const label = `${where.host}${where.pathname}`;
  const reachable = postgresReachable(url);
  if (reachable.ok) {
    describe(`${title} on PostgreSQL (${label})`, body);
  } else if (process.env.CI === 'true') {
    test(`PostgreSQL at ${label} is reachable (CI=true)`, () => {
      throw new Error(
        `PostgreSQL at ${label} is unreachable: ${reachable.reason}. Set TEST_DATABASE_URL or start the server.`,
      );
    });
  } else {
    console.warn(
      `\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n` +
        `!! PostgreSQL at ${label} is unreachable (${reachable.reason}).\n` +
        `!! The PostgreSQL suite "${title}" is SKIPPED. Set TEST_DATABASE_URL to run it.\n` +
        `!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n`,
    );
    test.skip(`${title} on PostgreSQL: SKIPPED, server at ${label} unreachable`, () => {});
  }
}
