import { sql } from 'drizzle-orm';
import { announceReadChange } from '../lib/read-invalidation';
import { sqlRows } from '../lib/sql-rows';
import type { Database, Transaction } from './client';
import { IN_STOCK_AVAILABILITIES, offerCounts } from './offer-freshness';

/**
 * Recomputes the prices row (product_prices) of the given products from the offers that count:
 * active, of an active store, and fresh (db/offer-freshness.ts).
 * Call it in the same transaction as any offer change (feed import, admin edit, deactivation):
 *   min_price / max_price   lowest / highest counting offer price
 *   original_price          highest list price that is above its offer's price, else null
 *   offer_count             number of counting offers ("sold in N stores")
 *   prev_min_price          the previous min_price, updated only when min_price actually changes
 *   price_updated_at        when min_price last changed
 *   free_shipping           some counting offer ships free
 *   in_stock                some counting offer is in stock (or limited)
 *   lower_price_seen_at     when a price below min_price was last on sale (price_history), set
 *                           when min_price changes; the advanced filters read these (ADR 019)
 *   store_ids               the stores of the counting offers, sorted: the store filter and its
 *                           facet counts (ADR 019 amendment of 2026-11-27)
 * Products whose minimum did not move keep their prev_min_price, so the card's arrow keeps
 * showing the last real change.
 *
 * Cached product pages, listings, searches and suggestions show these prices: this process's
 * caches are invalidated here (the products' own pages by id, every listing and search), and a
 * NOTIFY sent with the same transaction tells every other process (API instances) at the commit,
 * or never if it rolls back (lib/read-invalidation.ts, ADR 010). A caller inside a transaction
 * calls invalidateProductReads(productIds) again after its commit (see lib/public-read-cache.ts).
 */
export async function refreshProductPriceAggregates(
  db: Database | Transaction,
  productIds: readonly string[],
): Promise<void> {
  await refreshAggregates(db, productIds);
}

/**
 * refreshProductPriceAggregates, also answering each product's lowest in-stock price among the
 * offers that count, as it is after the refresh (kuruş; products without one are absent): the
 * feed import's change events need it, and the refresh aggregates the same offers anyway.
 */
export async function refreshProductPriceAggregatesWithLowest(
  db: Database | Transaction,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  const lowest = new Map<string, number>();
  for (const [productId, row] of await refreshAggregates(db, productIds, true)) {
    if (row.lowest !== null) lowest.set(productId, row.lowest);
  }
  return lowest;
}

/** A product's lowest in-stock price after a refresh, and the lowest among other stores' offers. */
export interface LowestInStock {
  /** Among every offer that counts (kuruş), null when none is in stock. */
  lowest: number | null;
  /** Among the offers that count of stores other than the one named (kuruş), null when none. */
  othersLowest: number | null;
}

/**
 * refreshProductPriceAggregatesWithLowest, also answering the lowest in-stock price among the
 * offers of stores other than `storeId`, from the same read: a writer that changed only that
 * store's offers (a feed import) knows the lowest price before its change from it and its own
 * offer as it was — the other offers are the same before and after — without reading the
 * products' offers a second time before its writes.
 */
export async function refreshProductPriceAggregatesForStore(
  db: Database | Transaction,
  productIds: readonly string[],
  storeId: string,
): Promise<Map<string, LowestInStock>> {
  return refreshAggregates(db, productIds, true, storeId);
}

/**
 * `lower_price_seen_at` of the prices row `p` for the new figures `agg`, inside the refresh's
 * update: when a price below the new lowest was last on sale (ADR 019). By definition, the latest
 * end of the product's `price_history` rows priced below `agg.min_price` and not out of stock,
 * a row ending at the offer's next row or, for its last row, at its store's last confirmation
 * (`recomputeAdvancedFilterSignals` and migration 0018 compute it so for every product at once).
 * It is computed only when the lowest price moves (the history was appended before this refresh,
 * in the same transaction); otherwise it stays: a lower price on sale would have moved the lowest.
 *
 * Reading the product's whole history is most of a refresh's cost (every row's heap page: a
 * product changed daily has ~180 rows in six months), so two cases that decide it from less come
 * first; both give what the whole read would:
 * 1. The lowest price rose, and a row this transaction superseded (the row before one recorded
 *    now, read through the offer's index) is priced below the new lowest: that row ended now, and
 *    nothing ends later, so the answer is now. This is the usual rise: the offer that held the
 *    lowest price rose or was deactivated.
 * 2. The lowest price fell, and no lower price had been seen below the previous lowest
 *    (`lower_price_seen_at` null, set when that lowest was, at `price_updated_at`): a row priced
 *    below the new, lower figure can only be one recorded since, so only the history since then
 *    is read (from five minutes before: a writer's transaction open then, recording its rows at
 *    its start, lasts seconds). This is the usual fall: a new all-time low.
 * Otherwise the whole history of the product is read once, each row's end from the next row of
 * its offer in the same read (a window), and the offer's confirmation only for a last row.
 * Rows are recorded at their transaction's `now()`; a transaction that began after this one and
 * committed during it could record a later end, which only the whole read would see (case 1).
 */
const lowerPriceSeenAt = sql`case
  when agg.min_price is not distinct from p.min_price then p.lower_price_seen_at
  when agg.min_price is null then null
  else coalesce(
    case when agg.min_price > p.min_price then (
      select max(n.recorded_at)
        from price_history n
       cross join lateral (
         select b.price, b.availability from price_history b
          where b.offer_id = n.offer_id and (b.recorded_at, b.id) < (n.recorded_at, n.id)
          order by b.recorded_at desc, b.id desc limit 1) b
       where n.product_id = p.product_id and n.recorded_at >= now()
         and b.price < agg.min_price and b.availability <> 'out-of-stock')
    end,
    (select max(coalesce(h.next_at, (select lo.last_seen_at from store_offers lo where lo.id = h.offer_id)))
       from (
         select h.offer_id, h.price, h.availability,
                lead(h.recorded_at) over (partition by h.offer_id order by h.recorded_at, h.id) as next_at
           from price_history h
          where h.product_id = p.product_id
            and h.recorded_at > case
                  when agg.min_price < p.min_price and p.lower_price_seen_at is null and p.price_updated_at is not null
                  then p.price_updated_at - interval '5 minutes'
                  else '-infinity'::timestamptz end
       ) h
      where h.price < agg.min_price and h.availability <> 'out-of-stock'))
  end`;

async function refreshAggregates(
  db: Database | Transaction,
  productIds: readonly string[],
  withLowest = false,
  otherThanStoreId: string | null = null,
): Promise<Map<string, LowestInStock>> {
  const lowest = new Map<string, LowestInStock>();
  if (productIds.length === 0) return lowest;
  // One array parameter, however many products: an `in (…)` list of one parameter each passes
  // PostgreSQL's 65,535-parameter limit at feed-import and store-deactivation sizes.
  const ids = `{${productIds.join(',')}}`;
  const counts = offerCounts('o', 's');
  const inStock = `{${IN_STOCK_AVAILABILITIES.join(',')}}`;
  const result = await db.execute(sql`
    with agg as (
      -- The category and subcategory go with the cache invalidation (ADR 010), read here with the
      -- row rather than by a second probe of product_prices after the update.
      select p.product_id, p.category_id, p.subcategory_id,
             min(o.price) filter (where ${counts}) as min_price,
             max(o.price) filter (where ${counts}) as max_price,
             max(o.original_price) filter (where ${counts} and o.original_price > o.price) as original_price,
             count(o.id) filter (where ${counts})::int as offer_count,
             min(o.price) filter (where ${counts} and o.availability = any (${inStock}::availability[]))::int
               as lowest_in_stock,
             min(o.price) filter (where ${counts} and o.availability = any (${inStock}::availability[])
                                    and o.store_id is distinct from ${otherThanStoreId}::uuid)::int
               as others_lowest_in_stock,
             coalesce(bool_or(o.shipping_free or o.shipping_cost = 0) filter (where ${counts}), false)
               as free_shipping,
             coalesce(bool_or(o.availability = any (${inStock}::availability[])) filter (where ${counts}), false)
               as in_stock,
             coalesce(array_agg(o.store_id order by o.store_id) filter (where ${counts}), '{}'::uuid[])
               as store_ids
        from product_prices p
        left join store_offers o on o.product_id = p.product_id
        left join stores s on s.id = o.store_id
       where p.product_id = any(${ids}::uuid[])
       group by p.product_id
    ), refreshed as (
    update product_prices p
       set prev_min_price = case when agg.min_price is distinct from p.min_price and p.min_price is not null
                                 then p.min_price else p.prev_min_price end,
           price_updated_at = case when agg.min_price is distinct from p.min_price
                                   then now() else p.price_updated_at end,
           lower_price_seen_at = ${lowerPriceSeenAt},
           min_price = agg.min_price,
           max_price = agg.max_price,
           original_price = agg.original_price,
           offer_count = agg.offer_count,
           free_shipping = agg.free_shipping,
           in_stock = agg.in_stock,
           store_ids = agg.store_ids
      from agg
     where p.product_id = agg.product_id
       -- A product whose figures did not move keeps its row: a feed batch touches thousands.
       and (agg.min_price, agg.max_price, agg.original_price, agg.offer_count, agg.free_shipping, agg.in_stock,
            agg.store_ids)
           is distinct from (p.min_price, p.max_price, p.original_price, p.offer_count, p.free_shipping, p.in_stock,
            p.store_ids)
    returning 1
    )
    select agg.product_id, agg.lowest_in_stock, agg.others_lowest_in_stock, agg.category_id, agg.subcategory_id
      from agg
  `);
  const categoryIds = new Set<string>();
  const kurus = (value: number | null) => (value === null ? null : Number(value));
  for (const row of sqlRows<{
    product_id: string;
    lowest_in_stock: number | null;
    others_lowest_in_stock: number | null;
    category_id: string | null;
    subcategory_id: string | null;
  }>(result)) {
    if (withLowest) {
      lowest.set(row.product_id, {
        lowest: kurus(row.lowest_in_stock),
        othersLowest: kurus(row.others_lowest_in_stock),
      });
    }
    if (row.category_id) categoryIds.add(row.category_id);
    if (row.subcategory_id) categoryIds.add(row.subcategory_id);
  }
  await announceReadChange(db, { kind: 'products', productIds, categoryIds: [...categoryIds] });
  return lowest;
}

/**
 * Recomputes the prices of every product the store has an offer for: after a change of what
 * makes its offers count (active flag, freshness window, feed URL). Returns the products.
 */
export async function refreshStoreProductPriceAggregates(
  db: Database | Transaction,
  storeId: string,
): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select distinct product_id as id from store_offers where store_id = ${storeId}`,
  );
  const productIds = rows.map((r) => r.id);
  await refreshProductPriceAggregates(db, productIds);
  return productIds;
}

/**
 * Recomputes the counting stores (`store_ids`) of every product from its offers, leaving the other
 * figures as they are: for writers that fill product_prices themselves (the demo seed, the
 * benchmark's generator), with the same rule as refreshAggregates above and migration 0024.
 */
export async function recomputeCountingStores(db: Database | Transaction): Promise<void> {
  await db.execute(sql`
    update product_prices p
       set store_ids = coalesce(x.store_ids, '{}'::uuid[])
      from product_prices p0
      left join (
        select o.product_id, array_agg(o.store_id order by o.store_id) as store_ids
          from store_offers o join stores s on s.id = o.store_id
         where ${offerCounts('o', 's')}
         group by o.product_id
      ) x on x.product_id = p0.product_id
     where p.product_id = p0.product_id
       and p.store_ids is distinct from coalesce(x.store_ids, '{}'::uuid[])`);
}

/**
 * Recomputes the advanced filters' figures (free_shipping, in_stock, lower_price_seen_at) of
 * every product from its offers and their whole price history, leaving the other prices as they
 * are: for writers that fill product_prices themselves (the demo seed), and the same rules as
 * migration 0018's backfill and refreshAggregates above.
 */
export async function recomputeAdvancedFilterSignals(db: Database | Transaction): Promise<void> {
  const counts = offerCounts('o', 's');
  const inStock = `{${IN_STOCK_AVAILABILITIES.join(',')}}`;
  await db.execute(sql`
    update product_prices p
       set free_shipping = coalesce(x.free_shipping, false), in_stock = coalesce(x.in_stock, false)
      from product_prices p0
      left join (
        select o.product_id,
               bool_or(o.shipping_free or o.shipping_cost = 0) as free_shipping,
               bool_or(o.availability = any (${inStock}::availability[])) as in_stock
          from store_offers o join stores s on s.id = o.store_id
         where ${counts}
         group by o.product_id
      ) x on x.product_id = p0.product_id
     where p.product_id = p0.product_id`);
  await db.execute(sql`
    update product_prices p
       set lower_price_seen_at = x.seen
      from product_prices p0
      left join (
        select h.product_id, max(coalesce(h.next_at, o.last_seen_at)) as seen
          from (
            select product_id, offer_id, price, availability,
                   lead(recorded_at) over (partition by offer_id order by recorded_at, id) as next_at
              from price_history
          ) h
          join store_offers o on o.id = h.offer_id
          join product_prices pp on pp.product_id = h.product_id
         where h.price < pp.min_price and h.availability <> 'out-of-stock'
         group by h.product_id
      ) x on x.product_id = p0.product_id
     where p.product_id = p0.product_id`);
}
