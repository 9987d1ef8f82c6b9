CREATE TABLE "booking_unlinked_companies" (
	"user_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"unlinked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_unlinked_companies_user_id_external_id_pk" PRIMARY KEY("user_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "booking_unlinked_companies" ADD CONSTRAINT "booking_unlinked_companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;