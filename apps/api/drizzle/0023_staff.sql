CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "vendor_members" (
	"vendor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"added_by_user_id" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_members_vendor_id_user_id_pk" PRIMARY KEY("vendor_id","user_id"),
	CONSTRAINT "vendor_members_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_members" ADD CONSTRAINT "vendor_members_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_members" ADD CONSTRAINT "vendor_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_members" ADD CONSTRAINT "vendor_members_added_by_user_id_users_id_fk" FOREIGN KEY ("added_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_vendor_idx" ON "staff_invitations" USING btree ("vendor_id");--> statement-breakpoint
-- Issue 28 §4: a business's owner is always its OWNER member, whatever writes vendors (registration, seeds, bulk
-- loaders, an account's deletion handing the closed business to its pseudonym): kept here, not by each writer.
CREATE FUNCTION qrib_vendor_owner_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.owner_user_id IS NOT DISTINCT FROM OLD.owner_user_id THEN
      RETURN NULL;
    END IF;
    DELETE FROM vendor_members WHERE vendor_id = NEW.id AND user_id = OLD.owner_user_id;
  END IF;
  INSERT INTO vendor_members (vendor_id, user_id, role, added_by_user_id)
    VALUES (NEW.id, NEW.owner_user_id, 'OWNER', NEW.owner_user_id)
    ON CONFLICT (vendor_id, user_id) DO UPDATE SET role = 'OWNER';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vendors_owner_member AFTER INSERT OR UPDATE OF owner_user_id ON vendors
  FOR EACH ROW EXECUTE FUNCTION qrib_vendor_owner_member();
--> statement-breakpoint
INSERT INTO vendor_members (vendor_id, user_id, role, added_by_user_id, added_at)
  SELECT id, owner_user_id, 'OWNER', owner_user_id, created_at FROM vendors
  ON CONFLICT DO NOTHING;
