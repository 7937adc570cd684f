import { type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';

import type { Db } from '../db/client';

/**
 * Query pieces every repository builds the same way. LIKE's wildcards (`%`, `_`) and its escape character (`\`,
 * the default in PostgreSQL and PGlite) in a user's text would otherwise widen what a search matches.
 */

/** The text with `\`, `%` and `_` escaped, so that in a LIKE pattern it matches only itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern for values that contain the text (the default) or start with it, wildcards in it escaped. */
export function likePattern(text: string, match: 'contains' | 'startsWith' = 'contains'): string {
  return match === 'contains' ? `%${escapeLike(text)}%` : `${escapeLike(text)}%`;
}

/** How many rows of `table` match `where` (every row when there is none). */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

/** How many rows come before a 1-based page of `pageSize` rows. */
export const pageOffset = (page: number, pageSize: number): number => (page - 1) * pageSize;

/**
 * A 1-based page of `pageSize` rows of an ordered select, with how many rows of `table` the same `where` keeps in
 * all: the one filter serves both, so the total and the pages cannot disagree on what is listed.
 */
export async function countedPage<Q extends PgSelect>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  select: Q,
  page: number,
  pageSize: number,
) {
  const total = await countRows(db, table, where);
  const rows = await select.where(where).limit(pageSize).offset(pageOffset(page, pageSize));
  return { total, rows };
}
