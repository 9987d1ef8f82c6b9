CREATE TABLE "amo_contacts" (
	"connection_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	CONSTRAINT "amo_contacts_connection_id_client_id_pk" PRIMARY KEY("connection_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "amo_leads" (
	"record_id" integer PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"status_id" integer
);
--> statement-breakpoint
CREATE TABLE "amo_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amo_outbox" (
	"record_id" integer PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "amo_settings" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"subdomain" text NOT NULL,
	"pipelines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_map" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_push_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "amo_contacts" ADD CONSTRAINT "amo_contacts_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amo_contacts" ADD CONSTRAINT "amo_contacts_client_id_booking_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."booking_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amo_leads" ADD CONSTRAINT "amo_leads_record_id_booking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."booking_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amo_leads" ADD CONSTRAINT "amo_leads_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amo_oauth_states" ADD CONSTRAINT "amo_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amo_outbox" ADD CONSTRAINT "amo_outbox_record_id_booking_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."booking_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amo_outbox" ADD CONSTRAINT "amo_outbox_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amo_settings" ADD CONSTRAINT "amo_settings_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amo_leads_lead_idx" ON "amo_leads" USING btree ("connection_id","lead_id");--> statement-breakpoint
CREATE INDEX "amo_outbox_due_idx" ON "amo_outbox" USING btree ("next_at");