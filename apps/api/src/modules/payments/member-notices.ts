import type { Transaction } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { announceCountsChanged } from '../notifications/live/live-counts';

/**
 * A `system` notification about the member's plan or payments, linked to the profile's Premium
 * tab: written once per `dedupeKey` (a retried or raced pass tells no one twice), inside the
 * transaction that made the change, so the member hears of it exactly when it is committed.
 */
export async function notifyMember(
  tx: Transaction,
  userId: string,
  dedupeKey: string,
  n: { title: string; message: string },
): Promise<void> {
  const inserted = await tx
    .insert(notifications)
    .values({ userId, type: 'system', ...n, data: { url: '/profile?tab=premium' }, dedupeKey })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (inserted.length) await announceCountsChanged(tx, [userId]);
}
