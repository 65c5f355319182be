import { boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { availability } from './enums';
import { feedImports } from './feed-imports';

/**
 * Staging of one import's parsed items (ADR 015). A feed is applied only once it was read to the
 * end without a refusal, and a 100 MB feed must not be held in memory: the parser's items land
 * here in batches, then set-based statements match and apply them batch by batch. The rows of an
 * import are deleted when it finishes (and go with it when an import row is deleted).
 */
export const feedImportItems = pgTable(
  'feed_import_items',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => feedImports.id, { onDelete: 'cascade' }),
    /** The item's position in the feed, from 1 (items only; rejected entries are not staged). */
    seq: integer('seq').notNull(),
    /** The CSV or XML line, or the JSON item index, for the report. */
    line: integer('line'),
    sku: text('sku').notNull(),
    /** As the feed stated it: checked against products when matched. */
    productId: uuid('product_id'),
    gtin: text('gtin'),
    brand: text('brand'),
    model: text('model'),
    title: text('title'),
    /** Kuruş. */
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    availability: availability('availability').notNull(),
    /** Every item has one (the parser refuses items without); the column allows null since 0015. */
    url: text('url'),
    /** Null when the feed said nothing about shipping (the offer keeps what it had). */
    shippingFree: boolean('shipping_free'),
    shippingCost: integer('shipping_cost'),
    shippingDays: integer('shipping_days'),
    /** Set by the import's matching pass: the product this item is an offer of. */
    matchedProductId: uuid('matched_product_id'),
    /**
     * Set when the item was identical to the store's offer with its SKU as the import started
     * (offer-digest.ts): the item only confirms that offer, which the import neither locks nor
     * rewrites; null for every item the apply pass must compare and write.
     */
    offerId: uuid('offer_id'),
    /** For such an item: whether the offer's confirmation time is due (db/offer-freshness.ts). */
    confirmDue: boolean('confirm_due'),
    /** Set when the import rejects the item after parsing (duplicate SKU or product, price jump). */
    rejectCode: text('reject_code'),
  },
  (t) => [primaryKey({ name: 'feed_import_items_pk', columns: [t.importId, t.seq] })],
);

export type FeedImportItemRow = typeof feedImportItems.$inferSelect;
