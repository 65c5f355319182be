import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';

/**
 * The pull lease on the store row (ADR 014). The holder renews it while it works (see
 * pullStoreFeed), so the TTL only bounds how long a crashed instance keeps a store.
 */
export const FEED_LEASE_TTL_MS = 10 * 60_000;

/** A due store this instance now holds the lease of, with what its pull needs. */
export interface ClaimedStore {
  storeId: string;
  feedUrl: string;
  etag: string | null;
  lastModified: string | null;
  intervalMinutes: number;
  /** `feed_next_pull_at` as claimed (exact text): see ReleaseOptions.claimedDueAt. */
  dueAt: string;
}

const seconds = (ms: number) => ms / 1000;

/**
 * Claims the store whose pull is the most overdue, if any, with ADR 014's single statement:
 * instances running it at the same time skip each other's locked rows and never get the same
 * store; an expired lease (a crashed holder) is claimable again. `now` stands in for the
 * database clock (tests).
 */
export async function claimDueStore(db: Database, holder: string, now?: Date): Promise<ClaimedStore | null> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const [row] = sqlRows<{
    id: string;
    feed_url: string;
    feed_etag: string | null;
    feed_last_modified: string | null;
    feed_interval_minutes: number;
    due_at: string;
  }>(
    await db.execute(sql`
      update stores
         set feed_lease_until = ${at} + make_interval(secs => ${seconds(FEED_LEASE_TTL_MS)}), feed_leased_by = ${holder}
       where id = (select id from stores
                    where feed_url is not null and feed_interval_minutes is not null and is_active
                      and feed_next_pull_at <= ${at}
                      and (feed_lease_until is null or feed_lease_until < ${at})
                    order by feed_next_pull_at
                    for update skip locked limit 1)
      returning id, feed_url, feed_etag, feed_last_modified, feed_interval_minutes, feed_next_pull_at::text as due_at`),
  );
  if (!row) return null;
  return {
    storeId: row.id,
    feedUrl: row.feed_url,
    etag: row.feed_etag,
    lastModified: row.feed_last_modified,
    intervalMinutes: Number(row.feed_interval_minutes),
    dueAt: row.due_at,
  };
}

/**
 * Takes one store's lease for an upload or a CLI import (or extends the holder's own). False
 * when another holder's lease has not run out: a scheduled pull or another import is running.
 */
export async function acquireStoreLease(
  db: Database,
  storeId: string,
  holder: string,
  ttlMs: number = FEED_LEASE_TTL_MS,
): Promise<boolean> {
  const rows = sqlRows<{ id: string }>(
    await db.execute(sql`
      update stores
         set feed_lease_until = now() + make_interval(secs => ${seconds(ttlMs)}), feed_leased_by = ${holder}
       where id = ${storeId}::uuid
         and (feed_lease_until is null or feed_lease_until < now() or feed_leased_by = ${holder})
      returning id`),
  );
  return rows.length > 0;
}

/** Extends a lease the holder still has; false when it lost it (it ran out and was taken). */
export async function renewStoreLease(
  db: Database,
  storeId: string,
  holder: string,
  ttlMs: number = FEED_LEASE_TTL_MS,
): Promise<boolean> {
  const rows = sqlRows<{ id: string }>(
    await db.execute(sql`
      update stores set feed_lease_until = now() + make_interval(secs => ${seconds(ttlMs)})
       where id = ${storeId}::uuid and feed_leased_by = ${holder}
      returning id`),
  );
  return rows.length > 0;
}

export interface ReleaseOptions {
  /**
   * When the scheduler pulls next: a time, or `after-interval` (the database's now plus the
   * store's interval; null if the feed was unscheduled meanwhile). Unset: unchanged.
   */
  nextPullAt?: Date | 'after-interval';
  /**
   * With `after-interval`: the due time the claim saw. A feed rescheduled meanwhile (the admin
   * API makes a changed URL or interval due at once, or unschedules it) keeps its new time.
   */
  claimedDueAt?: string;
}

/** Gives the lease back; nothing happens when the holder no longer has it. */
export async function releaseStoreLease(
  db: Database,
  storeId: string,
  holder: string,
  options: ReleaseOptions = {},
): Promise<boolean> {
  const afterInterval = sql`now() + make_interval(mins => feed_interval_minutes)`;
  const next =
    options.nextPullAt === 'after-interval'
      ? options.claimedDueAt
        ? sql`, feed_next_pull_at = case when feed_next_pull_at is distinct from ${options.claimedDueAt}::timestamptz
                                         then feed_next_pull_at else ${afterInterval} end`
        : sql`, feed_next_pull_at = ${afterInterval}`
      : options.nextPullAt
        ? sql`, feed_next_pull_at = ${options.nextPullAt.toISOString()}::timestamptz`
        : sql``;
  const rows = sqlRows<{ id: string }>(
    await db.execute(sql`
      update stores set feed_lease_until = null, feed_leased_by = null ${next}
       where id = ${storeId}::uuid and feed_leased_by = ${holder}
      returning id`),
  );
  return rows.length > 0;
}
