CREATE TABLE "policy_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"place" text NOT NULL,
	"writer_id" integer,
	"content" text NOT NULL,
	"rule" text NOT NULL,
	"word" text NOT NULL,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_holds" ADD CONSTRAINT "policy_holds_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holds" ADD CONSTRAINT "policy_holds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_holds_subject_idx" ON "policy_holds" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "policy_holds_status_idx" ON "policy_holds" USING btree ("status","id");