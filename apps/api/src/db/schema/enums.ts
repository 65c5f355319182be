import { pgEnum } from 'drizzle-orm/pg-core';
import { AVAILABILITY_VALUES, PLAN_IDS, SUBSCRIPTION_STATUSES, USER_ROLES } from '@kiyasla/contracts/constants';

import { FEED_IMPORT_SOURCES, FEED_IMPORT_STATUSES } from '@kiyasla/contracts/admin-stores';
import { FEED_FORMATS, FEED_MODES } from '@kiyasla/contracts/feeds';
/**
 * Closed value sets as Postgres enums: the database rejects typos and drizzle infers the literal
 * unions. Adding a value later is a cheap `ALTER TYPE ... ADD VALUE` migration.
 */
export const userRole = pgEnum('user_role', USER_ROLES);
export const subscriptionPlan = pgEnum('subscription_plan', PLAN_IDS);
export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const availability = pgEnum('availability', AVAILABILITY_VALUES);

export const NOTIFICATION_TYPES = ['price_drop', 'price_alert', 'system', 'promotion'] as const;
export const notificationType = pgEnum('notification_type', NOTIFICATION_TYPES);

export const ALERT_TRIGGER_TYPES = ['below', 'above'] as const;
export const alertTriggerType = pgEnum('alert_trigger_type', ALERT_TRIGGER_TYPES);

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

export const OUTBOX_STATUSES = ['pending', 'processing', 'done', 'failed'] as const;
export const outboxStatus = pgEnum('outbox_status', OUTBOX_STATUSES);

export const feedImportSource = pgEnum('feed_import_source', FEED_IMPORT_SOURCES);
export const feedImportStatus = pgEnum('feed_import_status', FEED_IMPORT_STATUSES);
export const feedFormat = pgEnum('feed_format', FEED_FORMATS);
export const feedMode = pgEnum('feed_mode', FEED_MODES);
