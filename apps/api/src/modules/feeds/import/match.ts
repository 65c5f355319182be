import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/** Staging rows matched per statement. */
export const MATCH_BATCH = 10_000;

/**
 * Finds the product of every staged item in `seq` [from, to], set-based, and writes it to
 * `matched_product_id`. The keys, strongest first (ADR 015):
 *   1. the item's explicit `productId`, when such a product exists;
 *   2. the store's offer that already carries this SKU (`store_offers.external_id`);
 *   3. an operator's mapping of this SKU (a resolved `feed_unmatched_items` row);
 *   4. the GTIN, compared as a number (GTIN-8/12/13/14 with leading zeros are one code);
 *   5. brand + model through `kiyasla_match_key` (Turkish folding, letters and digits only),
 *      only when exactly one product has that key — an ambiguous match is no match.
 * Each weaker key is looked up only when the stronger ones found nothing (the lateral joins
 * test the earlier results first). Items that match nothing keep a null product.
 */
export async function matchStagedItems(
  db: Database,
  importId: string,
  storeId: string,
  from: number,
  to: number,
): Promise<void> {
  await db.execute(sql`
    update feed_import_items f
       set matched_product_id = m.product_id
      from (
        select i.seq, coalesce(p.id, so.product_id, u.resolved_product_id, g.id, k.id) as product_id
          from feed_import_items i
          left join products p on p.id = i.product_id
          left join lateral (
            select o.product_id from store_offers o
             where p.id is null and o.store_id = ${storeId}::uuid and o.external_id = i.sku
             order by o.created_at, o.id
             limit 1
          ) so on true
          left join feed_unmatched_items u
            on p.id is null and so.product_id is null
           and u.store_id = ${storeId}::uuid and u.sku = i.sku and u.resolved_product_id is not null
          left join lateral (
            select pg.id from products pg
             where p.id is null and so.product_id is null and u.resolved_product_id is null
               and i.gtin is not null
               and pg.gtin = any (array[lpad(ltrim(i.gtin, '0'), 8, '0'), lpad(ltrim(i.gtin, '0'), 12, '0'),
                                        lpad(ltrim(i.gtin, '0'), 13, '0'), lpad(ltrim(i.gtin, '0'), 14, '0')])
             limit 1
          ) g on true
          left join lateral (
            select (array_agg(c.id))[1] as id
              from (
                select pk.id from products pk
                 where p.id is null and so.product_id is null and u.resolved_product_id is null and g.id is null
                   and public.kiyasla_match_key(pk.brand, pk.model) = public.kiyasla_match_key(i.brand, i.model)
                 limit 2
              ) c
            having count(*) = 1
          ) k on true
         where i.import_id = ${importId}::uuid and i.seq between ${from} and ${to}
      ) m
     where f.import_id = ${importId}::uuid and f.seq = m.seq and m.product_id is not null`);
}

/**
 * One offer per store and product, one item per SKU: a later item with a SKU seen before, or
 * matched to a product an earlier item already matched, is rejected (the first one wins).
 */
export async function rejectDuplicates(db: Database, importId: string): Promise<void> {
  await db.execute(sql`
    with ranked as (
      select seq, matched_product_id,
             row_number() over (partition by sku order by seq) as sku_rank,
             row_number() over (partition by matched_product_id order by seq) as product_rank
        from feed_import_items
       where import_id = ${importId}::uuid
    )
    update feed_import_items f
       set reject_code = case when r.sku_rank > 1 then 'DUPLICATE_SKU' else 'DUPLICATE_PRODUCT' end
      from ranked r
     where f.import_id = ${importId}::uuid and f.seq = r.seq
       and (r.sku_rank > 1 or (r.matched_product_id is not null and r.product_rank > 1))`);
}
