CREATE TABLE "receipt_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"perceptual_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"consumer_user_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"offer_id" integer,
	"visit_id" integer,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"reason" text,
	"extracted_total" numeric(10, 2),
	"extracted_date" date,
	"extracted_merchant" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "receipt_files" ADD CONSTRAINT "receipt_files_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_consumer_user_id_users_id_fk" FOREIGN KEY ("consumer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_visit_id_shop_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."shop_visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_visits" ADD CONSTRAINT "shop_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_visits" ADD CONSTRAINT "shop_visits_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_files_sha256_key" ON "receipt_files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "receipt_files_receipt_idx" ON "receipt_files" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "receipts_consumer_idx" ON "receipts" USING btree ("consumer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_vendor_idx" ON "receipts" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_visits_user_vendor_idx" ON "shop_visits" USING btree ("user_id","vendor_id","detected_at");