CREATE TABLE "pay_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand" text NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"quote" jsonb NOT NULL,
	"promocode" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_checkout_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "pay_link_id" uuid;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_links_user_idx" ON "pay_links" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "checkouts_pay_link_idx" ON "checkouts" USING btree ("pay_link_id");