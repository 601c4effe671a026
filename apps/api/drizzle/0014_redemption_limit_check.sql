-- Never more redemptions than the maximum (issue 13), held by the database as well as by the statements that write
-- either column: a redemption raises redeemed_count only below max_redemptions, an edit lowers max_redemptions
-- only down to redeemed_count (apps/api/src/repositories/claims.ts and offers.ts).
ALTER TABLE "offers" ADD CONSTRAINT "offers_redeemed_within_max_check" CHECK ("max_redemptions" IS NULL OR "redeemed_count" <= "max_redemptions");
