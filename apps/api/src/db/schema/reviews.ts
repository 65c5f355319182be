import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { products } from './products';
import { users } from './users';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for imported reviews and after the author's account is purged. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    comment: text('comment'),
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** New reviews wait for a moderator; the admin dashboard counts the pending ones. */
    isApproved: boolean('is_approved').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_ck', sql`${t.rating} between 1 and 5`),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    // One review per user and product.
    uniqueIndex('reviews_product_user_uq')
      .on(t.productId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('reviews_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('reviews_pending_idx')
      .on(t.createdAt)
      .where(sql`not ${t.isApproved}`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;
