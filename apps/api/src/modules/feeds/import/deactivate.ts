import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { refreshProductPriceAggregatesWithLowest } from '../../../db/product-price-aggregates';
import { sqlRows } from '../../../lib/sql-rows';
import { lowestInStockPrices, writePriceChangedEvents, type PriceChangedPayload } from './price-change-event';
import type { ImportTally } from './tally';

/** Offers deactivated per transaction. */
export const DEACTIVATE_BATCH = 5_000;

/**
 * The products and SKUs of offers the feed listed without staging them: items identical to their
 * offer (offer-digest.ts), confirmed without a staging row.
 */
export interface ListedUnstaged {
  products: readonly string[];
  skus: readonly string[];
}

/**
 * The store's active offers a full feed did not mention: neither its product nor its SKU is among
 * the feed's items (matched, or refused for a price jump or as a duplicate — those the store did
 * list), staged or only confirmed (`listed`). Unmatched items protect nothing: an offer whose SKU
 * is in the feed matched through it.
 */
function absentOffers(importId: string, storeId: string, listed: ListedUnstaged) {
  // NOT IN over a subquery: a hashed subplan, one probe per offer.
  const notListed =
    listed.products.length === 0
      ? sql``
      : sql`
       and o.product_id not in (select json_array_elements_text(${JSON.stringify(listed.products)}::json)::uuid)
       and (o.external_id is null
            or o.external_id not in (select json_array_elements_text(${JSON.stringify(listed.skus)}::json)))`;
  return sql`
    select o.id from store_offers o
     where o.store_id = ${storeId}::uuid and o.is_active
       and not exists (select 1 from feed_import_items f
                        where f.import_id = ${importId}::uuid and f.matched_product_id = o.product_id)
       and (o.external_id is null
            or not exists (select 1 from feed_import_items f
                            where f.import_id = ${importId}::uuid and f.sku = o.external_id))${notListed}`;
}

export async function countAbsentOffers(
  db: Database,
  importId: string,
  storeId: string,
  listed: ListedUnstaged = { products: [], skus: [] },
): Promise<{ absent: number; active: number }> {
  const [row] = sqlRows<{ absent: number; active: number }>(
    await db.execute(sql`
      select (select count(*)::int from (${absentOffers(importId, storeId, listed)}) a) as absent,
             (select count(*)::int from store_offers where store_id = ${storeId}::uuid and is_active) as active`),
  );
  return { absent: Number(row?.absent ?? 0), active: Number(row?.active ?? 0) };
}

/**
 * Deactivates the offers a full feed left out, a batch per transaction. Each gets a history row
 * (availability `discontinued`, its last price: the point where its line on the chart ends) and
 * its product a `price.changed` event. Returns the products to invalidate.
 */
export async function deactivateAbsentOffers(
  db: Database,
  ctx: { importId: string; storeId: string },
  tally: ImportTally,
  listed: ListedUnstaged = { products: [], skus: [] },
): Promise<string[]> {
  const touched: string[] = [];
  for (;;) {
    const products = await db.transaction(async (tx) => {
      const gone = sqlRows<{ id: string; product_id: string; price: number; availability: string }>(
        await tx.execute(sql`
          with picked as (${absentOffers(ctx.importId, ctx.storeId, listed)} order by o.id limit ${DEACTIVATE_BATCH}
                          for update of o skip locked)
          select o.id, o.product_id, o.price, o.availability::text as availability
            from store_offers o join picked on picked.id = o.id`),
      );
      if (gone.length === 0) return [];
      const productIds = [...new Set(gone.map((o) => o.product_id))];
      const before = await lowestInStockPrices(tx, productIds);
      const ids = `{${gone.map((o) => o.id).join(',')}}`;
      await tx.execute(sql`
        update store_offers set is_active = false, updated_at = now() where id = any (${ids}::uuid[])`);
      await tx.execute(sql`
        insert into price_history (offer_id, product_id, store_id, price, availability)
        select o.id, o.product_id, o.store_id, o.price, 'discontinued'
          from store_offers o where o.id = any (${ids}::uuid[])`);
      const after = await refreshProductPriceAggregatesWithLowest(tx, productIds);
      const events: PriceChangedPayload[] = gone.map((o) => ({
        productId: o.product_id,
        importId: ctx.importId,
        lowestBefore: before.get(o.product_id) ?? null,
        lowestAfter: after.get(o.product_id) ?? null,
        offers: [
          {
            storeId: ctx.storeId,
            offerId: o.id,
            priceBefore: Number(o.price),
            priceAfter: null,
            availabilityBefore: o.availability,
            availabilityAfter: null,
          },
        ],
      }));
      await writePriceChangedEvents(tx, events);
      tally.deactivated += gone.length;
      tally.historyRows += gone.length;
      tally.events += events.length;
      return productIds;
    });
    if (products.length === 0) return touched;
    touched.push(...products);
  }
}
