import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';

/**
 * The products with an active offer of an active feed-fed store that turned stale in
 * (since, now]: its store's freshness window (`last_seen_at + freshness_hours`, the rule of
 * db/offer-freshness.ts) ran out after `since` and before `now`. Fresh at `since` means
 * `last_seen_at >= since - window`; stale at `now` means `last_seen_at < now - window`.
 *
 * One range of `store_offers_store_seen_idx (store_id, last_seen_at) where is_active` per
 * feed-fed store, so the cost follows the offers that crossed, not the size of the catalog.
 */
export async function findProductsWithOffersTurnedStale(db: Database, since: Date, now: Date): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct o.product_id as id
      from stores s
      join lateral (
        select o.product_id
          from store_offers o
         where o.store_id = s.id
           and o.is_active
           and o.last_seen_at >= ${since.toISOString()}::timestamptz - make_interval(hours => s.freshness_hours)
           and o.last_seen_at < ${now.toISOString()}::timestamptz - make_interval(hours => s.freshness_hours)
      ) o on true
     where s.is_active
       and (s.feed_url is not null or s.feed_last_success_at is not null)`);
  return sqlRows<{ id: string }>(result).map((r) => r.id);
}

/** The database's clock: freshness is decided with `now()` in SQL, so the sweep's window uses it too. */
export async function databaseNow(db: Database): Promise<Date> {
  const [row] = sqlRows<{ now: string | Date }>(await db.execute(sql`select now() as now`));
  return new Date(row!.now);
}
