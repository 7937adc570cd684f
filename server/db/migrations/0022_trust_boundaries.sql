CREATE TABLE "password_failures" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "room_presence" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "room_presence" ADD CONSTRAINT "room_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tokens and sids issued before this migration keep working: they are replaced by their SHA-256 in place
-- (PostgreSQL's built-in sha256(), in PGlite too: no pgcrypto needed), as security/token-hash.ts computes it.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');--> statement-breakpoint
UPDATE "mgm_sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
