import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteInBatches } from '../db/delete-in-batches';

/** Rows a batch deletes: a short statement, whatever the table. */
export const RETENTION_BATCH = 5_000;
/**
 * Batches one job runs in one hourly pass (a million rows): a backlog (the first pass over years
 * of rows) is worked off an hour's share at a time, so the jobs after it in the pass (the purge of
 * deleted accounts among them) still run every hour. Far above what a table gains in an hour.
 */
export const RETENTION_MAX_BATCHES = 200;

export interface RetentionPassOptions {
  /** Rows per batch (RETENTION_BATCH). */
  batch?: number;
  /** Batches in this pass (RETENTION_MAX_BATCHES); the next pass goes on. */
  maxBatches?: number;
  /** Asked before every batch: the server is closing, the pass ends after the statement it is in. */
  shouldStop?: () => boolean;
}

/**
 * `deleteInBatches` (db/delete-in-batches.ts) with the hourly pass's bounds: `batch` rows a
 * statement (oldest first, through an index that `where` matches), at most `maxBatches` batches a
 * pass and never past `shouldStop`; answers how many rows went. For the retention jobs
 * (jobs/scheduler.ts).
 */
export function deleteOldRows(
  db: Database,
  table: string,
  where: SQL,
  orderBy: SQL,
  opts: RetentionPassOptions = {},
): Promise<number> {
  return deleteInBatches(db, table, where, orderBy, opts.batch ?? RETENTION_BATCH, {
    maxBatches: opts.maxBatches ?? RETENTION_MAX_BATCHES,
    ...(opts.shouldStop ? { shouldStop: opts.shouldStop } : {}),
  });
}
