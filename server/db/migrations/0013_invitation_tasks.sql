CREATE TABLE "mgm_task_progress" (
	"member_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "mgm_task_progress_member_id_article_id_pk" PRIMARY KEY("member_id","article_id")
);
--> statement-breakpoint
ALTER TABLE "mgm_members" ADD COLUMN "id_number_masked" text;--> statement-breakpoint
ALTER TABLE "mgm_task_progress" ADD CONSTRAINT "mgm_task_progress_member_id_mgm_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."mgm_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_task_progress" ADD CONSTRAINT "mgm_task_progress_article_id_store_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."store_articles"("id") ON DELETE cascade ON UPDATE no action;