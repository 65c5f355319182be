-- Extensions first, so the trigram index of the next migration can be created.
-- Both are "trusted" extensions since PostgreSQL 13: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
