CREATE TABLE "connection_secrets" (
	"connection_id" integer PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"key_id" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"owner_chat_id" text
);
--> statement-breakpoint
ALTER TABLE "connection_secrets" ADD CONSTRAINT "connection_secrets_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_secrets_key_idx" ON "connection_secrets" USING btree ("key_id");