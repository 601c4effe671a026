CREATE TABLE "account_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"storage_key" text,
	"size_bytes" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"to_address" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"dedupe_key" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" IN ('PENDING', 'SENDING');--> statement-breakpoint
-- Issue 15: the mails that follow a bell notification are queued by the database, in the notification's own
-- transaction, so no route can forget one: a receipt decided and a new offer from a saved shop (only with 'Email
-- Notifications' on; a new offer once per offer and person), a business approved, refused or suspended (always).
-- Pseudonymous rows (deleted accounts) get nothing.
CREATE FUNCTION qrib_mail_for_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'BUSINESS_STATUS' THEN
    IF NEW.payload->>'status' IN ('ACTIVE', 'REJECTED', 'SUSPENDED') THEN
      INSERT INTO mail_outbox (user_id, to_address, kind, payload, dedupe_key)
      SELECT u.id, u.email, 'BUSINESS_STATUS', NEW.payload, 'notification:' || NEW.id
      FROM users u WHERE u.id = NEW.user_id AND u.deleted_at IS NULL
      ON CONFLICT (dedupe_key) DO NOTHING;
    END IF;
  ELSIF NEW.kind IN ('RECEIPT_DECIDED', 'NEW_OFFER') THEN
    INSERT INTO mail_outbox (user_id, to_address, kind, payload, dedupe_key)
    SELECT u.id, u.email, NEW.kind, NEW.payload,
           CASE WHEN NEW.kind = 'NEW_OFFER' THEN 'new-offer:' || u.id || ':' || (NEW.payload->>'offerId')
                ELSE 'notification:' || NEW.id END
    FROM users u
    WHERE u.id = NEW.user_id AND u.deleted_at IS NULL
      AND COALESCE((u.preferences->>'emailNotifications')::boolean, true)
    ON CONFLICT (dedupe_key) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notifications_mail AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION qrib_mail_for_notification();--> statement-breakpoint
-- Every replica's mailer hears of a queued mail at once (it also looks every few seconds).
CREATE FUNCTION qrib_mail_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('qrib_mail', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER mail_outbox_queued AFTER INSERT ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION qrib_mail_queued();
