import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sqlRows } from '../lib/sql-rows';

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
 * Deletes the rows of `table` (which has an `id` key) matching `where`, `batch` at a time in
 * `orderBy` order (oldest first, through an index that `where` matches), each batch its own
 * statement so no long transaction holds the table, as `deleteInBatches` (db/delete-in-batches.ts)
 * does, but at most `maxBatches` batches a pass and never past `shouldStop`; answers how many rows
 * went. For the hourly retention jobs (jobs/scheduler.ts).
 */
export async function deleteOldRows(
  db: Database,
  table: string,
  where: SQL,
  orderBy: SQL,
  opts: RetentionPassOptions = {},
): Promise<number> {
  const name = sql.identifier(table);
  const batch = opts.batch ?? RETENTION_BATCH;
  let deleted = 0;
  for (let n = 0; n < (opts.maxBatches ?? RETENTION_MAX_BATCHES) && !opts.shouldStop?.(); n++) {
    const rows = sqlRows<{ id: unknown }>(
      await db.execute(sql`
        delete from ${name}
         where id in (select id from ${name} where ${where} order by ${orderBy} limit ${batch})
        returning id`),
    );
    deleted += rows.length;
    if (rows.length < batch) break;
  }
  return deleted;
}
