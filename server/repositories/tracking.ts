import type { Db } from '../db/client';
import { analyticsEvents, errorReports } from '../db/schema';

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

export function createTrackingRepository(db: Db) {
  return {
    async addAnalyticsEvents(rows: AnalyticsEventRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
    },
    async addErrorReport(projectId: string, payload: string, now: Date): Promise<void> {
      await db.insert(errorReports).values({ projectId, payload, receivedAt: now });
    },
  };
}
export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
