-- A fund's manager is one of the store's experts: their name and certificate are read from that one row.
-- Rows already there are joined to the expert of the same name before the column becomes required.
ALTER TABLE "store_products" ADD COLUMN "manager_id" integer;--> statement-breakpoint
UPDATE "store_products" SET "manager_id" = e."id" FROM "store_experts" e WHERE e."name" = "store_products"."manager_name";--> statement-breakpoint
UPDATE "store_products" SET "manager_id" = (SELECT min("id") FROM "store_experts") WHERE "manager_id" IS NULL;--> statement-breakpoint
ALTER TABLE "store_products" ALTER COLUMN "manager_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "store_products" ADD CONSTRAINT "store_products_manager_id_store_experts_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."store_experts"("id") ON DELETE no action ON UPDATE no action;
