ALTER TABLE "flows" ADD COLUMN "waba_template_name" text;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "waba_template_language" text;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "waba_variables" jsonb;