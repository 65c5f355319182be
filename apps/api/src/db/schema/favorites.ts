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
    // Price-drop fan-out: "who favorited this product?".
    index('favorites_product_idx').on(t.productId),
  ],
);

export type FavoriteRow = typeof favorites.$inferSelect;
