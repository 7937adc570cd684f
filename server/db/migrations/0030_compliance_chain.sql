CREATE TABLE "compliance_anchors" (
	"day" date PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "compliance_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "compliance_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_events_seq_idx" ON "compliance_events" USING btree ("seq");