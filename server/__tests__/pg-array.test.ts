/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { sql } from 'drizzle-orm';

import { pgArray } from '../db/arrays';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test-support/database';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The literal cast to `type[]` and read back as rows, in order. */
const back = async <T>(literal: string, type: string): Promise<T[]> => {
  const result = await database.db.execute(
    sql`select v from unnest(${literal}::${sql.raw(type)}[]) with ordinality as u(v, n) order by n`,
  );
  return (result as unknown as { rows: { v: T }[] }).rows.map((r) => r.v);
};

describe('pgArray', () => {
  it('sends any text as it is: quotes, backslashes, braces, commas, spaces, NULL as a word, empty, Chinese, newlines', async () => {
    const texts = [
      'a"b',
      'c\\d',
      '{x}',
      '1,2',
      '  padded  ',
      'NULL',
      'null',
      '',
      '资金转入 ¥255,800',
      'line\nbreak',
      '\\"',
    ];
    expect(await back<string>(pgArray(texts), 'text')).toEqual(texts);
  });

  it('keeps null apart from the text NULL, and booleans and numbers as they are', async () => {
    expect(await back<string | null>(pgArray(['NULL', null, 'x']), 'text')).toEqual(['NULL', null, 'x']);
    expect(await back<boolean>(pgArray([true, false, null]), 'boolean')).toEqual([true, false, null]);
    expect(await back<number>(pgArray([0, -1, 2_147_483_647, null]), 'int')).toEqual([0, -1, 2_147_483_647, null]);
    expect(await back<number>(pgArray([0.1 + 0.2, 1e-7, -12.5]), 'float8')).toEqual([0.1 + 0.2, 1e-7, -12.5]);
  });

  it('carries JSON as jsonb elements', async () => {
    const parts = [{ amount: 12.5, note: 'say "hi"\\' }, { tier: '私行' }];
    expect(await back<unknown>(pgArray(parts.map((p) => JSON.stringify(p))), 'jsonb')).toEqual(parts);
  });

  it('an empty batch is an empty array', async () => {
    expect(pgArray([])).toBe('{}');
    expect(await back<number>(pgArray([]), 'int')).toEqual([]);
  });

  it('refuses a number no column can hold', () => {
    expect(() => pgArray([Number.NaN])).toThrow(RangeError);
    expect(() => pgArray([Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});
