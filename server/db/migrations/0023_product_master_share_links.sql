CREATE TABLE "mkt_share_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"page" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"shared_via" text,
	"shared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mkt_suitability_audit" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "mkt_suitability_audit" CASCADE;--> statement-breakpoint
ALTER TABLE "live_products" ADD COLUMN "product_code" text;--> statement-breakpoint
ALTER TABLE "store_qualifications" ADD COLUMN "declared_amount" bigint;--> statement-breakpoint
ALTER TABLE "mkt_share_links" ADD CONSTRAINT "mkt_share_links_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_share_links" ADD CONSTRAINT "mkt_share_links_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_share_links" ADD CONSTRAINT "mkt_share_links_product_id_mkt_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mkt_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mkt_share_links_customer_idx" ON "mkt_share_links" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "mkt_share_links_adviser_idx" ON "mkt_share_links" USING btree ("adviser_id","created_at");--> statement-breakpoint
-- Existing data: the store's and the live rooms' funds point at the product master by code; a store fund
-- the master lacks joins it (at the store's level), and the master's 沪深300指数增强C is corrected to R4.
UPDATE "mkt_products" SET "risk_level" = 'R4' WHERE "code" = '000961' AND "risk_level" = 'R3';--> statement-breakpoint
INSERT INTO "mkt_products" ("code", "name", "kind", "risk_level", "qualified_only", "benchmark", "created_at")
SELECT sp."code", sp."name",
  CASE sp."category" WHEN '债券型' THEN 'bond' WHEN '货币型' THEN 'money_fund' WHEN '指数型' THEN 'index' WHEN '私募证券' THEN 'private_fund' WHEN 'QDII' THEN 'equity' ELSE 'mixed' END,
  'R' || sp."risk_level", sp."kind" = 'private', sp."benchmark_name", sp."launch_date"
FROM "store_products" sp WHERE NOT EXISTS (SELECT 1 FROM "mkt_products" m WHERE m."name" = sp."name")
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
UPDATE "store_products" sp SET "code" = m."code" FROM "mkt_products" m WHERE m."name" = sp."name" AND sp."code" <> m."code";--> statement-breakpoint
UPDATE "live_products" lp SET "product_code" = m."code" FROM "mkt_products" m WHERE m."name" = lp."name" AND lp."kind" IN ('public', 'private');--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_code_mkt_products_code_fk" FOREIGN KEY ("code") REFERENCES "public"."mkt_products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_products" DROP COLUMN "risk_level";--> statement-breakpoint
ALTER TABLE "store_products" DROP COLUMN "risk_level";