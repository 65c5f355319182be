import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { notificationType } from './enums';

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
    /**
     * The user's id. Not a foreign key: its per-row check locked the user's row for every
     * notification, a fifth of the cost of the price-change consumer's fan-out. Migration 0023
     * keeps the same guarantees with statement-level triggers instead (ADR 017): an insert naming
     * a user that does not exist fails (23503), and deleting users deletes their notifications.
     */
    userId: uuid('user_id').notNull(),
    type: notificationType('type').notNull().default('system'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<NotificationData>(),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * Idempotency key of a notification written by a job (`price-alert:<alertId>:<armedAt>`):
     * inserted with ON CONFLICT DO NOTHING, so a replayed event or a second worker writes nothing.
     * Unique through its 16-byte digest (`notifications_dedupe_digest_uq`), not the ~90-byte text:
     * an insert names it with `${onDedupeConflict} do nothing` (or drizzle's `onConflictDoNothing()`).
     */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    // The list (newest first) and the header badge's unread count (`not is_read`, read from the
    // index) of one user: one index for both, so a notification written updates two indexes
    // besides the primary key instead of three (migration 0021).
    index('notifications_user_created_read_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.isRead),
    uniqueIndex('notifications_dedupe_digest_uq').on(sql`(md5(${t.dedupeKey})::uuid)`),
    // The hourly prune of read notifications by age (migration 0033). Partial: a notification is
    // written unread, so the consumer's fan-out never writes to it; marking read does.
    index('notifications_read_created_idx')
      .on(t.createdAt)
      .where(sql`${t.isRead}`),
  ],
);

/**
 * The conflict clause of an insert keyed by `dedupe_key`: the unique index is on the key's md5
 * digest as a uuid (16 bytes, fixed width; 0021), so ON CONFLICT infers it from that expression.
 */
export const onDedupeConflict = sql.raw('on conflict ((md5(dedupe_key)::uuid))');

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotificationRow = typeof notifications.$inferInsert;
