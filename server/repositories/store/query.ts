import { and, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { ID_MAX } from '../../../src/api/contract/id';
import { maskName } from '../../../src/api/contract/mask';
import type { Db } from '../../db/client';
import { policyHolds } from '../../db/schema';

/** An opaque cursor "<epoch ms>_<id>" (or "<id>" for id-ordered lists): the last row's keys. */
export function encodeCursor(ms: number, id: number): string {
  return `${ms}_${id}`;
}
export function decodeCursor(cursor: string | undefined): { ms: number; id: number } | null {
  const m = cursor ? /^(\d{1,15})_(\d{1,10})$/.exec(cursor) : null;
  return m ? { ms: Number(m[1]), id: Math.min(Number(m[2]), ID_MAX) } : null;
}
const iso = (ms: number) => new Date(ms).toISOString();

/** The rows after the cursor's in a list ordered by (time, id), newest first; no cursor: from the first. */
export function olderThan(time: PgColumn, id: PgColumn, cursor: string | undefined): SQL | undefined {
  const c = decodeCursor(cursor);
  return c ? sql`(${time}, ${id}) < (${iso(c.ms)}::timestamptz, ${c.id})` : undefined;
}

export interface PageArgs {
  cursor?: string;
  limit: number;
}
export interface Paged<T> {
  list: T[];
  next_cursor: string | null;
}

export function paged<T, R>(rows: R[], limit: number, map: (r: R) => T, key: (r: R) => [number, number]): Paged<T> {
  const more = rows.length > limit;
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { list: kept.map(map), next_cursor: more && last ? encodeCursor(...key(last)) : null };
}

export const mask = (name: string) => maskName(name) || '匿名';

/**
 * The outer row's id, written out with its table: in a one-table select drizzle prints columns
 * without their table, and inside a subquery a bare "id" means the subquery's own table.
 */
const outer = (table: string) => sql`${sql.identifier(table)}.${sql.identifier('id')}`;
export const expertRef = outer('store_experts');
export const productRef = outer('store_products');

/** The holds that still keep these subjects from the public, by subject (docs/compliance.md, the held queue). */
export async function pendingHolds(db: Db, subjects: string[]) {
  if (!subjects.length) return new Map<string, typeof policyHolds.$inferSelect>();
  const rows = await db
    .select()
    .from(policyHolds)
    .where(and(inArray(policyHolds.subject, subjects), ne(policyHolds.status, 'approved')));
  return new Map(rows.map((r) => [r.subject, r]));
}
