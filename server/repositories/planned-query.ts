import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type Query, type SQL, sql } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';

import { type Db, isPgliteClient } from '../db/client';

type Row = Record<string, unknown>;

/** Prepared statements per PGlite instance: the SQL text → its statement's name, once prepared. */
const prepared = new WeakMap<PGlite, Map<string, Promise<string>>>();
/** Statement names per PostgreSQL pool: each connection prepares a name on its first use of it. */
const named = new WeakMap<Pool, Map<string, string>>();
/** Enough for every shape of the hot reads (orders × filters); past it a query is planned each time. */
const MAX_PREPARED = 64;
let serial = 0;

const PLAIN_TEXT = /^[\w.:-]*$/;

/** A parameter as a literal of the EXECUTE, or null when it must stay bound. An empty array takes the parameter's type. */
function literal(p: unknown): string | null {
  if (typeof p === 'number') return Number.isFinite(p) ? String(p) : null;
  if (typeof p === 'string') return PLAIN_TEXT.test(p) ? `'${p}'` : null;
  if (Array.isArray(p)) {
    if (p.length === 0) return "'{}'";
    const items = p.map((item) => (Array.isArray(item) ? null : literal(item)));
    return items.every((l) => l !== null) ? `ARRAY[${items.join(', ')}]` : null;
  }
  return null;
}

/**
 * Rows of a hot read, planned once per database where that pays. PGlite parses and plans an
 * unnamed statement on every call, which for a page with correlated subqueries costs about as much
 * as running it; a server-side PREPARE keeps the plan, and EXECUTE only runs it. The parameters are
 * then written into the EXECUTE as literals, so only values whose literal cannot be anything but data
 * qualify: finite numbers, strings of letters, digits and `_ . : -` (ids, hashes, room names; no quote
 * to escape) and arrays of those. Any other text (a search filter) and a transaction's handle take
 * the ordinary parameterised path. On PostgreSQL the driver's named statements do the same per
 * connection, with the parameters bound as usual.
 */
export async function plannedRows(db: Db, query: SQL): Promise<Row[]> {
  return runPlanned(db, dialectOf(db).sqlToQuery(query), () => query);
}

const dialectOf = (db: Db) => (db as unknown as { dialect: PgDialect }).dialect;

async function runPlanned(db: Db, compiled: Query, query: () => SQL): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  const literals = compiled.params.map(literal);
  if (isPgliteClient(client) && literals.every((l) => l !== null)) {
    let names = prepared.get(client);
    if (!names) prepared.set(client, (names = new Map()));
    let pending = names.get(compiled.sql);
    if (!pending && names.size < MAX_PREPARED) {
      // Requests that arrive together wait for the one PREPARE rather than each trying the name.
      const next = `planned_${(serial += 1)}`;
      pending = client.exec(`prepare ${next} as ${compiled.sql}`).then(() => next);
      names.set(compiled.sql, pending);
      pending.catch(() => names.delete(compiled.sql));
    }
    if (pending) {
      const name = await pending;
      const args = literals.length ? `(${literals.join(', ')})` : '';
      return (await client.query<Row>(`execute ${name}${args}`)).rows;
    }
  }
  if (client instanceof Pool) {
    let names = named.get(client);
    if (!names) named.set(client, (names = new Map()));
    let name = names.get(compiled.sql);
    if (!name && names.size < MAX_PREPARED) names.set(compiled.sql, (name = `planned_${(serial += 1)}`));
    if (name) return (await client.query<Row>({ name, text: compiled.sql, values: compiled.params })).rows;
  }
  const result = (await db.execute(query())) as unknown as { rows: Row[] };
  return result.rows;
}

/** A planned read compiled once: called with a database and the values of one request. */
export type PlannedRead<V> = (db: Db, values: V) => Promise<Row[]>;

/**
 * A planned read whose SQL is compiled once, not on every call: `build` writes the statement with each value
 * interpolated as it is (no arithmetic on the values: it is called once with named placeholders in their place),
 * and a call fills in the values. Building and compiling a statement of a dozen subqueries costs drizzle about
 * 0.1 ms a request, a sixth of a kept live page's whole answer on PostgreSQL.
 */
export function plannedStatement<V extends Record<string, unknown>>(build: (values: V) => SQL): PlannedRead<V> {
  let compiled: Query | undefined;
  const placeholders = new Proxy({} as V, { get: (_, name) => sql.placeholder(String(name)) });
  return (db: Db, values: V): Promise<Row[]> => {
    compiled ??= dialectOf(db).sqlToQuery(build(placeholders));
    return runPlanned(db, { sql: compiled.sql, params: fillPlaceholders(compiled.params, values) }, () =>
      build(values),
    );
  };
}

/**
 * A row count (LIMIT, OFFSET) of a planned read, written into its statement instead of bound. PostgreSQL plans a
 * prepared statement for its parameters' values five times, then keeps one generic plan if that costs no more; a
 * generic plan knows no LIMIT and prices it as a tenth of the rows, so a page's generic plan looked dear and every
 * execute was planned again (a millisecond of each first page of 10,000 open cards on PGlite). Written in, the counts
 * make one statement per page size, a handful (at most MAX_PREPARED are kept), and its plan is kept.
 */
export function rowCount(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a row count: ${n}`);
  return sql.raw(String(n));
}
