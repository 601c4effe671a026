CREATE TABLE "stamp_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"stamps_required" integer NOT NULL,
	"reward_text" text NOT NULL,
	"expires_after_days" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "stamp_cards_stamps_required_check" CHECK ("stamp_cards"."stamps_required" BETWEEN 3 AND 20),
	CONSTRAINT "stamp_cards_reward_text_check" CHECK (char_length("stamp_cards"."reward_text") BETWEEN 1 AND 80),
	CONSTRAINT "stamp_cards_expires_after_days_check" CHECK ("stamp_cards"."expires_after_days" IS NULL OR "stamp_cards"."expires_after_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
ALTER TABLE "stamp_cards" ADD CONSTRAINT "stamp_cards_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_cards_one_running_key" ON "stamp_cards" USING btree ("vendor_id") WHERE "stamp_cards"."ended_at" IS NULL;