import {
  ACCOUNT_PURGE_DAYS,
  type AccountSession,
  type DeleteAccountRequest,
  type PaymentRecord,
} from '@kiyasla/contracts/account';
import { type AccountExport } from '@kiyasla/contracts/account-export';
import { kurusToTry } from '@kiyasla/contracts/money';
import { messages } from '@kiyasla/contracts/messages';
import type { Database, Transaction } from '../../db/client';
import type { PaymentRow } from '../../db/schema/payments';
import { badRequest } from '../../lib/errors';
import { checkCurrentPassword } from '../auth/auth.service';
import { sessionCache } from '../auth/session-cache';
import type { AuthUser } from '../auth/session-verifier';
import { endAllSessions } from '../auth/sessions.service';
import { presentUser } from '../auth/user.presenter';
import {
  listFavorites,
  listLiveSessions,
  listNotifications,
  listPayments as listPaymentsOldestFirst,
  listPaymentsNewestFirst,
  listPriceAlerts,
  listReviews,
  listSavedComparisons,
  listSessions,
  softDeleteUser,
} from './account.repo';
import type { SettingsService } from '../settings/settings.service';
import { getNotificationSettings, getPrivacySettings } from './profile.service';
import { normalizeEmail } from '@kiyasla/contracts/user';

const DAY_MS = 86_400_000;

/**
 * DELETE /auth/account: confirmed with the password (or, for an account without one, by typing
 * its e-mail again). Every session ends at once; the purge job erases the data after
 * ACCOUNT_PURGE_DAYS (jobs/purge-deleted-accounts.ts).
 */
export async function deleteAccount(
  deps: { db: Database; settings: SettingsService },
  caller: AuthUser,
  input: DeleteAccountRequest,
): Promise<void> {
  const { db } = deps;
  const user = caller.row;
  // A typed e-mail that names another account contradicts the request: refused, even when the
  // password alone would confirm it, rather than silently ignored. A blank one counts as absent.
  const typedEmail = input.confirmEmail?.trim() ? normalizeEmail(input.confirmEmail) : undefined;
  if (typedEmail !== undefined && typedEmail !== user.email) {
    const message = messages.auth.confirmEmailMismatch;
    throw badRequest('CONFIRM_EMAIL_MISMATCH', message, [{ path: 'body.confirmEmail', message }]);
  }
  // A wrong password counts toward the sign-in lock (checkCurrentPassword).
  const confirmed = user.passwordHash
    ? Boolean(input.password) && (await checkCurrentPassword(deps, user, input.password ?? ''))
    : typedEmail !== undefined;
  if (!confirmed) {
    const field = user.passwordHash ? 'password' : 'confirmEmail';
    const message =
      user.passwordHash && input.password ? messages.auth.wrongPassword : messages.auth.confirmationRequired;
    throw badRequest(user.passwordHash && input.password ? 'WRONG_PASSWORD' : 'VALIDATION_ERROR', message, [
      { path: `body.${field}`, message },
    ]);
  }
  const now = new Date();
  await db.transaction((tx) => closeAccount(tx, user.id, now));
  sessionCache.forgetUser(user.id);
}

/**
 * Closes an account inside the caller's transaction: soft deletion (purged after
 * ACCOUNT_PURGE_DAYS) and every session ended. The owner's own deletion and an admin's share it;
 * the caller tells the session cache again after the commit (`sessionCache.forgetUser`).
 */
export async function closeAccount(tx: Transaction, userId: string, now: Date): Promise<void> {
  await softDeleteUser(tx, userId, now, new Date(now.getTime() + ACCOUNT_PURGE_DAYS * DAY_MS));
  await endAllSessions(tx, userId, 'account-deleted', now);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentPayment(p: PaymentRow): PaymentRecord {
  return {
    _id: p.id,
    provider: p.provider,
    plan: p.plan,
    amount: kurusToTry(p.amount),
    currency: p.currency,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
  };
}

/** GET /auth/export: everything stored about the caller (KVKK art. 11 right of access). */
export async function exportAccount(db: Database, caller: AuthUser, now = new Date()): Promise<AccountExport> {
  const userId = caller.id;
  const [
    notificationSettings,
    privacySettings,
    favorites,
    alerts,
    comparisons,
    notifications,
    reviews,
    payments,
    sessions,
  ] = await Promise.all([
    getNotificationSettings(db, userId),
    getPrivacySettings(db, userId),
    listFavorites(db, userId),
    listPriceAlerts(db, userId),
    listSavedComparisons(db, userId),
    listNotifications(db, userId),
    listReviews(db, userId),
    listPaymentsOldestFirst(db, userId),
    listSessions(db, userId),
  ]);
  return {
    format: 'kiyasla-account-export/v1',
    generatedAt: now.toISOString(),
    profile: presentUser(caller.row, now),
    notificationSettings,
    privacySettings,
    favorites: favorites.map((f) => ({
      product: { _id: f.productId, name: f.productName },
      createdAt: f.createdAt.toISOString(),
    })),
    priceAlerts: alerts.map(({ alert, productName, storeName }) => ({
      _id: alert.id,
      product: { _id: alert.productId, name: productName },
      store: storeName,
      targetPrice: kurusToTry(alert.targetPrice),
      triggerType: alert.triggerType,
      isActive: alert.isActive,
      triggered: alert.triggered,
      triggeredAt: iso(alert.triggeredAt),
      triggeredPrice: alert.triggeredPrice === null ? null : kurusToTry(alert.triggeredPrice),
      createdAt: alert.createdAt.toISOString(),
    })),
    savedComparisons: comparisons.map((c) => ({
      _id: c.id,
      name: c.name,
      description: c.description,
      productIds: c.productIds,
      isPublic: c.isPublic,
      tags: c.tags,
      createdAt: c.createdAt.toISOString(),
    })),
    notifications: notifications.map((n) => ({
      _id: n.id,
      type: n.type,
      title: n.title,
      message: n.message,
      isRead: n.isRead,
      createdAt: n.createdAt.toISOString(),
    })),
    reviews: reviews.map(({ review, productName }) => ({
      _id: review.id,
      product: { _id: review.productId, name: productName },
      rating: review.rating,
      title: review.title,
      comment: review.comment,
      createdAt: review.createdAt.toISOString(),
    })),
    payments: payments.map(presentPayment),
    // Where the account was used from: part of "all data about me"; token hashes are never included.
    sessions: sessions.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: iso(s.lastUsedAt),
      expiresAt: s.expiresAt.toISOString(),
      active: s.revokedAt === null && s.expiresAt.getTime() > now.getTime(),
      userAgent: s.userAgent,
      ip: s.ip,
    })),
  };
}

/** At most this many devices are listed; older sessions are still live, only not shown. */
const ACTIVE_SESSIONS_SHOWN = 100;

/** GET /auth/sessions: the account's live sessions (signed-in devices), newest first. */
export async function listActiveSessions(db: Database, caller: AuthUser, now = new Date()): Promise<AccountSession[]> {
  const rows = await listLiveSessions(db, caller.id, now, ACTIVE_SESSIONS_SHOWN);
  return rows.map((s) => ({
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: iso(s.lastUsedAt),
    expiresAt: s.expiresAt.toISOString(),
    userAgent: s.userAgent,
    ip: s.ip,
    current: s.familyId === caller.sessionId,
  }));
}

/** GET /auth/payments: the account's payments, newest first, in TRY. */
export async function listPayments(db: Database, userId: string): Promise<PaymentRecord[]> {
  return (await listPaymentsNewestFirst(db, userId)).map(presentPayment);
}
