CREATE TABLE "store_follows" (
	"user_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_follows_user_id_expert_id_pk" PRIMARY KEY("user_id","expert_id")
);
--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_expert_id_store_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."store_experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_follows_expert_idx" ON "store_follows" USING btree ("expert_id");