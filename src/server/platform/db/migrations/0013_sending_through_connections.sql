CREATE TABLE "connection_sending" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"pause_detail" text,
	"failure_streak" integer DEFAULT 0 NOT NULL,
	"warmup_started_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sending_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"fallback_order" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "connection_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "connection_id" integer;--> statement-breakpoint
ALTER TABLE "connection_sending" ADD CONSTRAINT "connection_sending_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_settings" ADD CONSTRAINT "sending_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_connection_idx" ON "messages" USING btree ("connection_id","sent_at");--> statement-breakpoint
CREATE INDEX "messages_waiting_idx" ON "messages" USING btree ("user_id","connection_id") WHERE status = 'queued' AND reason LIKE 'waiting:%';--> statement-breakpoint
-- Numbers linked before the engine sent through them count their warm-up from when they were added: the ramp is
-- for numbers new to sending, and these have been in use (docs/connections.md "Sending and pacing").
INSERT INTO "connection_sending" ("connection_id", "warmup_started_at") SELECT "id", "created_at" FROM "connections";
