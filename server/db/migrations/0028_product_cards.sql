CREATE TABLE "mkt_product_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"product_id" integer,
	"category_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"title" text NOT NULL,
	"holders" integer NOT NULL,
	"score" double precision NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mkt_signals" ADD COLUMN "product_card_id" integer;--> statement-breakpoint
ALTER TABLE "mkt_product_cards" ADD CONSTRAINT "mkt_product_cards_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_product_cards" ADD CONSTRAINT "mkt_product_cards_product_id_mkt_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mkt_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mkt_product_cards_event_idx" ON "mkt_product_cards" USING btree ("adviser_id","category_id","event_key");--> statement-breakpoint
CREATE INDEX "mkt_product_cards_released_idx" ON "mkt_product_cards" USING btree ("adviser_id","released_at");