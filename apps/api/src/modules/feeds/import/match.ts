import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';

/**
 * The product of a feed item, as an SQL expression over the item's columns under `alias` (the
 * staging statement computes it as it writes each row: stage.ts). The keys, strongest first
 * (ADR 015):
 *   1. the item's explicit `productId`, when such a product exists;
 *   2. the store's offer that already carries this SKU (`store_offers.external_id`);
 *   3. an operator's mapping of this SKU (a resolved `feed_unmatched_items` row);
 *   4. the GTIN, compared as a number (GTIN-8/12/13/14 with leading zeros are one code);
 *   5. brand + model through `kiyasla_match_key` (Turkish folding, letters and digits only),
 *      only when exactly one product has that key — an ambiguous match is no match.
 * One row at a time, no join: COALESCE evaluates its arguments left to right and stops at the
 * first that is not null, so a weaker key's lookup runs only when the stronger ones found
 * nothing, and the plan cannot turn into a join the planner misjudges. Null: no match.
 */
export function matchedProduct(alias: string, storeId: string): SQL {
  const i = sql.raw(alias);
  return sql`coalesce(
             (select p.id from products p where p.id = ${i}.product_id),
             (select o.product_id from store_offers o
               where o.store_id = ${storeId}::uuid and o.external_id = ${i}.sku
               order by o.created_at, o.id
               limit 1),
             (select u.resolved_product_id from feed_unmatched_items u
               where u.store_id = ${storeId}::uuid and u.sku = ${i}.sku),
             (select pg.id from products pg
               where ${i}.gtin is not null
                 and pg.gtin = any (array[lpad(ltrim(${i}.gtin, '0'), 8, '0'), lpad(ltrim(${i}.gtin, '0'), 12, '0'),
                                          lpad(ltrim(${i}.gtin, '0'), 13, '0'), lpad(ltrim(${i}.gtin, '0'), 14, '0')])
               limit 1),
             (select case when count(*) = 1 then min(c.id::text)::uuid end
                from (select pk.id from products pk
                       where ${i}.model is not null
                         and public.kiyasla_match_key(pk.brand, pk.model) = public.kiyasla_match_key(${i}.brand, ${i}.model)
                       limit 2) c))`;
}

/**
 * One offer per store and product, one item per SKU: a later item with a SKU seen before, or
 * matched to a product an earlier item already matched, is rejected (the first one wins).
 * Feeds rarely repeat themselves: two hash aggregates find the SKUs and products that occur more
 * than once, and only their items are ranked (sorting every item twice cost more than the rest).
 */
export async function rejectDuplicates(db: Database, importId: string): Promise<void> {
  await db.execute(sql`
    with repeated_skus as (
      select sku from feed_import_items where import_id = ${importId}::uuid
       group by sku having count(*) > 1
    )
    , repeated_products as (
      select matched_product_id from feed_import_items
       where import_id = ${importId}::uuid and matched_product_id is not null
       group by matched_product_id having count(*) > 1
    )
    , ranked as (
      select seq, matched_product_id,
             row_number() over (partition by sku order by seq) as sku_rank,
             row_number() over (partition by matched_product_id order by seq) as product_rank
        from feed_import_items
       where import_id = ${importId}::uuid
         and (sku in (select sku from repeated_skus)
              or matched_product_id in (select matched_product_id from repeated_products))
    )
    , duplicates as (
      select seq, case when sku_rank > 1 then 'DUPLICATE_SKU' else 'DUPLICATE_PRODUCT' end as code
        from ranked
       where sku_rank > 1 or (matched_product_id is not null and product_rank > 1)
    )
    update feed_import_items f
       set reject_code = d.code
      from duplicates d
     where f.import_id = ${importId}::uuid and f.seq = d.seq`);
}
