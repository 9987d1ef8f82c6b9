CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"number" text NOT NULL,
	"sum" double precision DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Unconfirmed' NOT NULL,
	"delivery_type" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"deliver_at" timestamp with time zone,
	"courier_name" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"source" text DEFAULT 'demo' NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"phone" text,
	"chat_id" text,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_booking_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."booking_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_source_external_idx" ON "orders" USING btree ("user_id","source","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_user_channel_phone_idx" ON "subscribers" USING btree ("user_id","channel","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_user_channel_chat_idx" ON "subscribers" USING btree ("user_id","channel","chat_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_order_idx" ON "messages" USING btree ("order_id");