ALTER TABLE "booking_masters" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "booking_services" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_masters_user_external_idx" ON "booking_masters" USING btree ("user_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_records_user_source_external_idx" ON "booking_records" USING btree ("user_id","source","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_services_user_external_idx" ON "booking_services" USING btree ("user_id","external_id");