import { lt } from 'drizzle-orm';

import type { Db } from './db/client';
import { actionLogs, analyticsEvents, errorReports, ownTrackingEvents } from './db/schema';

/**
 * How long intake is kept: analytics and own-tracking events, error reports and
 * action logs are deleted by age on a schedule, so a busy or abused collector cannot fill the disk
 * and personal traces do not stay forever. Settings: RETENTION_* (docs/operations.md, configuration table).
 */
export interface RetentionPolicy {
  analyticsDays: number;
  errorReportDays: number;
  actionLogDays: number;
  /** How often the sweep runs; it also runs once at start. */
  intervalMs: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = {
  analyticsDays: 30,
  errorReportDays: 30,
  actionLogDays: 14,
  intervalMs: 60 * 60 * 1000,
};

const DAY_MS = 24 * 60 * 60 * 1000;

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return n;
}

/** RETENTION_ANALYTICS_DAYS, RETENTION_ERROR_REPORT_DAYS, RETENTION_ACTION_LOG_DAYS, RETENTION_INTERVAL_MINUTES. */
export function retentionFromEnv(env: Record<string, string | undefined>): RetentionPolicy {
  return {
    analyticsDays: positive(env, 'RETENTION_ANALYTICS_DAYS', DEFAULT_RETENTION.analyticsDays),
    errorReportDays: positive(env, 'RETENTION_ERROR_REPORT_DAYS', DEFAULT_RETENTION.errorReportDays),
    actionLogDays: positive(env, 'RETENTION_ACTION_LOG_DAYS', DEFAULT_RETENTION.actionLogDays),
    intervalMs: positive(env, 'RETENTION_INTERVAL_MINUTES', DEFAULT_RETENTION.intervalMs / 60_000) * 60_000,
  };
}

export interface SweepResult {
  analytics: number;
  ownTracking: number;
  errorReports: number;
  actionLogs: number;
}

/** Deletes what is older than the policy allows; idempotent, so two servers sweeping at once is harmless. */
export async function sweepRetention(db: Db, now: Date, policy: RetentionPolicy): Promise<SweepResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const analytics = await db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.receivedAt, before(policy.analyticsDays)))
    .returning({ id: analyticsEvents.id });
  const own = await db
    .delete(ownTrackingEvents)
    .where(lt(ownTrackingEvents.receivedAt, before(policy.analyticsDays)))
    .returning({ id: ownTrackingEvents.id });
  const errors = await db
    .delete(errorReports)
    .where(lt(errorReports.receivedAt, before(policy.errorReportDays)))
    .returning({ id: errorReports.id });
  const logs = await db
    .delete(actionLogs)
    .where(lt(actionLogs.receivedAt, before(policy.actionLogDays)))
    .returning({ id: actionLogs.id });
  return { analytics: analytics.length, ownTracking: own.length, errorReports: errors.length, actionLogs: logs.length };
}

/** The schedule: once now, then every intervalMs; a pass never overlaps the last, errors are logged. */
export function startRetention(
  db: Db,
  now: () => Date,
  policy: RetentionPolicy,
  log: (msg: string, err: unknown) => void,
): () => Promise<void> {
  let current: Promise<void> | null = null;
  const run = () => {
    current ??= sweepRetention(db, now(), policy)
      .then(
        () => undefined,
        (err: unknown) => log('retention sweep failed', err),
      )
      .finally(() => (current = null));
  };
  run();
  const timer = setInterval(run, policy.intervalMs);
  timer.unref();
  // Stopping waits for a pass under way, so the database is not closed beneath it.
  return async () => {
    clearInterval(timer);
    await current;
  };
}
