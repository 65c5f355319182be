import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { products } from './products';
import { users } from './users';

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'favorites_pk', columns: [t.userId, t.productId] }),
    // Price-drop fan-out: "who favorited this product?", answered from the index alone (the user
    // is a key too), without a visit to each favorite's row (ADR 017, migration 0023).
    index('favorites_product_user_idx').on(t.productId, t.userId),
  ],
);

export type FavoriteRow = typeof favorites.$inferSelect;
