-- Invalidation by trigger (issue 11): the database itself announces every change shoppers' lists show on the
-- channel 'qrib_offers' (OFFER_CHANNEL in apps/api/src/plugins/offer-feed.ts), so no route or script can forget
-- it. pg_notify is delivered when the transaction commits and never when it rolls back (PostgreSQL and PGlite);
-- identical payloads within one transaction arrive once.
--
-- One statement-level trigger per table says 'changed' (one notification per statement, however many rows: a
-- row-level one would send 500 000 when the benchmark loads its offers). A row-level trigger on offers, limited
-- by WHEN to an offer becoming visible (inserted ACTIVE, or its status changed to ACTIVE), carries
-- {offerId, vendorId, latitude, longitude} for the live stream. Bulk loaders may switch these off around a load
-- (ALTER TABLE ... DISABLE TRIGGER USER, or SET session_replication_role = replica).
CREATE FUNCTION qrib_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qrib_offers', 'changed');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION qrib_notify_offer_visible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qrib_offers', json_build_object(
    'offerId', NEW.offer_id,
    'vendorId', NEW.vendor_id,
    'latitude', NEW.location_latitude,
    'longitude', NEW.location_longitude
  )::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER offers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION qrib_notify_changed();--> statement-breakpoint
CREATE TRIGGER offer_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offer_images
  FOR EACH STATEMENT EXECUTE FUNCTION qrib_notify_changed();--> statement-breakpoint
CREATE TRIGGER vendors_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendors
  FOR EACH STATEMENT EXECUTE FUNCTION qrib_notify_changed();--> statement-breakpoint
-- A WHEN clause cannot name OLD on an insert, so "becomes visible" is two triggers sharing one function.
CREATE TRIGGER offers_published AFTER INSERT ON offers
  FOR EACH ROW WHEN (NEW.status = 'ACTIVE') EXECUTE FUNCTION qrib_notify_offer_visible();--> statement-breakpoint
CREATE TRIGGER offers_resumed AFTER UPDATE OF status ON offers
  FOR EACH ROW WHEN (NEW.status = 'ACTIVE' AND OLD.status IS DISTINCT FROM 'ACTIVE')
  EXECUTE FUNCTION qrib_notify_offer_visible();
