-- A relevance search of common words walks the active products in popularity order and tests each
-- one's search_text (ADR 006, amendment of 2026-11-27). With search_text in the popularity index
-- the walk is an index-only scan instead of a visit to each product's 2.5 KB heap row: on the 1M
-- catalog a walk for "telefon" 30-50 ms -> 1.2 ms, and the cold search row's SQL twin 97-109 ->
-- 124-125 searches/s (LOG.md). The index grows from 39 to 125 MB. drizzle-kit cannot declare
-- INCLUDE, so the schema declares the index's keys and this migration adds the column.
DROP INDEX "products_active_popularity_idx";--> statement-breakpoint
CREATE INDEX "products_active_popularity_idx" ON "products" USING btree ("ratings_count" DESC NULLS FIRST,"id") INCLUDE ("search_text") WHERE "products"."is_active";
