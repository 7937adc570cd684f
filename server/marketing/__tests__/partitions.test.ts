import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

import { ADVISORY_NAMESPACE, type Database, type Db, openDatabase } from '../../db/client';
import { CARD_PARTITIONS, lockPartitionsOf, lockStatement, partitionOf, passLockName } from '../partitions';

const dialect = new PgDialect();

/** Advisers as the subquery the engine hands over (a column `adviser_id`). */
const advisers = (ids: number[]) =>
  ids.length
    ? sql`select * from (values ${sql.join(
        ids.map((id) => sql`(${id}::int)`),
        sql`, `,
      )}) as v(adviser_id)`
    : sql`select 1::int as adviser_id where false`;

describe('card partitions (adviser id modulo 8)', () => {
  it('8 partitions by adviser id', () => {
    expect(CARD_PARTITIONS).toBe(8);
    expect([0, 1, 7, 8, 13, 21, 800].map(partitionOf)).toEqual([0, 1, 7, 0, 5, 5, 0]);
  });

  it('names the scheduled pass lock and the card lock by partition', () => {
    expect(passLockName(3)).toBe('marketing:card-pass:3');
    const q = dialect.sqlToQuery(lockStatement(2));
    expect(q.params).toEqual([ADVISORY_NAMESPACE, 'marketing:cards:2']);
    expect(q.sql).toMatch(/pg_advisory_xact_lock\(\$1::int, hashtext\(\$2\)\)/);
  });

  it("locks each adviser's partition once, in ascending order, inside the statement that reads them", () => {
    const q = dialect.sqlToQuery(sql`select ${lockPartitionsOf(advisers([13, 8, 3, 21, 11]))} as locked`);
    expect(q.params).toEqual([ADVISORY_NAMESPACE, CARD_PARTITIONS, 13, 8, 3, 21, 11]);
    expect(q.sql).toMatch(/select distinct a\.adviser_id % \$2 as partition/);
    // One order for every locker: no deadlock.
    expect(q.sql).toMatch(/order by 1 offset 0/);
  });

  describe('on PGlite', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({});
    });
    afterAll(() => database.close());

    it('holds the same advisory locks as the single-partition statement, to the end of the transaction', async () => {
      const held = (tx: Db) =>
        tx.execute(`select classid, objid from pg_locks where locktype = 'advisory' order by objid`) as Promise<{
          rows: Array<{ classid: number; objid: number }>;
        }>;
      const locking = (ids: number[]) =>
        database.db.transaction(async (tx) => {
          const r = (await tx.execute(sql`select ${lockPartitionsOf(advisers(ids))} as locked`)) as {
            rows: Array<{ locked: number | string }>;
          };
          return { locked: Number(r.rows[0]!.locked), held: (await held(tx)).rows };
        });
      const { locked, held: many } = await locking([13, 8, 3, 21, 11]);
      expect(locked).toBe(3);
      expect(await locking([])).toEqual({ locked: 0, held: [] });
      const one = await database.db.transaction(async (tx) => {
        for (const p of [0, 3, 5]) await tx.execute(lockStatement(p));
        return (await held(tx)).rows;
      });
      expect(many).toHaveLength(3);
      expect(many).toEqual(one);
      expect(many.every((l) => Number(l.classid) === ADVISORY_NAMESPACE)).toBe(true);
      expect((await held(database.db)).rows).toEqual([]);
    });
  });
});
