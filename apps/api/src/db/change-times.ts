import { sql } from 'drizzle-orm';
import { sqlRows } from '../lib/sql-rows';
import type { Database } from './client';

/*
 * The change times of product_prices (migration 0027, ADR 010 amendment of 2026-12-03, "Rereads by
 * change time"): `figures_changed_at` (a figure the listing index reads) and `words_changed_at`
 * (what the word index holds), set by triggers in the writing transaction, at its start (now()).
 * The in-memory indexes read from them what changed since their last read, the bound on a lost
 * announcement, instead of the whole catalog again.
 */

/**
 * The moment (microseconds since the epoch) from which every change a read starting after it
 * cannot see will be stamped: the start of the oldest transaction open in the database, or now.
 * A writer may commit after a read that could not see its change; the change carries the
 * writer's start, which is not before this moment taken before the read. pg_stat_activity shows
 * the transactions of the same role (all of them with pg_read_all_stats): the app's writers.
 */
export async function readChangesSince(db: Database): Promise<number> {
  const [row] = sqlRows<{ since_us: number | string }>(
    await db.execute(sql`
      select (extract(epoch from least(now(), (
               select min(xact_start) from pg_stat_activity
                where datname = current_database() and backend_type = 'client backend'))) * 1000000)::float8
             as since_us`),
  );
  return Number(row!.since_us);
}

/** A moment of readChangesSince in SQL (exact to the microsecond). */
export const changedSince = (us: number) => sql`timestamptz 'epoch' + interval '1 microsecond' * ${us}::float8`;

/**
 * Whether any product's words, ratings count or active flag changed from this moment on. A scan
 * of the narrow prices table: an index on the stamp would make every price change update it.
 */
export async function wordsChangedSince(db: Database, us: number): Promise<boolean> {
  const [row] = sqlRows<{ changed: boolean }>(
    await db.execute(
      sql`select exists (select 1 from product_prices where words_changed_at >= ${changedSince(us)}) as changed`,
    ),
  );
  return Boolean(row!.changed);
}
