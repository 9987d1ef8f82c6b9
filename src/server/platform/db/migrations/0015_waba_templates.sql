CREATE TABLE "waba_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"connection_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"language" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"rejected_reason" text,
	"body" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waba_templates" ADD CONSTRAINT "waba_templates_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waba_templates_name_idx" ON "waba_templates" USING btree ("connection_id","name","language");