import { desc } from 'drizzle-orm';

import type { Db } from '../db/client';
import { analyticsEvents, errorReports, ownTrackingEvents } from '../db/schema';

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;
export type OwnTrackingRow = typeof ownTrackingEvents.$inferInsert;

/** What the local developer page lists: the newest rows of each kind. */
export interface RecentTracking {
  analytics: (typeof analyticsEvents.$inferSelect)[];
  own: (typeof ownTrackingEvents.$inferSelect)[];
  errors: (typeof errorReports.$inferSelect)[];
}

export function createTrackingRepository(db: Db) {
  return {
    async addAnalyticsEvents(rows: AnalyticsEventRow[]): Promise<void> {
      // A copy of an event already stored (same dedup key) is dropped: delivery from the page is at least once.
      if (rows.length > 0) await db.insert(analyticsEvents).values(rows).onConflictDoNothing();
    },
    async addErrorReport(projectId: string, payload: string, now: Date): Promise<void> {
      await db.insert(errorReports).values({ projectId, payload, receivedAt: now });
    },
    async addOwnTracking(row: OwnTrackingRow): Promise<number> {
      const [inserted] = await db.insert(ownTrackingEvents).values(row).returning({ id: ownTrackingEvents.id });
      if (!inserted) throw new Error('own tracking insert returned no row');
      return inserted.id;
    },
    /** Newest first (id breaks ties between rows of one clock tick). */
    async recent(limit: number): Promise<RecentTracking> {
      const [analytics, own, errors] = await Promise.all([
        db
          .select()
          .from(analyticsEvents)
          .orderBy(desc(analyticsEvents.receivedAt), desc(analyticsEvents.id))
          .limit(limit),
        db
          .select()
          .from(ownTrackingEvents)
          .orderBy(desc(ownTrackingEvents.receivedAt), desc(ownTrackingEvents.id))
          .limit(limit),
        db.select().from(errorReports).orderBy(desc(errorReports.receivedAt), desc(errorReports.id)).limit(limit),
      ]);
      return { analytics, own, errors };
    },
  };
}
