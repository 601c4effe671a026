CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"offer_id" integer,
	"dedupe_key" text,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"outcome" text,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"delivered_to" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "push_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"new_offer" boolean DEFAULT true NOT NULL,
	"code_redeemed" boolean DEFAULT true NOT NULL,
	"receipt_decided" boolean DEFAULT true NOT NULL,
	"ending_tomorrow" boolean DEFAULT true NOT NULL,
	"sold_out" boolean DEFAULT true NOT NULL,
	"new_review" boolean DEFAULT true NOT NULL,
	"nearby" boolean DEFAULT false NOT NULL,
	"nearby_latitude" double precision,
	"nearby_longitude" double precision,
	"nearby_label" text,
	"nearby_radius_km" integer DEFAULT 3 NOT NULL,
	"nearby_category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"daily_cap" integer DEFAULT 3 NOT NULL,
	"quiet_from" integer DEFAULT 22 NOT NULL,
	"quiet_until" integer DEFAULT 8 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_settings_nearby_place_check" CHECK (NOT "push_settings"."nearby" OR ("push_settings"."nearby_latitude" IS NOT NULL AND "push_settings"."nearby_longitude" IS NOT NULL)),
	CONSTRAINT "push_settings_radius_check" CHECK ("push_settings"."nearby_radius_km" BETWEEN 1 AND 10),
	CONSTRAINT "push_settings_cap_check" CHECK ("push_settings"."daily_cap" BETWEEN 1 AND 10),
	CONSTRAINT "push_settings_quiet_check" CHECK ("push_settings"."quiet_from" BETWEEN 0 AND 23 AND "push_settings"."quiet_until" BETWEEN 0 AND 23)
);
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_settings" ADD CONSTRAINT "push_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("not_before") WHERE "push_outbox"."status" IN ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE INDEX "push_outbox_decided_idx" ON "push_outbox" USING btree ("user_id","decided_at") WHERE "push_outbox"."decided_at" IS NOT NULL;--> statement-breakpoint
-- Issue 29 §1: a push follows a notification of five kinds in the notification's own transaction, so no route can
-- forget one: to a person with a device subscribed and the kind's switch on (push_settings; no row is the defaults,
-- every switch on). A new offer is pushed once per person and offer ('offer:' key, shared with 'nearby'); the others
-- once per notification. Quiet hours and the daily cap are the sender's (domains/push/pusher.ts), at send time.
CREATE FUNCTION qrib_push_for_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind NOT IN ('NEW_OFFER', 'CLAIM_REDEEMED', 'RECEIPT_DECIDED', 'OFFER_SOLD_OUT', 'REVIEW_RECEIVED') THEN
    RETURN NULL;
  END IF;
  INSERT INTO push_outbox (user_id, kind, payload, offer_id, dedupe_key)
  SELECT u.id, NEW.kind, NEW.payload,
         CASE WHEN NEW.kind IN ('NEW_OFFER', 'OFFER_SOLD_OUT') THEN (NEW.payload->>'offerId')::integer END,
         CASE WHEN NEW.kind = 'NEW_OFFER' THEN 'offer:' || u.id || ':' || (NEW.payload->>'offerId')
              ELSE 'notification:' || NEW.id END
  FROM users u
  LEFT JOIN push_settings ps ON ps.user_id = u.id
  WHERE u.id = NEW.user_id AND u.deleted_at IS NULL
    AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)
    AND CASE NEW.kind
          WHEN 'NEW_OFFER' THEN COALESCE(ps.new_offer, true)
          WHEN 'CLAIM_REDEEMED' THEN COALESCE(ps.code_redeemed, true)
          WHEN 'RECEIPT_DECIDED' THEN COALESCE(ps.receipt_decided, true)
          WHEN 'OFFER_SOLD_OUT' THEN COALESCE(ps.sold_out, true)
          ELSE COALESCE(ps.new_review, true)
        END
  ON CONFLICT (dedupe_key) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notifications_push AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION qrib_push_for_notification();--> statement-breakpoint
-- Every replica's pusher hears of a queued push at once (it also looks every few seconds).
CREATE FUNCTION qrib_push_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qrib_push', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER push_outbox_queued AFTER INSERT ON push_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION qrib_push_queued();
--> statement-breakpoint
-- A notification taken back (a redemption undone takes back its 'code redeemed' and 'sold out') takes back its push
-- while it waits (held in quiet hours, or queued): nobody is told of what did not happen.
CREATE FUNCTION qrib_push_withdrawn() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE push_outbox SET status = 'SKIPPED', outcome = 'withdrawn', locked_until = NULL
  WHERE dedupe_key = 'notification:' || OLD.id AND status = 'QUEUED';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notifications_push_withdrawn AFTER DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION qrib_push_withdrawn();
