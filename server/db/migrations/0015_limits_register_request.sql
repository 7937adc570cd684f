ALTER TABLE "action_logs" ADD COLUMN "uploader" text;--> statement-breakpoint
ALTER TABLE "mgm_members" ADD COLUMN "register_request" text;--> statement-breakpoint
CREATE INDEX "action_logs_uploader_idx" ON "action_logs" USING btree ("uploader","received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "error_reports_received_idx" ON "error_reports" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "mgm_members" ADD CONSTRAINT "mgm_members_register_request_unique" UNIQUE("register_request");