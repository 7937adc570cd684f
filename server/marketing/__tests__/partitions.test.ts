import { PgDialect } from 'drizzle-orm/pg-core';

import { ADVISORY_NAMESPACE, type Database, type Db, openDatabase } from '../../db/client';
import { CARD_PARTITIONS, lockPartitions, lockStatement, partitionOf, passLockName } from '../partitions';

const dialect = new PgDialect();

/** A transaction that records the statements it is given, rendered as PostgreSQL would receive them. */
function recorder() {
  const seen: Array<{ sql: string; params: unknown[] }> = [];
  const tx = {
    execute: async (q: Parameters<PgDialect['sqlToQuery']>[0]) => {
      seen.push(dialect.sqlToQuery(q));
      return { rows: [] };
    },
  } as unknown as Db;
  return { tx, seen };
}

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

  it("locks each adviser's partition once, in ascending order, in one statement", async () => {
    const { tx, seen } = recorder();
    await lockPartitions(tx, [13, 8, 3, 21, 11]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.params).toEqual([
      ADVISORY_NAMESPACE,
      0,
      'marketing:cards:0',
      3,
      'marketing:cards:3',
      5,
      'marketing:cards:5',
    ]);
    expect(seen[0]!.sql).toMatch(/order by partition/);
  });

  it('no advisers, no statement', async () => {
    const { tx, seen } = recorder();
    await lockPartitions(tx, []);
    expect(seen).toEqual([]);
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
      const many = await database.db.transaction(async (tx) => {
        await lockPartitions(tx, [13, 8, 3]);
        return (await held(tx)).rows;
      });
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
