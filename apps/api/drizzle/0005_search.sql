-- Offer search (issue 4): full-text search plus pg_trgm word similarity, so a typo like 'pizzza' still finds pizza.
-- pg_trgm ships with PGlite and every PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_title_trgm" ON "offers" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendors_business_name_trgm" ON "vendors" USING gin ("business_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "offers_text_search" ON "offers" USING gin (to_tsvector('simple', "title" || ' ' || "description"));
