CREATE TABLE "interact_auths" (
	"live_id" integer NOT NULL,
	"employee_id" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "interact_auths_live_id_employee_id_pk" PRIMARY KEY("live_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "leave_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"live_id" integer NOT NULL,
	"employee_id" text NOT NULL,
	"real_name" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_interact_rules" (
	"live_id" integer PRIMARY KEY NOT NULL,
	"auth_kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_role" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_minutes" (
	"id" serial PRIMARY KEY NOT NULL,
	"live_id" integer NOT NULL,
	"offset_seconds" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"live_id" integer NOT NULL,
	"placement" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"risk_level" text DEFAULT '' NOT NULL,
	"highlight" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interact_auths" ADD CONSTRAINT "interact_auths_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_messages" ADD CONSTRAINT "leave_messages_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_interact_rules" ADD CONSTRAINT "live_interact_rules_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_minutes" ADD CONSTRAINT "live_minutes_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_products" ADD CONSTRAINT "live_products_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_messages_live_idx" ON "leave_messages" USING btree ("live_id","id");--> statement-breakpoint
CREATE INDEX "live_messages_room_idx" ON "live_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "live_minutes_live_idx" ON "live_minutes" USING btree ("live_id","offset_seconds");--> statement-breakpoint
CREATE INDEX "live_products_live_idx" ON "live_products" USING btree ("live_id","placement","position");