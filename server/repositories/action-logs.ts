import { randomInt } from 'node:crypto';
import {
  and,
  arrayContains,
  arrayOverlaps,
  count,
  desc,
  eq,
  gt,
  gte,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';

import type { ActionLog, ActionLogFound, ActionLogSummary } from '../../src/api/contract/action-log';
import { ACTION_LOG_ID_ALPHABET } from '../../src/api/contract/action-log-constants';
import { type LogContextKind, logFacts, searchTextOf } from '../../src/api/contract/action-log-facts';
import type { Db } from '../db/client';
import { actionLogs, liveProducts, mktProducts, presenters, storeExperts, users } from '../db/schema';
import { likePattern } from './query-helpers';

/** XXXX-XXXX from an alphabet without look-alikes: 31^8 ≈ 8.5e11, read out over the phone. */
export function newActionLogId(): string {
  const pick = () =>
    Array.from({ length: 4 }, () => ACTION_LOG_ID_ALPHABET[randomInt(ACTION_LOG_ID_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

type Row = typeof actionLogs.$inferSelect;
const summary = (
  r: Pick<Row, 'id' | 'note' | 'appVersion' | 'environment' | 'entries' | 'bytes' | 'receivedAt'>,
): ActionLogSummary => ({
  id: r.id,
  note: r.note,
  appVersion: r.appVersion,
  environment: r.environment,
  entries: r.entries,
  bytes: r.bytes,
  receivedAt: r.receivedAt.toISOString(),
});

/** The search's filters, already turned into column values (the route hashes a typed phone first). */
export interface ActionLogFilters {
  /** Any of these labels among the log's user keys. */
  userKeys?: string[];
  context?: LogContextKind;
  from?: Date;
  to?: Date;
  page?: string;
  type?: string;
  hasError?: boolean;
  text?: string;
  /** The last row of the previous page. */
  after?: { receivedAt: Date; id: string };
  limit: number;
}

const found = (r: Omit<Row, 'log' | 'uploader' | 'searchText' | 'actionTypes'>): ActionLogFound => ({
  ...summary(r),
  userKeys: r.userKeys,
  context: (r.context ?? 'browser') as LogContextKind,
  startedAt: r.startedAt?.toISOString() ?? null,
  endedAt: r.endedAt?.toISOString() ?? null,
  pages: r.pages,
  hasError: r.hasError,
  firstErrorStep: r.firstErrorStep,
});

/** The columns the search reads, from the log and its note (one derivation for uploads and the backfill). */
function searchColumns(log: ActionLog, note: string | null) {
  const facts = logFacts(log);
  return {
    context: facts.context,
    startedAt: facts.startedAt === null ? null : new Date(facts.startedAt),
    endedAt: facts.endedAt === null ? null : new Date(facts.endedAt),
    pages: facts.pages,
    actionTypes: facts.actionTypes,
    hasError: facts.hasError,
    firstErrorStep: facts.firstErrorStep,
    searchText: searchTextOf(log, note),
  };
}

/** The search's conditions, each on an indexed column. */
function searchConditions(f: ActionLogFilters): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [];
  if (f.userKeys) where.push(arrayOverlaps(actionLogs.userKeys, f.userKeys));
  if (f.context) where.push(eq(actionLogs.context, f.context));
  // Recording overlaps [from, to]: it ended after `from` and started before `to`.
  if (f.from) where.push(gte(actionLogs.endedAt, f.from));
  if (f.to) where.push(lte(actionLogs.startedAt, f.to));
  if (f.page) where.push(arrayContains(actionLogs.pages, [f.page]));
  if (f.type) where.push(arrayContains(actionLogs.actionTypes, [f.type]));
  if (f.hasError !== undefined) where.push(eq(actionLogs.hasError, f.hasError));
  if (f.text) where.push(sql`${actionLogs.searchText} like ${likePattern(f.text.toLowerCase())}`);
  if (f.after)
    where.push(
      or(
        lt(actionLogs.receivedAt, f.after.receivedAt),
        and(eq(actionLogs.receivedAt, f.after.receivedAt), lt(actionLogs.id, f.after.id)),
      ),
    );
  return where;
}

/**
 * The public catalogue the redactor keeps readable in typed text: product names and fund codes (the live rooms'
 * and the product master's), presenters' and the store's experts' names.
 */
async function readPublicTerms(db: Db): Promise<Set<string>> {
  const [products, master, people, experts] = await Promise.all([
    db.selectDistinct({ name: liveProducts.name, code: liveProducts.productCode }).from(liveProducts),
    db.select({ name: mktProducts.name, code: mktProducts.code }).from(mktProducts),
    db.selectDistinct({ name: presenters.name }).from(presenters),
    db.selectDistinct({ name: storeExperts.name }).from(storeExperts),
  ]);
  const terms = new Set<string>();
  for (const p of [...products, ...master]) {
    terms.add(p.name);
    if (p.code) terms.add(p.code);
  }
  for (const p of [...people, ...experts]) terms.add(p.name);
  return terms;
}

export function createActionLogsRepository(db: Db) {
  return {
    async add(
      log: ActionLog,
      note: string | null,
      bytes: number,
      now: Date,
      uploader: string | null = null,
      userKeys: string[] = [],
    ): Promise<ActionLogSummary> {
      for (let attempt = 0; ; attempt += 1) {
        const id = newActionLogId();
        const rows = await db
          .insert(actionLogs)
          .values({
            id,
            note,
            appVersion: log.appVersion,
            environment: log.environment,
            entries: log.entries.length,
            bytes,
            log,
            receivedAt: now,
            uploader,
            userKeys,
            ...searchColumns(log, note),
          })
          .onConflictDoNothing()
          .returning();
        const row = rows[0];
        if (row) return summary(row);
        if (attempt > 5) throw new Error('could not allocate an action-log id');
      }
    },
    /** Logs one uploader sent after `since` (the per-day cap). */
    async countSince(uploader: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(actionLogs)
        .where(and(eq(actionLogs.uploader, uploader), gt(actionLogs.receivedAt, since)));
      return Number(row?.n ?? 0);
    },
    /** The uuid and phone of a signed-in uploader (`user:<id>`), to key the log by its sender. */
    async uploaderIdentity(uploader: string): Promise<{ uuid: string; phone: string | null } | null> {
      const m = /^user:(\d+)$/.exec(uploader);
      if (!m) return null;
      const [row] = await db
        .select({ uuid: users.uuid, phone: users.phone })
        .from(users)
        .where(eq(users.id, Number(m[1])));
      return row ?? null;
    },
    /** Newest first, a page at a time; every filter is answered from an indexed column, never the JSON. */
    async search(
      f: ActionLogFilters,
    ): Promise<{ items: ActionLogFound[]; last: { receivedAt: Date; id: string } | null }> {
      const rows = await db
        .select({
          id: actionLogs.id,
          note: actionLogs.note,
          appVersion: actionLogs.appVersion,
          environment: actionLogs.environment,
          entries: actionLogs.entries,
          bytes: actionLogs.bytes,
          receivedAt: actionLogs.receivedAt,
          userKeys: actionLogs.userKeys,
          context: actionLogs.context,
          startedAt: actionLogs.startedAt,
          endedAt: actionLogs.endedAt,
          pages: actionLogs.pages,
          hasError: actionLogs.hasError,
          firstErrorStep: actionLogs.firstErrorStep,
        })
        .from(actionLogs)
        .where(and(...searchConditions(f)))
        .orderBy(desc(actionLogs.receivedAt), desc(actionLogs.id))
        .limit(f.limit + 1);
      const page = rows.slice(0, f.limit);
      const tail = page.at(-1);
      return {
        items: page.map(found),
        last: rows.length > f.limit && tail ? { receivedAt: tail.receivedAt, id: tail.id } : null,
      };
    },
    /**
     * Fills the search columns of logs stored before they existed (their context is still null: every upload since
     * sets it), `batch` rows at a time, so a start with many old logs never holds them all in memory. `keysOf` gives
     * the sender's labels from the uploader. Returns how many rows were filled.
     */
    async backfillSearch(keysOf: (uploader: string) => Promise<string[]>, batch = 50): Promise<number> {
      let filled = 0;
      for (;;) {
        const rows = await db
          .select({ id: actionLogs.id, log: actionLogs.log, note: actionLogs.note, uploader: actionLogs.uploader })
          .from(actionLogs)
          .where(isNull(actionLogs.context))
          .limit(batch);
        for (const row of rows) {
          await db
            .update(actionLogs)
            .set({
              userKeys: row.uploader ? await keysOf(row.uploader) : [],
              ...searchColumns(row.log as ActionLog, row.note),
            })
            .where(eq(actionLogs.id, row.id));
        }
        filled += rows.length;
        if (rows.length < batch) return filled;
      }
    },
    publicTerms: () => readPublicTerms(db),
    async get(id: string): Promise<{ summary: ActionLogSummary; log: ActionLog } | null> {
      const [row] = await db.select().from(actionLogs).where(eq(actionLogs.id, id));
      return row ? { summary: summary(row), log: row.log as ActionLog } : null;
    },
  };
}
