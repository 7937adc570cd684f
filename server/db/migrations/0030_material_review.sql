CREATE SEQUENCE "public"."mkt_material_review_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "review_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "review_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD CONSTRAINT "mkt_materials_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD CONSTRAINT "mkt_materials_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mkt_materials_review_idx" ON "mkt_materials" USING btree ("review_state","id");--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD CONSTRAINT "mkt_materials_review_no" CHECK (("mkt_materials"."review_state" = 'approved') = ("mkt_materials"."review_no" <> '') AND ("mkt_materials"."review_state" = 'approved') = ("mkt_materials"."review_expires_at" IS NOT NULL));