-- Nearby search (DESIGN.md §6) needs cube + earthdistance; both ship with PGlite and every PostgreSQL.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
