CREATE TABLE "action_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"note" text,
	"app_version" text NOT NULL,
	"environment" text NOT NULL,
	"entries" integer NOT NULL,
	"bytes" integer NOT NULL,
	"log" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "action_logs_received_idx" ON "action_logs" USING btree ("received_at");