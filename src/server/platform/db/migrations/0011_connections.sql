CREATE TABLE "connection_code_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_qr_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "connection_qr_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"state" text,
	"session" text,
	"state_changed_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_code_requests" ADD CONSTRAINT "connection_code_requests_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_qr_links" ADD CONSTRAINT "connection_qr_links_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_code_requests_idx" ON "connection_code_requests" USING btree ("connection_id","requested_at");--> statement-breakpoint
CREATE INDEX "connection_qr_links_connection_idx" ON "connection_qr_links" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "connections_user_idx" ON "connections" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "connections_kind_idx" ON "connections" USING btree ("kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_session_idx" ON "connections" USING btree ("session");--> statement-breakpoint
-- Issue 17: WhatsApp instances move from linked_accounts (kind chatApi, state in data) to connections, keeping
-- their ids (payments name instances by id); a state outside the spec's list stays unknown (null).
INSERT INTO "connections" ("id", "user_id", "kind", "name", "state", "state_changed_at", "created_at")
SELECT "id", "user_id", 'whatsapp', "name",
  CASE WHEN "data"->>'state' IN ('init', 'GotQrCode', 'NotAuthorized', 'Connected', 'Authorized', 'loading', 'error') THEN "data"->>'state' END,
  "created_at", "created_at"
FROM "linked_accounts" WHERE "kind" = 'chatApi';--> statement-breakpoint
DELETE FROM "linked_accounts" WHERE "kind" = 'chatApi';--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('connections', 'id'), COALESCE((SELECT max("id") FROM "connections"), 0) + 1, false);
