import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { notificationType } from './enums';
import { users } from './users';

/**
 * Context of a notification. Prices are kuruş, like every stored amount; the presenter turns
 * them into TRY and resolves `productId` into the product's name and images.
 */
export interface NotificationData {
  productId?: string;
  storeId?: string;
  alertId?: string;
  oldPrice?: number;
  newPrice?: number;
  url?: string;
  [key: string]: unknown;
}

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull().default('system'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<NotificationData>(),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * Idempotency key of a notification written by a job (`price-alert:<alertId>:<armedAt>`):
     * inserted with ON CONFLICT DO NOTHING, so a replayed event or a second worker writes nothing.
     */
    dedupeKey: text('dedupe_key').unique('notifications_dedupe_key_uq'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // The header badge counts unread notifications on every page view.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
