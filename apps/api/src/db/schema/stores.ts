import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('stores_slug_uq'),
    logoUrl: text('logo_url'),
    website: text('website'),
    /** Shoppers' average store rating, 0.0–5.0; read as a number by drizzle. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    ratingCount: integer('rating_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('stores_rating_ck', sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`)],
);

export type StoreRow = typeof stores.$inferSelect;
export type NewStoreRow = typeof stores.$inferInsert;
