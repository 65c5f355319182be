import { asc, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import {
  favorites,
  notifications,
  passwordResetTokens,
  payments,
  priceAlerts,
  products,
  reviews,
  savedComparisons,
  stores,
  users,
} from '../../db/schema/index';
import { sessionCache } from './session-cache';

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
 * Soft deletion: the account disappears at once (sign-in, lookups and sessions all ignore it)
 * and its personal data stays only until `purgeAfter`. The e-mail and social ids are released
 * immediately so the person can register again; alerts stop firing and renewals stop.
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
  await tx.update(priceAlerts).set({ isActive: false }).where(eq(priceAlerts.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}
