import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sqlRows } from '../lib/sql-rows';
import { deleteOldRows, type RetentionPassOptions } from './delete-old-rows';

/**
 * How far back the recorded activity is kept: the longest admin analytics period (the calendar
 * year, which reaches up to 366 days back on 31 December; `analyticsBounds`) and a month's
 * margin. Product views, SMS code sends and the other analytics events are deleted past it, and
 * the sessions' activity that the active-user figure reads is kept at least this long
 * (jobs/prune-refresh-sessions.ts).
 */
export const ANALYTICS_RETENTION_DAYS = 400;
const DAY_MS = 86_400_000;

/**
 * Deletes `analytics_events` recorded more than ANALYTICS_RETENTION_DAYS ago, of every type
 * (a row per product view is most of them); answers how many went. Nothing reads further back:
 * the admin analytics read their period (at most the calendar year), the SMS cap its last day.
 *
 * Type by type, through the index on (type, created_at) the analytics already use, so the table
 * needs no index of its own for this: the types are found by walking that index (one probe per
 * type), and each type's old rows go in batches, oldest first, each its own statement.
 * Idempotent and safe to run on several instances at once; called hourly by the server
 * (jobs/scheduler.ts) and directly by tests.
 */
export async function pruneAnalyticsEvents(
  db: Database,
  opts: RetentionPassOptions & { now?: Date } = {},
): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - ANALYTICS_RETENTION_DAYS * DAY_MS).toISOString();
  let deleted = 0;
  for (const type of await eventTypes(db)) {
    deleted += await deleteOldRows(
      db,
      'analytics_events',
      sql`type = ${type} and created_at < ${cutoff}::timestamptz`,
      sql`created_at`,
      opts,
    );
  }
  return deleted;
}

/** The distinct types, each the next one up the (type, created_at) index: a few probes, not a scan. */
async function eventTypes(db: Database): Promise<string[]> {
  const rows = sqlRows<{ type: string }>(
    await db.execute(sql`
      with recursive types(type) as (
        select min(type) from analytics_events
        union all
        select (select min(e.type) from analytics_events e where e.type > t.type) from types t where t.type is not null
      )
      select type from types where type is not null`),
  );
  return rows.map((r) => r.type);
}
