import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { availability } from './enums';
import { products } from './products';
import { stores } from './stores';

/** One store's current offer for one product (kuruş). Past prices live in price_history. */
export const storeOffers = pgTable(
  'store_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    /** List price before the store's discount, when the store shows one. */
    originalPrice: integer('original_price'),
    productUrl: text('product_url').notNull(),
    availability: availability('availability').notNull().default('in-stock'),
    shippingFree: boolean('shipping_free').notNull().default(false),
    shippingCost: integer('shipping_cost').notNull().default(0),
    shippingDays: integer('shipping_days'),
    /**
     * The store's own SKU / feed item id: the remembered sku → product mapping of feed imports
     * (ADR 014), looked up by (store_id, external_id).
     */
    externalId: text('external_id'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * When the store last confirmed this offer (an import that carried it, a 304 of its feed,
     * or the hand edit / seed that wrote it). Freshness is computed from it (ADR 014).
     */
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('store_offers_store_product_uq').on(t.storeId, t.productId),
    index('store_offers_product_active_price_idx').on(t.productId, t.isActive, t.price),
    index('store_offers_store_external_idx').on(t.storeId, t.externalId),
    // A store's active offers by confirmation time: a 304 confirms them all, a full feed
    // deactivates the ones it did not confirm, the freshness job finds the ones turning stale.
    index('store_offers_store_seen_idx')
      .on(t.storeId, t.lastSeenAt)
      .where(sql`${t.isActive}`),
    check('store_offers_price_ck', sql`${t.price} > 0`),
    check('store_offers_shipping_cost_ck', sql`${t.shippingCost} >= 0`),
  ],
);

export type StoreOfferRow = typeof storeOffers.$inferSelect;
export type NewStoreOfferRow = typeof storeOffers.$inferInsert;
