CREATE TABLE "offer_schedule_intervals" (
	"offer_id" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"horizon" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_schedule_intervals_offer_id_opens_at_pk" PRIMARY KEY("offer_id","opens_at")
);
--> statement-breakpoint
CREATE TABLE "vendor_open_intervals" (
	"vendor_id" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"horizon" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_open_intervals_vendor_id_opens_at_pk" PRIMARY KEY("vendor_id","opens_at")
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "schedule" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "opening_hours" text;--> statement-breakpoint
ALTER TABLE "offer_schedule_intervals" ADD CONSTRAINT "offer_schedule_intervals_offer_id_offers_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("offer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_open_intervals" ADD CONSTRAINT "vendor_open_intervals_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_schedule_intervals_closes_idx" ON "offer_schedule_intervals" USING btree ("offer_id","closes_at");--> statement-breakpoint
CREATE INDEX "vendor_open_intervals_closes_idx" ON "vendor_open_intervals" USING btree ("vendor_id","closes_at");