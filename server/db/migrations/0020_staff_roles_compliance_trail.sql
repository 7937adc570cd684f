CREATE TABLE "compliance_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"adviser_id" integer,
	"customer_id" integer,
	"product_id" integer,
	"subject" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_roles" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_events" ADD CONSTRAINT "compliance_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_events" ADD CONSTRAINT "compliance_events_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_events" ADD CONSTRAINT "compliance_events_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_events" ADD CONSTRAINT "compliance_events_product_id_mkt_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."mkt_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_events_at_idx" ON "compliance_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "compliance_events_adviser_idx" ON "compliance_events" USING btree ("adviser_id","at");--> statement-breakpoint
CREATE INDEX "compliance_events_customer_idx" ON "compliance_events" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "compliance_events_product_idx" ON "compliance_events" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "compliance_events_kind_idx" ON "compliance_events" USING btree ("kind","at");