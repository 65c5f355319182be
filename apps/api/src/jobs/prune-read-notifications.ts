import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteOldRows, type RetentionPassOptions } from './delete-old-rows';

/** Read notifications are kept this long after they were written (issue 13). */
export const READ_NOTIFICATION_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * Deletes read notifications written more than READ_NOTIFICATION_RETENTION_DAYS ago; unread ones
 * stay. Answers how many went. Oldest first, in batches through the partial index of read
 * notifications by age (migration 0033), each batch its own statement: after a broadcast to every
 * member has been read, its rows go a batch at a time instead of in one transaction that scans
 * the table and sends every id back. Their channel deliveries go with them (ON DELETE CASCADE).
 *
 * Idempotent and safe to run on several instances at once; called hourly by the server
 * (jobs/scheduler.ts) and directly by tests.
 */
export async function pruneReadNotifications(
  db: Database,
  opts: RetentionPassOptions & { now?: Date } = {},
): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - READ_NOTIFICATION_RETENTION_DAYS * DAY_MS);
  return deleteOldRows(
    db,
    'notifications',
    sql`is_read and created_at < ${cutoff.toISOString()}::timestamptz`,
    sql`created_at`,
    opts,
  );
}
