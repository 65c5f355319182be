import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

export const savedComparisons = pgTable(
  'saved_comparisons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /**
     * Ordered product ids as the user arranged them. An array rather than a join table: the list
     * is tiny (≤ 10), always read whole, and a deleted product is simply skipped on read.
     */
    productIds: uuid('product_ids').array().notNull(),
    isPublic: boolean('is_public').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_comparisons_user_idx').on(t.userId, t.createdAt),
    index('saved_comparisons_public_idx')
      .on(t.createdAt.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
  ],
);

export type SavedComparisonRow = typeof savedComparisons.$inferSelect;
