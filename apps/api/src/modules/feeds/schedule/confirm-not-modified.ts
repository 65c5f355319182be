import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { confirmationDue, offerIsFresh } from '../../../db/offer-freshness';
import { refreshProductPriceAggregates } from '../../../db/product-price-aggregates';
import { invalidateProductReads } from '../../../lib/public-read-cache';
import { sqlRows } from '../../../lib/sql-rows';

export interface NotModifiedOutcome {
  importId: string;
  /** Active offers whose confirmation time moved to now. */
  confirmed: number;
  /** Products of offers that were stale and count again: their prices were recomputed. */
  refreshedProductIds: string[];
}

/**
 * The store answered 304: its feed is unchanged, so every active offer it carries is confirmed
 * now (`last_seen_at`, written when due: db/offer-freshness.ts confirmationDue), the feed counts as alive (`feed_last_success_at`), and the history gets a
 * `not-modified` entry — one statement, whose CTEs all read the rows as they were before it. Offers
 * that were stale before are fresh again and count again, so their products' prices are
 * recomputed in the same transaction.
 */
export async function confirmNotModified(
  db: Database,
  storeId: string,
  startedAt: Date = new Date(),
): Promise<NotModifiedOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = sqlRows<{ import_id: string; confirmed: number; stale_product_ids: string[] | null }>(
      await tx.execute(sql`
        with before as (
          select o.product_id, ${offerIsFresh('o', 's')} as fresh
            from store_offers o join stores s on s.id = o.store_id
           where o.store_id = ${storeId}::uuid and o.is_active
        ), confirmed as (
          update store_offers o set last_seen_at = now()
            from stores s
           where o.store_id = ${storeId}::uuid and o.is_active and s.id = o.store_id and ${confirmationDue('o', 's')}
          returning o.id
        ), alive as (
          update stores set feed_last_success_at = now() where id = ${storeId}::uuid returning id
        ), logged as (
          insert into feed_imports (store_id, source, status, started_at, finished_at)
          values (${storeId}::uuid, 'schedule', 'not-modified', ${startedAt.toISOString()}::timestamptz, now())
          returning id
        )
        select (select id from logged) as import_id,
               (select count(*) from before)::int as confirmed,
               (select count(*) from confirmed)::int as written,
               (select count(*) from alive)::int as stores,
               (select array_agg(distinct product_id::text) from before where not fresh) as stale_product_ids`),
    );
    const refreshedProductIds = row?.stale_product_ids ?? [];
    await refreshProductPriceAggregates(tx, refreshedProductIds);
    return { importId: row!.import_id, confirmed: Number(row!.confirmed), refreshedProductIds };
  });
  // Reads between the aggregates' own invalidation and the commit still saw the old prices.
  invalidateProductReads(outcome.refreshedProductIds);
  return outcome;
}
