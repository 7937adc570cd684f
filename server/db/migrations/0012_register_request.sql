ALTER TABLE "mgm_members" ADD COLUMN "register_request" text;--> statement-breakpoint
ALTER TABLE "mgm_members" ADD CONSTRAINT "mgm_members_register_request_unique" UNIQUE("register_request");