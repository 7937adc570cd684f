ALTER TABLE "action_logs" ADD COLUMN "user_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "action_logs" ADD COLUMN "context" text;--> statement-breakpoint
ALTER TABLE "action_logs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_logs" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_logs" ADD COLUMN "pages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "action_logs" ADD COLUMN "action_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "action_logs" ADD COLUMN "has_error" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "action_logs" ADD COLUMN "first_error_step" integer;--> statement-breakpoint
ALTER TABLE "action_logs" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "action_logs_user_keys_idx" ON "action_logs" USING gin ("user_keys");--> statement-breakpoint
CREATE INDEX "action_logs_pages_idx" ON "action_logs" USING gin ("pages");--> statement-breakpoint
CREATE INDEX "action_logs_action_types_idx" ON "action_logs" USING gin ("action_types");--> statement-breakpoint
CREATE INDEX "action_logs_context_idx" ON "action_logs" USING btree ("context","received_at");--> statement-breakpoint
CREATE INDEX "action_logs_error_idx" ON "action_logs" USING btree ("has_error","received_at");--> statement-breakpoint
CREATE INDEX "action_logs_span_idx" ON "action_logs" USING btree ("started_at","ended_at");