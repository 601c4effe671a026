ALTER TABLE "receipts" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "auto_reason_code" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "auto_reason_params" jsonb;