CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand" text NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"quote" jsonb NOT NULL,
	"promocode" text,
	"auto_pay" boolean DEFAULT false NOT NULL,
	"payment_public_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_payment_id" text,
	"confirmation_url" text,
	"cancellation_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"provider_event" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand" text NOT NULL,
	"provider" text NOT NULL,
	"tariff" integer NOT NULL,
	"unit_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interval_months" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"auto_pay" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"paid_months" integer DEFAULT 0 NOT NULL,
	"period_end" bigint NOT NULL,
	"next_charge_at" bigint,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_charge_error" text,
	"reminded_for" bigint,
	"saved_method_sealed" text,
	"saved_method_key_id" text,
	"saved_method_title" text,
	"provider_subscription_id" text,
	"first_payment_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_first_payment_id_payments_id_fk" FOREIGN KEY ("first_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_provider_payment_idx" ON "checkouts" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_key_idx" ON "payment_events" USING btree ("provider","dedupe_key");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_charge_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_sub_idx" ON "subscriptions" USING btree ("provider","provider_subscription_id");