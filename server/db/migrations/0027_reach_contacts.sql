CREATE TABLE "mkt_reach_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"adviser_id" integer NOT NULL,
	"kind" text NOT NULL,
	"card_id" integer,
	"clue_id" integer,
	"customer_id" integer,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"bridged_at" timestamp with time zone,
	"outcome" text,
	"note" text DEFAULT '' NOT NULL,
	"outcome_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mkt_reach_contacts" ADD CONSTRAINT "mkt_reach_contacts_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_reach_contacts" ADD CONSTRAINT "mkt_reach_contacts_card_id_mkt_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."mkt_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_reach_contacts" ADD CONSTRAINT "mkt_reach_contacts_clue_id_mkt_clues_id_fk" FOREIGN KEY ("clue_id") REFERENCES "public"."mkt_clues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mkt_reach_contacts" ADD CONSTRAINT "mkt_reach_contacts_customer_id_mkt_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."mkt_customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mkt_reach_contacts_adviser_idx" ON "mkt_reach_contacts" USING btree ("adviser_id","created_at");--> statement-breakpoint
CREATE INDEX "mkt_reach_contacts_token_idx" ON "mkt_reach_contacts" USING btree ("token_hash");