CREATE TABLE "mkt_behaviours" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"minutes" real,
	"seconds" integer,
	"scroll_depth" real,
	"text" text,
	"source_id" text,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_card_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text NOT NULL,
	"category_id" integer NOT NULL,
	"score" double precision NOT NULL,
	"score_parts" jsonb NOT NULL,
	"priority" text NOT NULL,
	"reason_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"snooze_until" text,
	"ignore_reason" text,
	"ignore_text" text,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mkt_clue_handles" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"card_id" integer,
	"clue_id" integer,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"next_follow_up" text,
	"result_state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_clues" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"state" text NOT NULL,
	"next_follow_up" text,
	"last_outcome" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"gender" text,
	"risk_level" text,
	"risk_assessed_at" timestamp with time zone,
	"risk_expires_at" timestamp with time zone,
	"qualified" boolean DEFAULT false NOT NULL,
	"qualified_at" timestamp with time zone,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tier" text NOT NULL,
	"aum" numeric(18, 2) NOT NULL,
	"last_contact_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_demotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"ignored_count" integer NOT NULL,
	"penalty" real NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mkt_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"created_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mkt_holdings" (
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"shares" double precision NOT NULL,
	"cost" numeric(18, 2) NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "mkt_holdings_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "mkt_job_state" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_live_watches" (
	"room_id" text NOT NULL,
	"viewer_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"signalled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mkt_live_watches_room_id_viewer_id_pk" PRIMARY KEY("room_id","viewer_id")
);
--> statement-breakpoint
CREATE TABLE "mkt_product_navs" (
	"product_id" integer NOT NULL,
	"day" text NOT NULL,
	"nav" double precision NOT NULL,
	"yield_7d" double precision,
	"dividend" double precision,
	CONSTRAINT "mkt_product_navs_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "mkt_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"risk_level" text NOT NULL,
	"qualified_only" boolean DEFAULT false NOT NULL,
	"maturity_at" timestamp with time zone,
	"benchmark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mkt_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "mkt_rule_settings" (
	"adviser_id" integer PRIMARY KEY NOT NULL,
	"thresholds" jsonb NOT NULL,
	"enabled_categories" integer[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"fact_key" text NOT NULL,
	"title" text NOT NULL,
	"amount" numeric(18, 2),
	"product_id" integer,
	"intensity" real DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"card_id" integer
);
--> statement-breakpoint
CREATE TABLE "mkt_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer,
	"kind" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"bank" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mkt_behaviours" ADD CONSTRAINT "mkt_behaviours_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_card_events" ADD CONSTRAINT "mkt_card_events_card_id_mkt_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."mkt_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_cards" ADD CONSTRAINT "mkt_cards_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_cards" ADD CONSTRAINT "mkt_cards_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_clue_handles" ADD CONSTRAINT "mkt_clue_handles_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_clue_handles" ADD CONSTRAINT "mkt_clue_handles_card_id_mkt_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."mkt_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_clue_handles" ADD CONSTRAINT "mkt_clue_handles_clue_id_mkt_clues_id_fk" FOREIGN KEY ("clue_id") REFERENCES "public"."mkt_clues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_clues" ADD CONSTRAINT "mkt_clues_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_clues" ADD CONSTRAINT "mkt_clues_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_customers" ADD CONSTRAINT "mkt_customers_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_customers" ADD CONSTRAINT "mkt_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_demotions" ADD CONSTRAINT "mkt_demotions_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_feedback" ADD CONSTRAINT "mkt_feedback_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_feedback" ADD CONSTRAINT "mkt_feedback_card_id_mkt_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."mkt_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_holdings" ADD CONSTRAINT "mkt_holdings_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_holdings" ADD CONSTRAINT "mkt_holdings_product_id_mkt_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mkt_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_live_watches" ADD CONSTRAINT "mkt_live_watches_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_product_navs" ADD CONSTRAINT "mkt_product_navs_product_id_mkt_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mkt_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_rule_settings" ADD CONSTRAINT "mkt_rule_settings_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_signals" ADD CONSTRAINT "mkt_signals_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_signals" ADD CONSTRAINT "mkt_signals_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_signals" ADD CONSTRAINT "mkt_signals_product_id_mkt_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mkt_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_transactions" ADD CONSTRAINT "mkt_transactions_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_transactions" ADD CONSTRAINT "mkt_transactions_product_id_mkt_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mkt_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_transfers" ADD CONSTRAINT "mkt_transfers_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mkt_behaviours_customer_idx" ON "mkt_behaviours" USING btree ("customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "mkt_card_events_card_idx" ON "mkt_card_events" USING btree ("card_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mkt_cards_one_open_idx" ON "mkt_cards" USING btree ("customer_id") WHERE state in ('new', 'viewed', 'handling', 'snoozed');--> statement-breakpoint
CREATE INDEX "mkt_cards_adviser_score_idx" ON "mkt_cards" USING btree ("adviser_id","state","score","id");--> statement-breakpoint
CREATE INDEX "mkt_cards_adviser_updated_idx" ON "mkt_cards" USING btree ("adviser_id","state","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mkt_clue_handles_key_idx" ON "mkt_clue_handles" USING btree ("adviser_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "mkt_clue_handles_created_idx" ON "mkt_clue_handles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mkt_clues_adviser_idx" ON "mkt_clues" USING btree ("adviser_id","state","id");--> statement-breakpoint
CREATE INDEX "mkt_customers_adviser_aum_idx" ON "mkt_customers" USING btree ("adviser_id","aum","id");--> statement-breakpoint
CREATE INDEX "mkt_customers_user_idx" ON "mkt_customers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mkt_demotions_active_idx" ON "mkt_demotions" USING btree ("adviser_id","category_id") WHERE cleared_at is null;--> statement-breakpoint
CREATE INDEX "mkt_feedback_adviser_idx" ON "mkt_feedback" USING btree ("adviser_id","category_id","created_at");--> statement-breakpoint
CREATE INDEX "mkt_holdings_product_idx" ON "mkt_holdings" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mkt_signals_fact_idx" ON "mkt_signals" USING btree ("category_id","fact_key");--> statement-breakpoint
CREATE INDEX "mkt_signals_card_idx" ON "mkt_signals" USING btree ("card_id","occurred_at");--> statement-breakpoint
CREATE INDEX "mkt_signals_customer_idx" ON "mkt_signals" USING btree ("customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "mkt_transactions_customer_idx" ON "mkt_transactions" USING btree ("customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "mkt_transfers_customer_idx" ON "mkt_transfers" USING btree ("customer_id","occurred_at");