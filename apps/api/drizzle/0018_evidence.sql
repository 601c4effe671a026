CREATE TABLE "suspicious_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"vendor_id" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"rule_code" text NOT NULL,
	"rule_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "suspicious_activity_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "asked_shop_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_network" text;--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD CONSTRAINT "suspicious_activity_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_activity" ADD CONSTRAINT "suspicious_activity_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_activity_items" ADD CONSTRAINT "suspicious_activity_items_activity_id_suspicious_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."suspicious_activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspicious_activity_items" ADD CONSTRAINT "suspicious_activity_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suspicious_activity_vendor_idx" ON "suspicious_activity" USING btree ("vendor_id","detected_at");--> statement-breakpoint
CREATE INDEX "suspicious_activity_open_idx" ON "suspicious_activity" USING btree ("detected_at") WHERE "suspicious_activity"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "suspicious_activity_items_item_key" ON "suspicious_activity_items" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "suspicious_activity_items_activity_idx" ON "suspicious_activity_items" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "suspicious_activity_items_user_idx" ON "suspicious_activity_items" USING btree ("user_id");