CREATE TABLE "stamp_passes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_passes_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "stamp_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"code" text NOT NULL,
	"reward_text" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by_user_id" integer,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stamps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"claim_id" integer,
	"receipt_id" integer,
	"stamped_by_user_id" integer,
	"malta_day" date NOT NULL,
	"reward_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "stamps_source_check" CHECK (("stamps"."source" = 'REDEMPTION' AND "stamps"."claim_id" IS NOT NULL AND "stamps"."receipt_id" IS NULL)
        OR ("stamps"."source" = 'RECEIPT' AND "stamps"."receipt_id" IS NOT NULL AND "stamps"."claim_id" IS NULL)
        OR ("stamps"."source" = 'TILL' AND "stamps"."claim_id" IS NULL AND "stamps"."receipt_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "stamp_passes" ADD CONSTRAINT "stamp_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_rewards" ADD CONSTRAINT "stamp_rewards_card_id_stamp_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."stamp_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_rewards" ADD CONSTRAINT "stamp_rewards_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_rewards" ADD CONSTRAINT "stamp_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_rewards" ADD CONSTRAINT "stamp_rewards_redeemed_by_user_id_users_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_card_id_stamp_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."stamp_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_claim_id_offer_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."offer_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_stamped_by_user_id_users_id_fk" FOREIGN KEY ("stamped_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamps" ADD CONSTRAINT "stamps_reward_id_stamp_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."stamp_rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_rewards_vendor_code_key" ON "stamp_rewards" USING btree ("vendor_id","code");--> statement-breakpoint
CREATE INDEX "stamp_rewards_user_idx" ON "stamp_rewards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stamps_claim_key" ON "stamps" USING btree ("claim_id") WHERE "stamps"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stamps_receipt_key" ON "stamps" USING btree ("receipt_id") WHERE "stamps"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stamps_one_a_day_key" ON "stamps" USING btree ("vendor_id","user_id","malta_day") WHERE "stamps"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stamps_card_user_idx" ON "stamps" USING btree ("card_id","user_id");