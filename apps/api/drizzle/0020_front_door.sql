CREATE TABLE "user_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "regular_price" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "buy_quantity" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "get_quantity" integer;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_issuer_subject_key" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_regular_price_check" CHECK ("offers"."regular_price" IS NULL OR "offers"."regular_price" > 0);--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buy_get_check" CHECK (("offers"."buy_quantity" IS NULL) = ("offers"."get_quantity" IS NULL) AND coalesce("offers"."buy_quantity", 1) >= 1 AND coalesce("offers"."get_quantity", 1) >= 1);