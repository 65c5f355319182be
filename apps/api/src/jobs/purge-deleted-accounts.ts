import { and, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { reviews } from '../db/schema/reviews';
import { users } from '../db/schema/users';
import { sessionCache } from '../modules/auth/session-cache';

/** What a purged author's reviews show instead of their name. */
export const PURGED_AUTHOR_NAME = 'Silinmiş kullanıcı';
const BATCH = 100;

export interface PurgeResult {
  accounts: number;
}

/**
 * Erases accounts whose 30-day retention after deletion (DELETE /api/auth/account) has passed:
 * the user row goes, and with it — by ON DELETE CASCADE — favorites, alerts, notifications,
 * saved comparisons, settings, sessions, reset tokens and the avatar. What must outlive the
 * person is kept without them: payments (accounting) and analytics events lose the user id,
 * reviews lose the user id and the author name. Delivered e-mails older than the retention are
 * dropped from the outbox by pruneFinishedOutbox (they hold addresses).
 *
 * Idempotent and safe to run on several instances at once; called hourly by the server
 * (jobs/scheduler.ts) and directly by tests.
 */
export async function purgeDeletedAccounts(db: Database, now = new Date()): Promise<PurgeResult> {
  let accounts = 0;
  for (;;) {
    const due = await db
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.deletedAt), lte(users.purgeAfter, now)))
      .limit(BATCH);
    if (due.length === 0) break;
    const ids = due.map((u) => u.id);
    await db.transaction(async (tx) => {
      await tx.update(reviews).set({ authorName: PURGED_AUTHOR_NAME }).where(inArray(reviews.userId, ids));
      await tx.delete(users).where(and(inArray(users.id, ids), isNotNull(users.deletedAt)));
    });
    for (const id of ids) sessionCache.forgetUser(id);
    accounts += ids.length;
    if (due.length < BATCH) break;
  }
  return { accounts };
}
