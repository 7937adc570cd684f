CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"event" text NOT NULL,
	"distinct_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"payload" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_presenters" (
	"live_id" integer NOT NULL,
	"presenter_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "live_presenters_live_id_presenter_id_pk" PRIMARY KEY("live_id","presenter_id")
);
--> statement-breakpoint
CREATE TABLE "lives" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"cover" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"room_id" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	CONSTRAINT "lives_room_id_unique" UNIQUE("room_id"),
	CONSTRAINT "lives_end_after_start" CHECK ("lives"."end_time" > "lives"."start_time")
);
--> statement-breakpoint
CREATE TABLE "playbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"live_id" integer NOT NULL,
	"viewer_id" text NOT NULL,
	"watched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presenters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"bio" text NOT NULL,
	"avatar" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_presence" (
	"room_id" text NOT NULL,
	"viewer_id" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_presence_room_id_viewer_id_pk" PRIMARY KEY("room_id","viewer_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"live_id" integer NOT NULL,
	"employee_id" text NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"union_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_live_id_employee_id_pk" PRIMARY KEY("live_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"employee_id" text NOT NULL,
	"real_name" text NOT NULL,
	"avatar" text NOT NULL,
	"role" text NOT NULL,
	"is_financial_advisor" boolean DEFAULT false NOT NULL,
	"title" text,
	"department" text,
	"phone" text,
	"group_no" text,
	"union_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "users_employee_id_unique" UNIQUE("employee_id")
);
--> statement-breakpoint
ALTER TABLE "live_presenters" ADD CONSTRAINT "live_presenters_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presenters" ADD CONSTRAINT "live_presenters_presenter_id_presenters_id_fk" FOREIGN KEY ("presenter_id") REFERENCES "public"."presenters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbacks" ADD CONSTRAINT "playbacks_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lives_category_end_idx" ON "lives" USING btree ("category_id","end_time");--> statement-breakpoint
CREATE INDEX "playbacks_live_idx" ON "playbacks" USING btree ("live_id");--> statement-breakpoint
CREATE INDEX "room_presence_room_seen_idx" ON "room_presence" USING btree ("room_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_employee_idx" ON "subscriptions" USING btree ("employee_id","live_id");