CREATE TABLE "mkt_tier_rules" (
	"adviser_id" integer PRIMARY KEY NOT NULL,
	"hot_min" double precision NOT NULL,
	"warm_min" double precision NOT NULL,
	"calibrated_on" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mkt_tier_rules" ADD CONSTRAINT "mkt_tier_rules_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;