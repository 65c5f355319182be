-- Each product's counting stores (ADR 019 amendment of 2026-11-27, issue 16): the stores whose
-- offers count (active, of an active store, fresh: db/offer-freshness.ts), sorted, kept with the
-- other figures of product_prices by refreshAggregates and the freshness sweep. The store filter
-- and its facet counts read them instead of joining every product of a listing to its offers.
ALTER TABLE "product_prices" ADD COLUMN "store_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
--> statement-breakpoint
-- The same rule as refreshAggregates and recomputeCountingStores (db/product-price-aggregates.ts).
UPDATE "product_prices" p
   SET "store_ids" = x."store_ids"
  FROM (
    SELECT o."product_id", array_agg(o."store_id" ORDER BY o."store_id") AS "store_ids"
      FROM "store_offers" o JOIN "stores" s ON s."id" = o."store_id"
     WHERE o."is_active" AND s."is_active"
       AND ((s."feed_url" IS NULL AND s."feed_last_success_at" IS NULL)
            OR o."last_seen_at" >= now() - make_interval(hours => s."freshness_hours"))
     GROUP BY o."product_id"
  ) x
 WHERE p."product_id" = x."product_id";
