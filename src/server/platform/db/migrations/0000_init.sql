CREATE TABLE "dialogue_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"count" integer NOT NULL,
	"date" date NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "linked_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"external_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_fired" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_destinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"date_begin" bigint,
	"date_end" bigint,
	"payment_day" bigint,
	"last_date_notify" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"success" boolean DEFAULT true NOT NULL,
	"amount" double precision DEFAULT 2500 NOT NULL,
	"instance_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"internal_yclients_companies_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"iiko_organizations_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"med_flex_lpu_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_id" text,
	"promocode" text,
	"order_id" text,
	"tariff" integer DEFAULT 1 NOT NULL,
	"comment" text,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"reason" text,
	"manager_id" integer,
	"pay_destination_id" integer,
	"yoomoney_subscription_id" text,
	"is_auto_pay" boolean DEFAULT false NOT NULL,
	CONSTRAINT "payments_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"family_expires_at" timestamp with time zone NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "set_up_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" uuid NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'user' NOT NULL,
	"phone" text,
	"full_name" text,
	"country_id" integer,
	"language" text DEFAULT 'ru' NOT NULL,
	"brand_id" text DEFAULT 'main-ru' NOT NULL,
	"utm_tag" text,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"chat_api_instance_limit" integer DEFAULT 1 NOT NULL,
	"is_test_user" boolean DEFAULT false NOT NULL,
	"crms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"not_send_weekly_yclients_reports" boolean DEFAULT false NOT NULL,
	"not_send_weekly_iiko_reports" boolean DEFAULT false NOT NULL,
	"available_notifications_count" integer DEFAULT 0 NOT NULL,
	"balance" double precision DEFAULT 0 NOT NULL,
	"available_ai_reviews_count" integer DEFAULT 0 NOT NULL,
	"available_messages_count" integer DEFAULT 0 NOT NULL,
	"is_yclients_sms_one_tariff_enabled" boolean DEFAULT false NOT NULL,
	"is_duplication" boolean DEFAULT false NOT NULL,
	"first_line_manager_id" integer,
	"second_line_manager_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_guid_unique" UNIQUE("guid"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "dialogue_grants" ADD CONSTRAINT "dialogue_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dialogue_grants" ADD CONSTRAINT "dialogue_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "linked_accounts" ADD CONSTRAINT "linked_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_manager_id_managers_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."managers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pay_destination_id_pay_destinations_id_fk" FOREIGN KEY ("pay_destination_id") REFERENCES "public"."pay_destinations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_up_requests" ADD CONSTRAINT "set_up_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dialogue_grants_user_idx" ON "dialogue_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "linked_accounts_user_idx" ON "linked_accounts" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("to");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");