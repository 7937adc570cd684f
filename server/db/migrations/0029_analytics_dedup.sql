ALTER TABLE "analytics_events" ADD COLUMN "dedup_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_dedup_idx" ON "analytics_events" USING btree ("project","dedup_key");