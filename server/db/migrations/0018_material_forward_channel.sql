ALTER TABLE "mkt_forwards" ADD COLUMN "channel" text DEFAULT 'wecom_chat' NOT NULL;--> statement-breakpoint
ALTER TABLE "mkt_forwards" ADD COLUMN "shared_via" text;--> statement-breakpoint
ALTER TABLE "mkt_forwards" ADD COLUMN "shared_at" timestamp with time zone;