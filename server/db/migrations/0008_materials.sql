CREATE TABLE "mkt_contact_budgets" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"daily_limit" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_forward_opens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"forward_id" integer NOT NULL,
	"open_key" text NOT NULL,
	"in_wechat" boolean NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_beacon_at" timestamp with time zone NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"max_scroll" real DEFAULT 0 NOT NULL,
	"behaviour_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mkt_forwards" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"token" text NOT NULL,
	"marketing" boolean DEFAULT true NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_material_files" (
	"material_id" integer PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"pages" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_material_products" (
	"material_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "mkt_material_products_material_id_product_id_pk" PRIMARY KEY("material_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "mkt_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_adviser_id" integer,
	"kind" text NOT NULL,
	"project" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"html" text,
	"image_url" text,
	"review_no" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"source_url" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mkt_suitability_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"snapshot" text DEFAULT '{}' NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mkt_contact_budgets" ADD CONSTRAINT "mkt_contact_budgets_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_forward_opens" ADD CONSTRAINT "mkt_forward_opens_forward_id_mkt_forwards_id_fk" FOREIGN KEY ("forward_id") REFERENCES "public"."mkt_forwards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_forwards" ADD CONSTRAINT "mkt_forwards_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_forwards" ADD CONSTRAINT "mkt_forwards_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_forwards" ADD CONSTRAINT "mkt_forwards_material_id_mkt_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."mkt_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_material_files" ADD CONSTRAINT "mkt_material_files_material_id_mkt_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."mkt_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_material_products" ADD CONSTRAINT "mkt_material_products_material_id_mkt_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."mkt_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_material_products" ADD CONSTRAINT "mkt_material_products_product_id_mkt_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mkt_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_materials" ADD CONSTRAINT "mkt_materials_owner_adviser_id_users_id_fk" FOREIGN KEY ("owner_adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_suitability_audit" ADD CONSTRAINT "mkt_suitability_audit_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_suitability_audit" ADD CONSTRAINT "mkt_suitability_audit_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_suitability_audit" ADD CONSTRAINT "mkt_suitability_audit_material_id_mkt_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."mkt_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mkt_forward_opens_key_idx" ON "mkt_forward_opens" USING btree ("forward_id","open_key");--> statement-breakpoint
CREATE UNIQUE INDEX "mkt_forwards_token_idx" ON "mkt_forwards" USING btree ("token");--> statement-breakpoint
CREATE INDEX "mkt_forwards_customer_idx" ON "mkt_forwards" USING btree ("customer_id","sent_at");--> statement-breakpoint
CREATE INDEX "mkt_forwards_adviser_idx" ON "mkt_forwards" USING btree ("adviser_id","sent_at");--> statement-breakpoint
CREATE INDEX "mkt_materials_owner_idx" ON "mkt_materials" USING btree ("owner_adviser_id","kind");--> statement-breakpoint
CREATE INDEX "mkt_suitability_audit_adviser_idx" ON "mkt_suitability_audit" USING btree ("adviser_id","checked_at");