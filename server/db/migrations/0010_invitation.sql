CREATE TABLE "mgm_bind_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"action" text NOT NULL,
	"adviser_id" integer,
	"staff_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mgm_devices" (
	"member_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mgm_devices_member_id_device_id_pk" PRIMARY KEY("member_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "mgm_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer,
	"device_id" text NOT NULL,
	"union_id" text,
	"state" text NOT NULL,
	"void_reason" text,
	"flags" text DEFAULT '' NOT NULL,
	"flag_open" integer DEFAULT 0 NOT NULL,
	"register_ip" text,
	"opened_at" timestamp with time zone NOT NULL,
	"registered_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mgm_invitations_invitee_id_unique" UNIQUE("invitee_id"),
	CONSTRAINT "mgm_invitations_void_reason" CHECK (("mgm_invitations"."state" = 'voided') = ("mgm_invitations"."void_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "mgm_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text,
	"union_id" text,
	"share_code" text NOT NULL,
	"password_hash" text,
	"register_ip" text,
	"agreement_signed_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"adviser_id" integer,
	"bind_state" text DEFAULT 'unbound' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mgm_members_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "mgm_members_phone_unique" UNIQUE("phone"),
	CONSTRAINT "mgm_members_union_id_unique" UNIQUE("union_id"),
	CONSTRAINT "mgm_members_share_code_unique" UNIQUE("share_code")
);
--> statement-breakpoint
CREATE TABLE "mgm_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"invitation_id" integer,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"state" text NOT NULL,
	"void_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "mgm_rewards_kind" CHECK ("mgm_rewards"."kind" IN ('registration', 'identity_verification', 'learning_task')),
	CONSTRAINT "mgm_rewards_state" CHECK ("mgm_rewards"."state" IN ('pending', 'granted', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "mgm_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mgm_bind_logs" ADD CONSTRAINT "mgm_bind_logs_member_id_mgm_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."mgm_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_bind_logs" ADD CONSTRAINT "mgm_bind_logs_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_bind_logs" ADD CONSTRAINT "mgm_bind_logs_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_devices" ADD CONSTRAINT "mgm_devices_member_id_mgm_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."mgm_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_invitations" ADD CONSTRAINT "mgm_invitations_inviter_id_mgm_members_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."mgm_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_invitations" ADD CONSTRAINT "mgm_invitations_invitee_id_mgm_members_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."mgm_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_members" ADD CONSTRAINT "mgm_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_members" ADD CONSTRAINT "mgm_members_adviser_id_users_id_fk" FOREIGN KEY ("adviser_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_rewards" ADD CONSTRAINT "mgm_rewards_member_id_mgm_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."mgm_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_rewards" ADD CONSTRAINT "mgm_rewards_invitation_id_mgm_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."mgm_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mgm_sessions" ADD CONSTRAINT "mgm_sessions_member_id_mgm_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."mgm_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mgm_bind_logs_member_idx" ON "mgm_bind_logs" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "mgm_devices_device_idx" ON "mgm_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "mgm_invitations_device_idx" ON "mgm_invitations" USING btree ("device_id","opened_at");--> statement-breakpoint
CREATE INDEX "mgm_invitations_union_idx" ON "mgm_invitations" USING btree ("union_id","opened_at");--> statement-breakpoint
CREATE INDEX "mgm_invitations_inviter_idx" ON "mgm_invitations" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "mgm_invitations_inviter_reg_idx" ON "mgm_invitations" USING btree ("inviter_id","registered_at");--> statement-breakpoint
CREATE INDEX "mgm_members_ip_idx" ON "mgm_members" USING btree ("register_ip","created_at");--> statement-breakpoint
CREATE INDEX "mgm_rewards_member_idx" ON "mgm_rewards" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mgm_rewards_once_idx" ON "mgm_rewards" USING btree ("invitation_id","kind");