CREATE TABLE "chatwoot_mirror" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"cursor" integer NOT NULL,
	"last_mirrored_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "chatwoot_posted" (
	"connection_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"chatwoot_message_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chatwoot_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"chatwoot_message_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chatwoot_threads" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"source_id" text NOT NULL,
	"chatwoot_conversation_id" integer
);
--> statement-breakpoint
ALTER TABLE "chatwoot_mirror" ADD CONSTRAINT "chatwoot_mirror_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatwoot_posted" ADD CONSTRAINT "chatwoot_posted_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatwoot_replies" ADD CONSTRAINT "chatwoot_replies_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatwoot_replies" ADD CONSTRAINT "chatwoot_replies_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatwoot_threads" ADD CONSTRAINT "chatwoot_threads_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatwoot_threads" ADD CONSTRAINT "chatwoot_threads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chatwoot_posted_message_idx" ON "chatwoot_posted" USING btree ("connection_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chatwoot_posted_remote_idx" ON "chatwoot_posted" USING btree ("connection_id","chatwoot_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chatwoot_replies_remote_idx" ON "chatwoot_replies" USING btree ("connection_id","chatwoot_message_id");--> statement-breakpoint
CREATE INDEX "chatwoot_replies_queued_idx" ON "chatwoot_replies" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chatwoot_threads_conversation_idx" ON "chatwoot_threads" USING btree ("connection_id","conversation_id");--> statement-breakpoint
CREATE INDEX "chatwoot_threads_remote_idx" ON "chatwoot_threads" USING btree ("connection_id","chatwoot_conversation_id");