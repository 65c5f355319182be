-- The premium advanced filters (ADR 019) read three figures kept on each product's prices row,
-- maintained by refreshProductPriceAggregates with the rest of them (db/product-price-aggregates.ts).
-- Adding a column with a constant default rewrites nothing; the backfill below fills them in.
ALTER TABLE "product_prices" ADD COLUMN "free_shipping" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "lower_price_seen_at" timestamp with time zone;--> statement-breakpoint
-- Free shipping and in stock, from the offers that count now (active, of an active store, fresh:
-- db/offer-freshness.ts), as the refresh computes them.
UPDATE "product_prices" p
   SET "free_shipping" = x.free_shipping, "in_stock" = x.in_stock
  FROM (
    SELECT o.product_id,
           bool_or(o.shipping_free OR o.shipping_cost = 0) AS free_shipping,
           bool_or(o.availability IN ('in-stock', 'limited')) AS in_stock
      FROM store_offers o
      JOIN stores s ON s.id = o.store_id
     WHERE o.is_active AND s.is_active
       AND ((s.feed_url IS NULL AND s.feed_last_success_at IS NULL)
            OR o.last_seen_at >= now() - make_interval(hours => s.freshness_hours))
     GROUP BY o.product_id
  ) x
 WHERE p.product_id = x.product_id
   AND (x.free_shipping OR x.in_stock);--> statement-breakpoint
-- When a price below the current lowest was last on sale: each history row's price holds until
-- the offer's next row (or, for its last row, until its store last confirmed it); rows that say
-- out of stock had no price anyone could pay, as in the price chart.
UPDATE "product_prices" p
   SET "lower_price_seen_at" = x.seen
  FROM (
    SELECT h.product_id, max(coalesce(h.next_at, o.last_seen_at)) AS seen
      FROM (
        SELECT product_id, offer_id, price, availability,
               lead(recorded_at) OVER (PARTITION BY offer_id ORDER BY recorded_at, id) AS next_at
          FROM price_history
      ) h
      JOIN store_offers o ON o.id = h.offer_id
      JOIN product_prices pp ON pp.product_id = h.product_id
     WHERE h.price < pp.min_price AND h.availability <> 'out-of-stock'
     GROUP BY h.product_id
  ) x
 WHERE p.product_id = x.product_id;
