ALTER TABLE "store_products" DROP COLUMN "manager_name";--> statement-breakpoint
ALTER TABLE "store_products" DROP COLUMN "manager_certificate_no";