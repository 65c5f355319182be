import { bigint, pgTable, uuid } from 'drizzle-orm/pg-core';
import { products } from './products';

/**
 * Live page-view counters, one narrow row per viewed product. They are not kept on `products`:
 * an UPDATE of a products row rewrites the whole ~2.5 KB row, recomputes its generated search
 * vector and inserts into every one of its indexes (three GIN among them), because an indexed
 * column changes. At a million products one 5-second flush of 2,500 viewed products cost 1.2 s
 * of database time and 17 MB of WAL (benchmarks, ADR 005); here it is a small upsert.
 * A product's views are `products.view_count` (the imported or seeded baseline) + `views`.
 */
export const productViews = pgTable('product_views', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  views: bigint('views', { mode: 'number' }).notNull().default(0),
});

export type ProductViewsRow = typeof productViews.$inferSelect;
