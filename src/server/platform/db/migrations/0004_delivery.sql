CREATE TABLE "booking_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"birthday" date,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"spend" double precision DEFAULT 0 NOT NULL,
	"last_visit_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_masters" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"master_id" integer,
	"service_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"source" text DEFAULT 'demo' NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"price" double precision DEFAULT 0 NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"flow_id" integer,
	"kind" text NOT NULL,
	"record_id" integer,
	"client_id" integer,
	"recipient" text NOT NULL,
	"sent_to" text,
	"channel" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"planned_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"provider_message_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_message_limit" integer;--> statement-breakpoint
ALTER TABLE "booking_clients" ADD CONSTRAINT "booking_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_masters" ADD CONSTRAINT "booking_masters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_records" ADD CONSTRAINT "booking_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_records" ADD CONSTRAINT "booking_records_client_id_booking_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."booking_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_records" ADD CONSTRAINT "booking_records_master_id_booking_masters_id_fk" FOREIGN KEY ("master_id") REFERENCES "public"."booking_masters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_record_id_booking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."booking_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_id_booking_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."booking_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_clients_user_phone_idx" ON "booking_clients" USING btree ("user_id","phone");--> statement-breakpoint
CREATE INDEX "booking_clients_last_visit_idx" ON "booking_clients" USING btree ("user_id","last_visit_at");--> statement-breakpoint
CREATE INDEX "booking_records_user_start_idx" ON "booking_records" USING btree ("user_id","start_at");--> statement-breakpoint
CREATE INDEX "booking_records_client_idx" ON "booking_records" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_due_idx" ON "messages" USING btree ("planned_at") WHERE status in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "messages_user_idx" ON "messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "messages_flow_idx" ON "messages" USING btree ("flow_id","status");--> statement-breakpoint
CREATE INDEX "messages_record_idx" ON "messages" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "messages_provider_idx" ON "messages" USING btree ("provider_message_id");