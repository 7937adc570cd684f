/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { listCardsByState, listOpenCards } from '../repositories/marketing-cards';
import { plannedRows, plannedStatement, rowCount } from '../repositories/planned-query';
import { openTestDatabase, TEST_BASE_TIME } from '../test-support/database';
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';

const NOW = new Date(TEST_BASE_TIME.getTime() + 86_400_000);

function plannedContract(open: () => Promise<Database>) {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  test('a planned read answers as the parameterised one, first time and after', async () => {
    const query = (n: number) => sql`select g as n, g * ${n}::float8 as x from generate_series(1, 3) g order by g`;
    const plain = ((await database.db.execute(query(0.1))) as unknown as { rows: unknown[] }).rows;
    expect(await plannedRows(database.db, query(0.1))).toEqual(plain);
    expect(await plannedRows(database.db, query(0.1))).toEqual(plain);
    expect(await plannedRows(database.db, query(-7))).toEqual([
      { n: 1, x: -7 },
      { n: 2, x: -14 },
      { n: 3, x: -21 },
    ]);
  });

  test('reads that arrive together with a new statement all answer', async () => {
    const query = (k: number) => sql`select ${k}::int + 1000 as k`;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => plannedRows(database.db, query(k))));
    expect(answers.map((rows) => rows[0]!.k)).toEqual(Array.from({ length: 10 }, (_, k) => k + 1000));
  });

  test('ids, hashes and arrays of them (empty too) answer as the parameterised read, and are planned once', async () => {
    const query = (tag: string, ids: number[], rooms: string[]) =>
      sql`select ${tag}::text as tag, cardinality(${sql.param(ids)}::int[]) as n,
        array_to_string(${sql.param(rooms)}::text[], '|') as rooms`;
    for (const [tag, ids, rooms] of [
      ['d3a5-f9.7:c_63', [3, -1, 20], ['room-000020', 'room-000001']],
      ['E0001', [], []],
    ] as const) {
      const q = query(tag, [...ids], [...rooms]);
      const plain = ((await database.db.execute(q)) as unknown as { rows: unknown[] }).rows;
      expect(await plannedRows(database.db, q)).toEqual(plain);
      expect(plain).toEqual([{ tag, n: ids.length, rooms: rooms.join('|') }]);
    }
    if (database.kind === 'pglite') {
      const statements = (await database.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%array_to_string%'`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(statements.rows[0]!.n).toBe(1);
    }
  });

  test('a statement compiled once answers each call with its own values, as the statement built with them', async () => {
    let built = 0;
    const build = (v: { tag: string; ids: number[]; k: number }) => {
      built += 1;
      return sql`select ${v.tag}::text as tag, cardinality(${sql.param(v.ids)}::int[]) as n, ${v.k}::int * 2 as k2`;
    };
    const read = plannedStatement(build);
    for (const values of [
      { tag: 'E0001', ids: [1, 2, 3], k: 4 },
      { tag: 'a-b.c:d_e', ids: [], k: -1 },
      // Text a literal cannot hold stays bound: the parameterised path, built with the values.
      { tag: "x'); drop table mkt_cards; --", ids: [7], k: 0 },
    ]) {
      const plain = ((await database.db.execute(build(values))) as unknown as { rows: unknown[] }).rows;
      expect(await read(database.db, values)).toEqual(plain);
      expect(plain).toEqual([{ tag: values.tag, n: values.ids.length, k2: values.k * 2 }]);
    }
    // Three plain builds above and one with placeholders; on PGlite one more for the quoted text's parameterised
    // call (PostgreSQL binds every value to its named statement).
    expect(built).toBe(database.kind === 'pglite' ? 5 : 4);
  });

  test('text parameters stay bound: a quote is data, not SQL', async () => {
    const rows = await plannedRows(database.db, sql`select ${"x'); drop table mkt_cards; --"}::text as t`);
    expect(rows).toEqual([{ t: "x'); drop table mkt_cards; --" }]);
  });
}

describe('planned reads on PGlite', () => plannedContract(openTestDatabase));

describe("a page's plan is kept", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  test('the workbench first page of an adviser with 3,000 open cards, read twelve times, is planned for its values five times and then kept', async () => {
    const db = database.db;
    const adviser = Number(
      (
        (await db.execute(sql`insert into users (uuid, employee_id, real_name, avatar, role, is_financial_advisor, created_at)
          values ('plan-kept', 'plan-kept', '顾问', '', 'adviser', true, ${NOW.toISOString()}::timestamptz) returning id`)) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows[0]!.id,
    );
    await db.execute(sql`with c as (
        insert into mkt_customers (adviser_id, name, phone, tier, aum, created_at)
        select ${adviser}, '客户' || g, '13800000000', 'standard', 1000000, ${NOW.toISOString()}::timestamptz
        from generate_series(1, 3000) g returning id)
      insert into mkt_cards (adviser_id, customer_id, state, category_id, score, score_parts, priority, created_at,
        updated_at, released_at)
      select ${adviser}, c.id, 'new', 1, (c.id % 100)::float8, '{}'::jsonb, 'cold', ${NOW.toISOString()}::timestamptz,
        ${NOW.toISOString()}::timestamptz, ${NOW.toISOString()}::timestamptz from c`);
    // The statistics a database has of its tables (PGlite runs no autovacuum; the seed analyzes what it wrote).
    await db.execute(sql`analyze mkt_cards, mkt_customers`);
    for (let k = 0; k < 12; k += 1) {
      const page = await listOpenCards(db, adviser, { limit: 20 }, NOW);
      expect([page.list.length, page.total]).toEqual([20, 3000]);
    }
    const plans = (await database.db.execute(
      sql`select generic_plans, custom_plans from pg_prepared_statements where statement like '%mkt_workbench_counts%'`,
    )) as unknown as { rows: Array<{ generic_plans: number; custom_plans: number }> };
    // A LIMIT bound as a parameter made the generic plan look dear: all twelve were planned again.
    expect(plans.rows.map((r) => [Number(r.custom_plans), Number(r.generic_plans)])).toEqual([[5, 7]]);
  });

  test("the workbench filtered by customers' tags (Chinese text stays bound) and by categories reads the cards a count finds", async () => {
    const db = database.db;
    const count = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from mkt_cards c join mkt_customers u on u.id = c.customer_id
            where c.adviser_id = 1 and c.state in ('new', 'viewed', 'handling') and c.released_at is not null and ${where}`)) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]!.n,
      );
    const [tag] = (
      (await db.execute(
        sql`select unnest(tags) as t from mkt_customers where adviser_id = 1 group by 1 order by count(*) desc limit 1`,
      )) as unknown as {
        rows: Array<{ t: string }>;
      }
    ).rows;
    expect(tag!.t).toMatch(/[\u4e00-\u9fff]/);
    for (const [q, where] of [
      [{ tags: `${tag!.t},不存在的标签` }, sql`u.tags && array[${tag!.t}]::text[]`],
      [{ category_id: 1 }, sql`c.category_id = 1`],
      [{ group: 'money_flow' }, sql`c.category_id in (1, 2, 7)`],
    ] as const) {
      const expected = await count(where);
      expect(expected).toBeGreaterThan(0);
      let seen = 0;
      let cursor: string | undefined;
      do {
        const page = await listOpenCards(db, 1, { limit: 5, ...q, cursor }, NOW);
        expect(page.total).toBe(expected);
        seen += page.list.length;
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).toBe(expected);
    }
  });

  test('a row count is written in as a plain integer, and nothing else passes for one', () => {
    const dialect = (database.db as unknown as { dialect: { sqlToQuery: (q: unknown) => { sql: string } } }).dialect;
    expect(dialect.sqlToQuery(sql`select 1 limit ${rowCount(21)} offset ${rowCount(0)}`).sql).toBe(
      'select 1 limit 21 offset 0',
    );
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => rowCount(bad)).toThrow(RangeError);
  });
});
describeOnPostgres('planned reads', () => plannedContract(openFreshPostgres));

describeOnPostgres('the workbench pages', () => {
  let pglite: Database;
  let postgres: Database;
  beforeAll(async () => {
    [pglite, postgres] = await Promise.all([openTestDatabase(), openFreshPostgres()]);
  });
  afterAll(() => Promise.all([pglite.close(), postgres.close()]));

  test('read the same on PostgreSQL as on PGlite, page by page, in both orders and by state', async () => {
    for (const order of ['priority', 'time'] as const) {
      let cursor: string | undefined;
      let pages = 0;
      do {
        const [a, b] = await Promise.all(
          [pglite, postgres].map((d) => listOpenCards(d.db, 1, { limit: 7, order, cursor }, NOW)),
        );
        expect(b).toEqual(a);
        expect(a!.list.length).toBeGreaterThan(0);
        cursor = a!.next_cursor ?? undefined;
        pages += 1;
      } while (cursor);
      expect(pages).toBeGreaterThan(1);
    }
    for (const state of ['done', 'waiting'] as const) {
      const [a, b] = await Promise.all(
        [pglite, postgres].map((d) => listCardsByState(d.db, 1, { state, limit: 50 }, NOW)),
      );
      expect(b).toEqual(a);
    }
  });
});
