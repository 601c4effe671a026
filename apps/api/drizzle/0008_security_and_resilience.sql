CREATE TABLE "pending_uploads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"owner" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_uploads_owner_idx" ON "pending_uploads" USING btree ("owner");--> statement-breakpoint
CREATE INDEX "pending_uploads_key_idx" ON "pending_uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Views and impressions counted more than once per person, offer and hour (the inflation the review found) go
-- before the index that forbids them.
DELETE FROM "offer_events" e USING "offer_events" d
WHERE e."kind" IN ('VIEW', 'IMPRESSION') AND e."user_id" IS NOT NULL
  AND d."offer_id" = e."offer_id" AND d."user_id" = e."user_id" AND d."kind" = e."kind"
  AND date_trunc('hour', d."created_at" AT TIME ZONE 'UTC') = date_trunc('hour', e."created_at" AT TIME ZONE 'UTC')
  AND d."id" < e."id";--> statement-breakpoint
CREATE UNIQUE INDEX "offer_events_once_an_hour_key" ON "offer_events" USING btree ("offer_id","user_id","kind",date_trunc('hour', "created_at" AT TIME ZONE 'UTC')) WHERE "offer_events"."kind" IN ('VIEW', 'IMPRESSION') AND "offer_events"."user_id" IS NOT NULL;--> statement-breakpoint
-- Control characters in single-line free text become a space (the API refuses them from now on).
UPDATE "users" SET "name" = regexp_replace("name", '[\x01-\x1f\x7f]', ' ', 'g'), "phone" = regexp_replace("phone", '[\x01-\x1f\x7f]', ' ', 'g')
WHERE "name" ~ '[\x01-\x1f\x7f]' OR "phone" ~ '[\x01-\x1f\x7f]';--> statement-breakpoint
UPDATE "vendors" SET
  "business_name" = regexp_replace("business_name", '[\x01-\x1f\x7f]', ' ', 'g'),
  "business_address" = regexp_replace("business_address", '[\x01-\x1f\x7f]', ' ', 'g'),
  "primary_contact_name" = regexp_replace("primary_contact_name", '[\x01-\x1f\x7f]', ' ', 'g'),
  "contact_email" = regexp_replace("contact_email", '[\x01-\x1f\x7f]', ' ', 'g'),
  "contact_phone" = regexp_replace("contact_phone", '[\x01-\x1f\x7f]', ' ', 'g')
WHERE concat("business_name", "business_address", "primary_contact_name", "contact_email", "contact_phone") ~ '[\x01-\x1f\x7f]';--> statement-breakpoint
UPDATE "offers" SET "title" = regexp_replace("title", '[\x01-\x1f\x7f]', ' ', 'g') WHERE "title" ~ '[\x01-\x1f\x7f]';--> statement-breakpoint
-- Multi-line text keeps its line feeds (a CR LF becomes one LF); every other control character becomes a space.
UPDATE "vendors" SET "offerings_description" = regexp_replace(replace("offerings_description", E'\r\n', E'\n'), '[\x01-\x09\x0b-\x1f\x7f]', ' ', 'g')
WHERE "offerings_description" ~ '[\x01-\x09\x0b-\x1f\x7f]';--> statement-breakpoint
UPDATE "offers" SET
  "description" = regexp_replace(replace("description", E'\r\n', E'\n'), '[\x01-\x09\x0b-\x1f\x7f]', ' ', 'g'),
  "terms_and_conditions" = regexp_replace(replace("terms_and_conditions", E'\r\n', E'\n'), '[\x01-\x09\x0b-\x1f\x7f]', ' ', 'g')
WHERE concat("description", "terms_and_conditions") ~ '[\x01-\x09\x0b-\x1f\x7f]';--> statement-breakpoint
-- Receipts with a final status that neither the verifier (it always writes ocr_text) nor the owner (decided_at)
-- gave it: the demo seed's. They count as the owner's decisions, so they cannot be decided again; automatic
-- verdicts keep decided_at NULL and stay open to the owner's decision.
UPDATE "receipts" r SET "decided_at" = COALESCE(r."checked_at", r."created_at"), "decided_by_user_id" = v."owner_user_id"
FROM "vendors" v
WHERE v."id" = r."vendor_id" AND r."status" IN ('VERIFIED', 'REJECTED') AND r."decided_at" IS NULL AND r."ocr_text" IS NULL;
