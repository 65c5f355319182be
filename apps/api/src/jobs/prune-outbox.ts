import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteInBatches } from '../db/delete-in-batches';

/** Finished outbox work is kept this long, then deleted. */
export const OUTBOX_RETENTION_DAYS = 30;
const BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Deletes outbox rows finished (`done`) more than OUTBOX_RETENTION_DAYS ago, of every kind:
 * delivered e-mails (they hold addresses) and the feed importer's processed `price.changed`
 * events (one per import batch, each listing up to a batch of product changes: with feeds pulled
 * every hour they are most of the table's growth). Pending, claimed and failed rows stay.
 *
 * The unique keys of the deleted rows are free again, which is safe because no writer repeats a
 * key that late: an event's key names its import, a weekly summary's its ISO week (its passes end
 * with that week), a receipt's its order and a renewal notice's its date.
 *
 * In batches of BATCH rows, each its own statement, so no long transaction holds the table.
 * Idempotent and safe to run on several instances at once; called hourly by the server
 * (jobs/scheduler.ts) and directly by tests.
 */
export async function pruneFinishedOutbox(db: Database, opts: { now?: Date; batch?: number } = {}): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - OUTBOX_RETENTION_DAYS * DAY_MS).toISOString();
  return deleteInBatches(
    db,
    'outbox',
    sql`status = 'done' and processed_at < ${cutoff}::timestamptz`,
    sql`id`,
    opts.batch ?? BATCH,
  );
}
