import { desc, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { feedImports } from './feed-imports';
import { products } from './products';
import { stores } from './stores';
import { users } from './users';

/**
 * Feed items that matched no product, one row per store + SKU with the item's last fields,
 * waiting for an operator. Mapping one sets `resolved_product_id`: that row is the remembered
 * sku → product mapping the next import uses until the offer (with `external_id` = sku) exists.
 */
export const feedUnmatchedItems = pgTable(
  'feed_unmatched_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    gtin: text('gtin'),
    brand: text('brand'),
    model: text('model'),
    title: text('title'),
    /** Kuruş, as last received (null when the item's price was unusable). */
    price: integer('price'),
    url: text('url'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    timesSeen: integer('times_seen').notNull().default(1),
    lastImportId: uuid('last_import_id').references(() => feedImports.id, { onDelete: 'set null' }),
    resolvedProductId: uuid('resolved_product_id').references(() => products.id, { onDelete: 'set null' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: instant('resolved_at'),
  },
  (t) => [
    unique('feed_unmatched_items_store_sku_uq').on(t.storeId, t.sku),
    // The admin queue: unresolved first, most recently seen first.
    index('feed_unmatched_items_queue_idx').on(
      t.storeId,
      sql`(${t.resolvedProductId} is not null)`,
      desc(t.lastSeenAt),
    ),
    check('feed_unmatched_items_price_ck', sql`${t.price} is null or ${t.price} > 0`),
    check('feed_unmatched_items_times_seen_ck', sql`${t.timesSeen} >= 1`),
  ],
);

export type FeedUnmatchedItemRow = typeof feedUnmatchedItems.$inferSelect;
export type NewFeedUnmatchedItemRow = typeof feedUnmatchedItems.$inferInsert;
