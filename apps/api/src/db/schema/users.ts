import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, jsonbValue, updatedAt } from './columns';
import { subscriptionPlan, subscriptionStatus, userRole } from './enums';

/** The spec allows a free-text address or a structured one. */
export type UserAddress = string | { street?: string; city?: string; country?: string };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased (checked below), so the unique constraint is case-insensitive. */
    email: text('email').notNull().unique('users_email_uq'),
    /** Null for accounts created through Google or Facebook sign-in. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** When `phone` was confirmed with an SMS code; SMS notifications go only to a verified number. */
    phoneVerifiedAt: instant('phone_verified_at'),
    address: jsonbValue<UserAddress>('address'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    role: userRole('role').notNull().default('user'),
    isActive: boolean('is_active').notNull().default(true),
    emailVerified: boolean('email_verified').notNull().default(false),
    googleId: text('google_id').unique('users_google_id_uq'),
    facebookId: text('facebook_id').unique('users_facebook_id_uq'),
    subscriptionPlan: subscriptionPlan('subscription_plan').notNull().default('free'),
    subscriptionStatus: subscriptionStatus('subscription_status').notNull().default('active'),
    /** Kuruş paid for the current plan. */
    subscriptionPrice: integer('subscription_price').notNull().default(0),
    subscriptionStart: instant('subscription_start'),
    subscriptionEnd: instant('subscription_end'),
    nextRenewalDate: instant('next_renewal_date'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: instant('locked_until'),
    lastLoginAt: instant('last_login_at'),
    /** Soft deletion: the account is hidden at once and purged after `purge_after` (30 days). */
    deletedAt: instant('deleted_at'),
    purgeAfter: instant('purge_after'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_email_lower_ck', sql`${t.email} = lower(${t.email})`),
    check('users_subscription_price_ck', sql`${t.subscriptionPrice} >= 0`),
    index('users_created_at_idx').on(t.createdAt),
    // Admin subscription list and revenue stats only look at paying users.
    index('users_paid_plan_idx')
      .on(t.subscriptionPlan, t.subscriptionStatus)
      .where(sql`${t.subscriptionPlan} <> 'free'`),
    // "Is this account active?" from the index alone, for the price-change consumer's fan-out of
    // notifications to thousands of users at once (ADR 017, migration 0023).
    index('users_active_id_idx')
      .on(t.id)
      .where(sql`${t.isActive} and ${t.deletedAt} is null`),
    // The purge job scans only soft-deleted accounts.
    index('users_purge_after_idx')
      .on(t.purgeAfter)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
