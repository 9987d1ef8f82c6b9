CREATE TABLE "audience_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"distribution_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"row" integer,
	"client_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"message_id" integer
);
--> statement-breakpoint
CREATE TABLE "distributions" (
	"flow_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" text DEFAULT 'table' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"segment_id" integer,
	"use_subscribed" boolean DEFAULT false NOT NULL,
	"ignore_no_dialogue" boolean DEFAULT false NOT NULL,
	"days_of_week" jsonb DEFAULT '[1,2,3,4,5,6,7]'::jsonb NOT NULL,
	"start_date" timestamp with time zone,
	"daily_cap" integer DEFAULT 300 NOT NULL,
	"table_summary" jsonb,
	"test_runs" integer DEFAULT 0 NOT NULL,
	"test_started_at" timestamp with time zone,
	"built_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "distribution_recipient_id" integer;--> statement-breakpoint
ALTER TABLE "audience_segments" ADD CONSTRAINT "audience_segments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_recipients" ADD CONSTRAINT "distribution_recipients_distribution_id_distributions_flow_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("flow_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_recipients" ADD CONSTRAINT "distribution_recipients_client_id_booking_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."booking_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_segments_user_idx" ON "audience_segments" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_recipients_phone_idx" ON "distribution_recipients" USING btree ("distribution_id","phone");--> statement-breakpoint
CREATE INDEX "distribution_recipients_pending_idx" ON "distribution_recipients" USING btree ("distribution_id","id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "distribution_recipients_message_idx" ON "distribution_recipients" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_distribution_recipient_id_distribution_recipients_id_fk" FOREIGN KEY ("distribution_recipient_id") REFERENCES "public"."distribution_recipients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_distribution_recipient_idx" ON "messages" USING btree ("distribution_recipient_id");