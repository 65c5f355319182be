import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { products } from './products';

/**
 * A product's prices, denormalised from the offers that count (db/product-price-aggregates.ts),
 * one row per product (kuruş). They live apart from `products` because prices move all day and a
 * products row is expensive to rewrite: 14 indexes, three of them GIN over its search text,
 * search vector and specifications. A row here is about 80 bytes with four indexes, so a feed's
 * price change costs a few index entries instead of hundreds (ADR 015).
 *
 * `category_id`, `subcategory_id` and `is_active` are copies of the product's, kept by triggers on
 * products (migration 0010): listings sorted or filtered by price walk this table's indexes within
 * a category and fetch the products rows of one page.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull(),
    subcategoryId: uuid('subcategory_id'),
    isActive: boolean('is_active').notNull(),
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    /** The lowest price before the last change of `min_price`, for the card's price-change arrow. */
    prevMinPrice: integer('prev_min_price'),
    /** Highest list (strike-through) price among counting offers, or null when none is discounted. */
    originalPrice: integer('original_price'),
    offerCount: integer('offer_count').notNull().default(0),
    priceUpdatedAt: instant('price_updated_at'),
    /** Some counting offer ships free (advanced filter "Ücretsiz Kargo", ADR 019). */
    freeShipping: boolean('free_shipping').notNull().default(false),
    /** Some counting offer is in stock or limited (advanced filter "Stokta Olanlar", ADR 019). */
    inStock: boolean('in_stock').notNull().default(false),
    /**
     * The last moment before the current `min_price` when a lower price of one of the product's
     * offers was on sale (price_history), null when none ever was. Set when `min_price` changes and
     * constant while it holds, so "the lowest price of the last 6 months" is
     * `lower_price_seen_at < now() - 180 days` without a sweep (ADR 019).
     */
    lowerPriceSeenAt: instant('lower_price_seen_at'),
    /**
     * The stores whose offers count, sorted: the store filter and its facet counts read them here
     * instead of joining every product of a listing to its offers (a 160k-product category has
     * ~800k of them). Kept with the other figures by the same refresh and sweep (ADR 019
     * amendment of 2026-11-27).
     */
    storeIds: uuid('store_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /**
     * When a figure the listing index reads last changed, here or on the product (its brand,
     * flags, ratings, specifications): set by triggers in the writing transaction (migration
     * 0027), so the index's periodic reread takes only the products changed since its last read
     * instead of the whole catalog (ADR 010 amendment of 2026-12-03, "Rereads by change time").
     */
    figuresChangedAt: instant('figures_changed_at').notNull().defaultNow(),
    /** When the product's words, ratings count or active flag last changed: what the word index holds. */
    wordsChangedAt: instant('words_changed_at').notNull().defaultNow(),
  },
  (t) => [
    index('product_prices_category_price_idx').on(t.categoryId, t.minPrice),
    index('product_prices_subcategory_price_idx').on(t.subcategoryId, t.minPrice),
    index('product_prices_min_price_idx').on(t.minPrice),
  ],
);

export type ProductPricesRow = typeof productPrices.$inferSelect;
