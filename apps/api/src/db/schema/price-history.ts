import { bigint, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { availability } from './enums';
import { storeOffers } from './store-offers';

/**
 * Append-only: one row per price or availability CHANGE of an offer (not per day), so the chart is a step
 * function and six months of a stable price cost one row. At the 5M-offer scale this is the
 * largest table; it is the natural candidate for monthly range partitioning on recorded_at.
 * `store_id` is a denormalised copy without a foreign key: deleting a store cascades through
 * store_offers → offer_id, and a second FK would force an unindexed scan of this table.
 * `product_id` (the offer's product, copied for the product's chart) has no foreign key either
 * since migration 0017: deleting a product cascades through its offers to these rows all the
 * same, and the key's check locked the product's row (`FOR KEY SHARE`) for every row written —
 * 4.5 s of a 5.2 s insert of 20,000 history rows on the 1M-product catalog (ADR 015).
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => storeOffers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    storeId: uuid('store_id').notNull(),
    price: integer('price').notNull(),
    /** The offer's availability from this point on (rows before migration 0009: in-stock). */
    availability: availability('availability').notNull().default('in-stock'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_history_product_recorded_idx').on(t.productId, t.recordedAt),
    index('price_history_offer_recorded_idx').on(t.offerId, t.recordedAt),
  ],
);

export type PriceHistoryRow = typeof priceHistory.$inferSelect;
export type NewPriceHistoryRow = typeof priceHistory.$inferInsert;
