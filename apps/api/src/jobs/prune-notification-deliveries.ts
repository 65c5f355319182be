import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteOldRows, type RetentionPassOptions } from './delete-old-rows';
import { READ_NOTIFICATION_RETENTION_DAYS } from './prune-read-notifications';

/**
 * A finished delivery's record (status, attempts, sent_at) is kept this long after it was written:
 * as long as a read notification is. Unread notifications are kept, their deliveries are not.
 */
export const DELIVERY_RETENTION_DAYS = READ_NOTIFICATION_RETENTION_DAYS;
const DAY_MS = 86_400_000;

/**
 * Deletes `notification_deliveries` rows that finished (`sent`, `failed`, `skipped`) and were
 * written more than DELIVERY_RETENTION_DAYS ago; answers how many went. Pending and claimed rows
 * stay, whatever their age.
 *
 * Exactly-once (ADR 017) does not need them any more. A finished row is never claimed again (a
 * claim takes `pending` rows, and `processing` ones whose lease ran out), so it guards nothing
 * against a second send of itself. Its unique key `(notification_id, channel)` would refuse a
 * second copy of the notification on that channel, but no writer can make one: deliveries are
 * written only for notifications inserted in the same transaction (the admin's system
 * notifications) or taken off `notification_delivery_queue` in it, and a queue row is inserted
 * only by the statement that inserts its notification; so once a notification's deliveries are
 * written, nothing writes them again. The delete still leaves any row whose notification is
 * queued (it cannot have one; the check costs a primary-key probe).
 *
 * Read notifications take their deliveries with them when pruned (ON DELETE CASCADE); this is
 * what bounds the deliveries of unread ones, which are kept. In batches, oldest first,
 * through the partial index of finished rows by age (migration 0033), each its own statement.
 * Idempotent and safe to run on several instances at once; called hourly by the server
 * (jobs/scheduler.ts) and directly by tests.
 */
export async function pruneFinishedDeliveries(
  db: Database,
  opts: RetentionPassOptions & { now?: Date } = {},
): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - DELIVERY_RETENTION_DAYS * DAY_MS).toISOString();
  return deleteOldRows(
    db,
    'notification_deliveries',
    sql`status in ('sent', 'failed', 'skipped') and created_at < ${cutoff}::timestamptz
        and not exists (select 1 from notification_delivery_queue q
                         where q.notification_id = notification_deliveries.notification_id)`,
    sql`created_at`,
    opts,
  );
}
