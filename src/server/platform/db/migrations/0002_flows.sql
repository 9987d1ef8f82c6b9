CREATE TABLE "flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"type" text NOT NULL,
	"mode" text DEFAULT 'test' NOT NULL,
	"status" text DEFAULT 'Pause' NOT NULL,
	"settings" jsonb NOT NULL,
	"test_phones" text DEFAULT '' NOT NULL,
	"end_date" timestamp with time zone,
	"last_start" timestamp with time zone,
	"next_start" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flows_user_edited_idx" ON "flows" USING btree ("user_id","edited_at","id");--> statement-breakpoint
CREATE INDEX "flows_user_created_idx" ON "flows" USING btree ("user_id","created_at","id");