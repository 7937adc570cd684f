CREATE TABLE "store_answer_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"answer_id" integer NOT NULL,
	"user_id" integer,
	"actor_name" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"content" text NOT NULL,
	"state" text NOT NULL,
	"return_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "store_answers_published_at" CHECK (("store_answers"."state" = 'published') = ("store_answers"."published_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "store_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"cover" text NOT NULL,
	"content_html" text NOT NULL,
	"source" text NOT NULL,
	"author_id" integer,
	"is_top" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_experts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text NOT NULL,
	"title" text NOT NULL,
	"organization" text NOT NULL,
	"certificate_no" text NOT NULL,
	"bio" text NOT NULL,
	"tags" jsonb NOT NULL,
	"user_id" integer,
	CONSTRAINT "store_experts_certificate_no_unique" UNIQUE("certificate_no")
);
--> statement-breakpoint
CREATE TABLE "store_likes" (
	"user_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_likes_user_id_item_type_item_id_pk" PRIMARY KEY("user_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "store_navs" (
	"product_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"nav" double precision NOT NULL,
	"benchmark" double precision NOT NULL,
	CONSTRAINT "store_navs_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"risk_level" integer NOT NULL,
	"min_purchase" integer NOT NULL,
	"highlight" text NOT NULL,
	"launch_date" timestamp with time zone NOT NULL,
	"manager_name" text NOT NULL,
	"manager_years" integer NOT NULL,
	"manager_certificate_no" text NOT NULL,
	"fees" jsonb NOT NULL,
	"benchmark_name" text NOT NULL,
	CONSTRAINT "store_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "store_qualifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"risk_acknowledged" boolean NOT NULL,
	"product_id" integer NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_reviewers" (
	"user_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_sign_ins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_answer_reviews" ADD CONSTRAINT "store_answer_reviews_answer_id_store_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."store_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_answer_reviews" ADD CONSTRAINT "store_answer_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_answers" ADD CONSTRAINT "store_answers_question_id_store_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."store_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_answers" ADD CONSTRAINT "store_answers_expert_id_store_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."store_experts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_articles" ADD CONSTRAINT "store_articles_author_id_store_experts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."store_experts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_experts" ADD CONSTRAINT "store_experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_likes" ADD CONSTRAINT "store_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_navs" ADD CONSTRAINT "store_navs_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_qualifications" ADD CONSTRAINT "store_qualifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_questions" ADD CONSTRAINT "store_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_reviewers" ADD CONSTRAINT "store_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sign_ins" ADD CONSTRAINT "store_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_answer_reviews_answer_idx" ON "store_answer_reviews" USING btree ("answer_id","at");--> statement-breakpoint
CREATE INDEX "store_answers_question_idx" ON "store_answers" USING btree ("question_id","state");--> statement-breakpoint
CREATE INDEX "store_answers_state_idx" ON "store_answers" USING btree ("state","updated_at","id");--> statement-breakpoint
CREATE INDEX "store_articles_kind_time_idx" ON "store_articles" USING btree ("kind","published_at","id");--> statement-breakpoint
CREATE INDEX "store_articles_author_idx" ON "store_articles" USING btree ("author_id","published_at");--> statement-breakpoint
CREATE INDEX "store_likes_item_idx" ON "store_likes" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE INDEX "store_questions_answered_idx" ON "store_questions" USING btree ("answered_at","id");--> statement-breakpoint
CREATE INDEX "store_questions_user_idx" ON "store_questions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_questions_parent_idx" ON "store_questions" USING btree ("parent_id");