DROP INDEX "messages_due_idx";--> statement-breakpoint
CREATE INDEX "messages_queued_idx" ON "messages" USING btree ("planned_at","id") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "messages_sending_idx" ON "messages" USING btree ("lease_until") WHERE status = 'sending';