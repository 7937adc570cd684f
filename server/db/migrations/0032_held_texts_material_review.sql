CREATE SEQUENCE "public"."mkt_material_review_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
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
ALTER TABLE "mkt_materials" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "review_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "review_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policy_holds" ADD CONSTRAINT "policy_holds_writer_id_users_id_fk" FOREIGN KEY ("writer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holds" ADD CONSTRAINT "policy_holds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_holds_subject_idx" ON "policy_holds" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "policy_holds_status_idx" ON "policy_holds" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD CONSTRAINT "mkt_materials_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD CONSTRAINT "mkt_materials_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mkt_materials_review_idx" ON "mkt_materials" USING btree ("review_state","id");--> statement-breakpoint
-- A number already stored was data, never a reviewer's decision: such materials wait for review like new ones.
UPDATE "mkt_materials" SET "review_no" = '' WHERE "review_no" <> '';--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD CONSTRAINT "mkt_materials_review_no" CHECK (("mkt_materials"."review_state" = 'approved') = ("mkt_materials"."review_no" <> '') AND ("mkt_materials"."review_state" = 'approved') = ("mkt_materials"."review_expires_at" IS NOT NULL));