ALTER TABLE "flows" ADD COLUMN "status_reason" text;--> statement-breakpoint
CREATE INDEX "flows_running_end_idx" ON "flows" USING btree ("end_date") WHERE end_date is not null and status in ('InQueue', 'Waiting', 'Working', 'Done');--> statement-breakpoint
CREATE INDEX "flows_in_queue_idx" ON "flows" USING btree ("type") WHERE status = 'InQueue';