import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  favorites,
  notifications,
  passwordResetTokens,
  payments,
  priceAlerts,
  products,
  refreshSessions,
  reviews,
  savedComparisons,
  stores,
  users,
} from '../../db/schema/index';
import { sqlRows } from '../../lib/sql-rows';
import { sessionCache } from '../auth/session-cache';
import { closeOrdersOfDeletedAccount } from '../payments/payments.repo';

/*
 * The account's own rows across features, for the KVKK export and for deletion. These reads and
 * writes are keyed by the account id only and are the account's business (right of access,
 * right to erasure), which is why they live here rather than behind every feature's service.
 */

type Db = Database | Transaction;

export function listFavorites(db: Db, userId: string) {
  return db
    .select({ productId: favorites.productId, productName: products.name, createdAt: favorites.createdAt })
    .from(favorites)
    .leftJoin(products, eq(products.id, favorites.productId))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt));
}

export function listPriceAlerts(db: Db, userId: string) {
  return db
    .select({ alert: priceAlerts, productName: products.name, storeName: stores.name })
    .from(priceAlerts)
    .leftJoin(products, eq(products.id, priceAlerts.productId))
    .leftJoin(stores, eq(stores.id, priceAlerts.storeId))
    .where(eq(priceAlerts.userId, userId))
    .orderBy(desc(priceAlerts.createdAt));
}

export function listSavedComparisons(db: Db, userId: string) {
  return db
    .select()
    .from(savedComparisons)
    .where(eq(savedComparisons.userId, userId))
    .orderBy(desc(savedComparisons.createdAt));
}

export function listNotifications(db: Db, userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt));
}

export function listReviews(db: Db, userId: string) {
  return db
    .select({ review: reviews, productName: products.name })
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt));
}

export function listPayments(db: Db, userId: string) {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
}

/**
 * The account's sessions for the export, newest first: one row each, the session's newest token
 * (live, or the one it ended with). Rotated tokens' rows, one per refresh, are left in the table.
 */
export function listSessions(db: Db, userId: string) {
  return db
    .select({
      createdAt: refreshSessions.createdAt,
      lastUsedAt: refreshSessions.lastUsedAt,
      expiresAt: refreshSessions.expiresAt,
      revokedAt: refreshSessions.revokedAt,
      userAgent: refreshSessions.userAgent,
      ip: refreshSessions.ip,
    })
    .from(refreshSessions)
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.replacedById)))
    .orderBy(desc(refreshSessions.createdAt));
}

/**
 * Soft deletion: the account disappears at once (sign-in, lookups and sessions all ignore it)
 * and its personal data stays only until `purgeAfter`. The e-mail and social ids are released
 * immediately so the person can register again; alerts stop firing and renewals stop: the open
 * purchase orders and renewal orders close with it (a payment still made for one is refunded,
 * ADR 018), except a renewal being charged right now, whose outcome its charge records.
 */
export async function softDeleteUser(tx: Transaction, userId: string, now: Date, purgeAfter: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      email: `deleted+${userId}@deleted.invalid`,
      passwordHash: null,
      googleId: null,
      facebookId: null,
      isActive: false,
      autoRenew: false,
      deletedAt: now,
      purgeAfter,
    })
    .where(eq(users.id, userId));
  sessionCache.forgetUser(userId);
  await closeOrdersOfDeletedAccount(tx, userId, now);
  await tx.update(priceAlerts).set({ isActive: false }).where(eq(priceAlerts.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

// ---------------------------------------------------------------------------------------------
// Read models of the profile tabs (GET /auth/overview, /auth/sessions, /auth/payments)
// ---------------------------------------------------------------------------------------------

/** Live, unexpired sessions of the account (one row per signed-in device: rotated rows are revoked), newest first. */
export function listLiveSessions(db: Db, userId: string, now: Date, limit: number) {
  return db
    .select()
    .from(refreshSessions)
    .where(
      and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt), gt(refreshSessions.expiresAt, now)),
    )
    .orderBy(desc(refreshSessions.createdAt))
    .limit(limit);
}

export function listPaymentsNewestFirst(db: Db, userId: string) {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt));
}

/**
 * How many favorites, price alerts, saved comparisons and reviews the account has, and the kuruş
 * it saved through triggered alerts: per alert, what the price fell by from when the alert was
 * set to when it fired (never negative).
 */
export async function countAccountRows(db: Db, userId: string) {
  const [row] = sqlRows<Record<'favorites' | 'priceAlerts' | 'savedComparisons' | 'reviews' | 'savedKurus', number>>(
    await db.execute(sql`
      select
        (select count(*)::int from ${favorites} where ${favorites.userId} = ${userId}) as "favorites",
        (select count(*)::int from ${priceAlerts} where ${priceAlerts.userId} = ${userId}) as "priceAlerts",
        (select count(*)::int from ${savedComparisons} where ${savedComparisons.userId} = ${userId}) as "savedComparisons",
        (select count(*)::int from ${reviews} where ${reviews.userId} = ${userId}) as "reviews",
        (select coalesce(sum(greatest(0, ${priceAlerts.priceAtCreation} - ${priceAlerts.triggeredPrice})), 0)::bigint
           from ${priceAlerts}
           where ${priceAlerts.userId} = ${userId} and ${priceAlerts.triggered}) as "savedKurus"
    `),
  );
  return {
    favorites: Number(row?.favorites ?? 0),
    priceAlerts: Number(row?.priceAlerts ?? 0),
    savedComparisons: Number(row?.savedComparisons ?? 0),
    reviews: Number(row?.reviews ?? 0),
    savedKurus: Number(row?.savedKurus ?? 0),
  };
}

/** The newest `limit` events of each kind the Aktivite tab lists; the service merges them. */
export async function recentActivity(db: Db, userId: string, limit: number) {
  const [favoriteRows, alertRows, triggeredRows, comparisonRows, reviewRows, paymentRows] = await Promise.all([
    db
      .select({ productId: favorites.productId, productName: products.name, date: favorites.createdAt })
      .from(favorites)
      .leftJoin(products, eq(products.id, favorites.productId))
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt))
      .limit(limit),
    db
      .select({
        id: priceAlerts.id,
        productId: priceAlerts.productId,
        productName: products.name,
        targetPrice: priceAlerts.targetPrice,
        date: priceAlerts.createdAt,
      })
      .from(priceAlerts)
      .leftJoin(products, eq(products.id, priceAlerts.productId))
      .where(eq(priceAlerts.userId, userId))
      .orderBy(desc(priceAlerts.createdAt))
      .limit(limit),
    db
      .select({
        id: priceAlerts.id,
        productId: priceAlerts.productId,
        productName: products.name,
        price: priceAlerts.triggeredPrice,
        date: priceAlerts.triggeredAt,
      })
      .from(priceAlerts)
      .leftJoin(products, eq(products.id, priceAlerts.productId))
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.triggered, true), isNotNull(priceAlerts.triggeredAt)))
      .orderBy(desc(priceAlerts.triggeredAt))
      .limit(limit),
    db
      .select({
        id: savedComparisons.id,
        name: savedComparisons.name,
        productCount: sql<number>`cardinality(${savedComparisons.productIds})`.mapWith(Number),
        date: savedComparisons.createdAt,
      })
      .from(savedComparisons)
      .where(eq(savedComparisons.userId, userId))
      .orderBy(desc(savedComparisons.createdAt))
      .limit(limit),
    db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        productName: products.name,
        rating: reviews.rating,
        date: reviews.createdAt,
      })
      .from(reviews)
      .leftJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt))
      .limit(limit),
    db
      .select({ id: payments.id, plan: payments.plan, amount: payments.amount, date: payments.createdAt })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt))
      .limit(limit),
  ]);
  return { favoriteRows, alertRows, triggeredRows, comparisonRows, reviewRows, paymentRows };
}
