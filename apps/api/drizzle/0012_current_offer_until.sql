ALTER TABLE "vendors" ADD COLUMN "current_offer_until" date;--> statement-breakpoint
-- The nearby home lists businesses with a current offer (DESIGN.md §6). Asking that of each business's offers in
-- the nearest-first scan cost about a fifth of a cold page, so each business carries the latest end date of its
-- ACTIVE offers, and the scan compares one column: current_offer_until >= today (Malta's date) holds exactly when
-- one of its ACTIVE offers has not ended.
--
-- Statement-level triggers with transition tables keep it, so a bulk insert of 500 000 offers recomputes each
-- business once, not once per row. Each touched business row is locked first (in id order, so two writers never
-- deadlock), and the new value is read in a later statement: under READ COMMITTED that statement's snapshot sees
-- every offer committed by a writer it waited for, so two shops' staff changing offers at once cannot leave a
-- stale date behind. Bulk loaders that switch the triggers off (bench/nearby.ts) run the backfill below after.
CREATE FUNCTION qrib_refresh_current_offer_until() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT t.id, (SELECT max(o.end_date) FROM offers o WHERE o.vendor_id = t.id AND o.status = 'ACTIVE') AS until
    FROM unnest(touched) AS t (id)
  ) AS latest
  WHERE v.id = latest.id AND v.current_offer_until IS DISTINCT FROM latest.until;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER offers_current_inserted AFTER INSERT ON offers REFERENCING NEW TABLE AS new_offers
  FOR EACH STATEMENT EXECUTE FUNCTION qrib_refresh_current_offer_until();--> statement-breakpoint
CREATE TRIGGER offers_current_updated AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_offers NEW TABLE AS new_offers
  FOR EACH STATEMENT EXECUTE FUNCTION qrib_refresh_current_offer_until();--> statement-breakpoint
CREATE TRIGGER offers_current_deleted AFTER DELETE ON offers REFERENCING OLD TABLE AS old_offers
  FOR EACH STATEMENT EXECUTE FUNCTION qrib_refresh_current_offer_until();--> statement-breakpoint
CREATE FUNCTION qrib_clear_current_offer_until() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vendors SET current_offer_until = NULL WHERE current_offer_until IS NOT NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER offers_current_truncated AFTER TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION qrib_clear_current_offer_until();--> statement-breakpoint
-- The backfill (also what a bulk loader runs after loading with triggers off).
UPDATE vendors v SET current_offer_until = latest.until
FROM (SELECT vendor_id, max(end_date) AS until FROM offers WHERE status = 'ACTIVE' GROUP BY vendor_id) AS latest
WHERE v.id = latest.vendor_id;
