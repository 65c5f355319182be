import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { notifications } from './notifications';
import { users } from './users';

export const DELIVERY_CHANNELS = ['email', 'push', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const deliveryChannel = pgEnum('delivery_channel', DELIVERY_CHANNELS);

/**
 * pending → processing (claimed, leased) → sent | failed (given up) | skipped (nothing to send
 * to: no address, no push subscription, no verified phone).
 */
export const DELIVERY_STATUSES = ['pending', 'processing', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const deliveryStatus = pgEnum('delivery_status', DELIVERY_STATUSES);

/**
 * One outgoing copy of a notification on one channel (e-mail, Web Push, SMS), written in the
 * transaction that writes the notification, or, for a notification queued in
 * `notification_delivery_queue`, by the deliveries worker in the transaction that takes it off
 * the queue. `(notification_id, channel)` is unique, so a
 * replayed event or a second worker never schedules a second copy; the deliveries worker claims
 * due rows with FOR UPDATE SKIP LOCKED. `next_attempt_at` is the end of the user's quiet hours
 * when the notification arrived within them, then the backoff of a failed attempt.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: deliveryChannel('channel').notNull(),
    status: deliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    sentAt: instant('sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('notification_deliveries_notification_channel_uq').on(t.notificationId, t.channel),
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index('notification_deliveries_user_idx').on(t.userId),
    // The hourly retention of finished rows by age (jobs/prune-notification-deliveries.ts, 0033).
    index('notification_deliveries_finished_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('sent', 'failed', 'skipped')`),
  ],
);

/**
 * Notifications whose channel deliveries are still to be written (ADR 017): the price-change
 * consumer queues the notifications it writes here, one narrow row each in its transaction,
 * instead of writing a delivery row per channel; the deliveries worker takes them off with FOR
 * UPDATE SKIP LOCKED and writes their `notification_deliveries` in the same transaction, by the
 * user's settings at that moment. No foreign key (a check per row on the hot path): a row whose
 * notification is gone is simply dropped.
 */
export const notificationDeliveryQueue = pgTable('notification_delivery_queue', {
  notificationId: uuid('notification_id').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A browser's Web Push subscription (PushSubscription.toJSON()): where and how to encrypt. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service URL; one browser profile has one, so it belongs to one user at a time. */
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_uq'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: instant('last_success_at'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** A pending SMS verification of a phone number: the code is stored hashed and expires. */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
