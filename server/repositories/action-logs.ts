import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt } from 'drizzle-orm';

import type { ActionLog, ActionLogSummary } from '../../src/api/contract/action-log';
import { ACTION_LOG_ID_ALPHABET } from '../../src/api/contract/action-log-constants';
import type { Db } from '../db/client';
import { actionLogs } from '../db/schema';

/** XXXX-XXXX from an alphabet without look-alikes: 31^8 ≈ 8.5e11, read out over the phone. */
export function newActionLogId(): string {
  const pick = () =>
    Array.from({ length: 4 }, () => ACTION_LOG_ID_ALPHABET[randomInt(ACTION_LOG_ID_ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

type Row = typeof actionLogs.$inferSelect;
const summary = (r: Omit<Row, 'log' | 'uploader'>): ActionLogSummary => ({
  id: r.id,
  note: r.note,
  appVersion: r.appVersion,
  environment: r.environment,
  entries: r.entries,
  bytes: r.bytes,
  receivedAt: r.receivedAt.toISOString(),
});

export function createActionLogsRepository(db: Db) {
  return {
    async add(
      log: ActionLog,
      note: string | null,
      bytes: number,
      now: Date,
      uploader: string | null = null,
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
    async get(id: string): Promise<{ summary: ActionLogSummary; log: ActionLog } | null> {
      const [row] = await db.select().from(actionLogs).where(eq(actionLogs.id, id));
      return row ? { summary: summary(row), log: row.log as ActionLog } : null;
    },
    async list(limit = 100): Promise<ActionLogSummary[]> {
      const rows = await db
        .select({
          id: actionLogs.id,
          note: actionLogs.note,
          appVersion: actionLogs.appVersion,
          environment: actionLogs.environment,
          entries: actionLogs.entries,
          bytes: actionLogs.bytes,
          receivedAt: actionLogs.receivedAt,
        })
        .from(actionLogs)
        .orderBy(desc(actionLogs.receivedAt))
        .limit(limit);
      return rows.map(summary);
    },
  };
}
