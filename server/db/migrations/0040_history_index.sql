DROP INDEX "mkt_cards_adviser_score_idx";--> statement-breakpoint
DROP INDEX "mkt_cards_adviser_updated_idx";--> statement-breakpoint
CREATE INDEX "mkt_cards_history_idx" ON "mkt_cards" USING btree ("adviser_id","state",coalesce("closed_at", "updated_at"),"id") WHERE state in ('done', 'ignored', 'snoozed');