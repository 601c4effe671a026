ALTER TABLE "receipts" ADD COLUMN "claim_owner" integer;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "claim_heartbeat_at" timestamp with time zone;