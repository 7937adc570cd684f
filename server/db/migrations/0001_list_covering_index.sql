DROP INDEX "lives_category_end_idx";--> statement-breakpoint
CREATE INDEX "lives_category_end_start_idx" ON "lives" USING btree ("category_id","end_time","start_time","id");