import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { products } from './products';
import { users } from './users';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** e.g. 'product_view', 'store_click', 'api_error'. */
    type: text('type').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_type_created_idx').on(t.type, t.createdAt),
    index('analytics_events_product_idx').on(t.productId),
    // Needed so deleting a user does not scan the whole event log.
    index('analytics_events_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);
