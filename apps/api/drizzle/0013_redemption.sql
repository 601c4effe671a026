CREATE TABLE "offer_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "redeemed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "claim_id" integer;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_redeemed_by_user_id_users_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_claims_vendor_code_key" ON "offer_claims" USING btree ("vendor_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_claims_offer_user_key" ON "offer_claims" USING btree ("offer_id","user_id");--> statement-breakpoint
CREATE INDEX "offer_claims_user_idx" ON "offer_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_claims_vendor_redeemed_idx" ON "offer_claims" USING btree ("vendor_id","redeemed_at") WHERE "offer_claims"."redeemed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_claim_id_offer_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."offer_claims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_claim_key" ON "receipts" USING btree ("claim_id");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_redeemed_count_check" CHECK ("redeemed_count" >= 0);--> statement-breakpoint
-- Redemption at the till (issue 13): a LIMITED offer with no unit left is sold out, and shoppers' lists show only
-- offers that still have one. A business's current_offer_until (migration 0012) therefore counts only ACTIVE
-- offers that are not sold out; its triggers already run on every update of offers, a redemption's included.
CREATE OR REPLACE FUNCTION qrib_refresh_current_offer_until() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT vendor_id) INTO touched FROM new_offers;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT vendor_id) INTO touched FROM old_offers;
  ELSE
    SELECT array_agg(DISTINCT vendor_id) INTO touched FROM (
      SELECT n.vendor_id FROM new_offers n
      UNION SELECT o.vendor_id FROM old_offers o
    ) AS both_sides;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM vendors WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  UPDATE vendors v SET current_offer_until = latest.until
  FROM (
    SELECT t.id, (
      SELECT max(o.end_date) FROM offers o
      WHERE o.vendor_id = t.id AND o.status = 'ACTIVE' AND (o.max_redemptions IS NULL OR o.redeemed_count < o.max_redemptions)
    ) AS until
    FROM unnest(touched) AS t (id)
  ) AS latest
  WHERE v.id = latest.id AND v.current_offer_until IS DISTINCT FROM latest.until;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Cards carry how many units are left (null when unlimited), after the fields they had (nearbyOfferSchema's order).
ALTER TYPE nearby_offer_json ADD ATTRIBUTE "remaining" integer;
