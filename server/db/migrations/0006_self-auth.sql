CREATE TABLE "self_auth_confirmations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "self_auth_confirmations" ADD CONSTRAINT "self_auth_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;