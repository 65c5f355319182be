import { sql, type SQL } from 'drizzle-orm';
import { sqlRows } from '../lib/sql-rows';
import type { Database } from './client';

/** Where a run of batches stops early (by default it goes on until no row matches). */
export interface BatchLimits {
  /** Batches in this run at most. */
  maxBatches?: number;
  /** Asked before every batch: true ends the run after the statement it is in. */
  shouldStop?: () => boolean;
}

/**
 * Deletes the rows of `table` (which has an `id` key) matching `where`, at most `batch` at a time
 * in `orderBy` order, each batch its own statement so no long transaction holds the table; answers
 * how many rows went. For the retention jobs (jobs/scheduler.ts).
 */
export async function deleteInBatches(
  db: Database,
  table: string,
  where: SQL,
  orderBy: SQL,
  batch: number,
  limits: BatchLimits = {},
): Promise<number> {
  const name = sql.identifier(table);
  let deleted = 0;
  for (let n = 0; n < (limits.maxBatches ?? Infinity) && !limits.shouldStop?.(); n++) {
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
