CREATE TABLE "own_tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variant" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"userid" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "own_tracking_received_idx" ON "own_tracking_events" USING btree ("received_at");