import { sql } from 'drizzle-orm';
import { feedRejectionMessage } from '@kiyasla/contracts/feeds';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { Database, Transaction } from '../../../db/client';
import { confirmationDue, IN_STOCK_AVAILABILITIES, offerIsFresh } from '../../../db/offer-freshness';
import { refreshProductPriceAggregatesForStore } from '../../../db/product-price-aggregates';
import { sqlRows } from '../../../lib/sql-rows';
import { writePriceChangedEvents, type OfferChange, type PriceChangedPayload } from './price-change-event';
import type { ImportTally } from './tally';

/** Staging rows applied per transaction. */
export const APPLY_BATCH = 2_000;

/** A price more than this many times the offer's last price (or less than its inverse) is refused. */
export const PRICE_JUMP_FACTOR = 10;

interface ItemRow {
  seq: number;
  line: number | null;
  sku: string;
  product_id: string;
  price: number;
  original_price: number | null;
  availability: string;
  url: string;
  shipping_free: boolean | null;
  shipping_cost: number | null;
  shipping_days: number | null;
  offer_id: string | null;
  old_price: number | null;
  old_original_price: number | null;
  old_availability: string | null;
  old_active: boolean | null;
  old_url: string | null;
  old_shipping_free: boolean | null;
  old_shipping_cost: number | null;
  old_shipping_days: number | null;
  old_external_id: string | null;
  was_stale: boolean | null;
  confirm_due: boolean | null;
  store_active: boolean;
}

const IN_STOCK = new Set<string>(IN_STOCK_AVAILABILITIES);

function minOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/**
 * The product's lowest in-stock price before the batch. The batch changes only this store's offer
 * of the product (one per store and product), so the other stores' offers are the same before and
 * after it: with `others` their lowest, which the aggregates refresh answers after the writes,
 * before = min(others, the store's offer before) — no read of the offers before the writes.
 * `ownBefore` is null when the store's offer did not count (none, inactive, stale, of an inactive
 * store) or could not be bought.
 */
function lowestBefore(ownBefore: number | null, others: number | null): number | null {
  return minOf(others, ownBefore);
}

/** The offer row an item leads to (for inserts and updates), in store_offers' column names. */
interface OfferWrite {
  id?: string;
  product_id: string;
  price: number;
  original_price: number | null;
  availability: string;
  url: string;
  shipping_free: boolean;
  shipping_cost: number;
  shipping_days: number | null;
  sku: string;
}

function offerWrite(row: ItemRow): OfferWrite {
  const keepsShipping = row.shipping_free === null && row.offer_id !== null;
  return {
    ...(row.offer_id ? { id: row.offer_id } : {}),
    product_id: row.product_id,
    price: row.price,
    original_price: row.original_price,
    availability: row.availability,
    url: row.url,
    // A feed that says nothing about shipping leaves the offer's shipping as it was.
    shipping_free: keepsShipping ? Boolean(row.old_shipping_free) : Boolean(row.shipping_free),
    shipping_cost: keepsShipping ? Number(row.old_shipping_cost ?? 0) : Number(row.shipping_cost ?? 0),
    shipping_days: keepsShipping ? row.old_shipping_days : row.shipping_days,
    sku: row.sku,
  };
}

function json(value: unknown) {
  return sql`${JSON.stringify(value)}::json`;
}

function uuidArray(ids: readonly string[]) {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/**
 * Applies the staged items of `seq` [from, to] in one transaction: creates and updates the
 * store's offers, confirms the unchanged ones (`last_seen_at`, when due), refuses implausible price jumps,
 * appends `price_history`, writes one `price.changed` event per changed product, refreshes the
 * products' aggregates, and keeps unmatched items in the store's queue. Returns the products whose
 * public reads must be invalidated after the commit.
 */
export async function applyBatch(
  db: Database,
  ctx: { importId: string; storeId: string },
  from: number,
  to: number,
  tally: ImportTally,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const { importId, storeId } = ctx;
    const range = sql`f.import_id = ${importId}::uuid and f.seq between ${from} and ${to}`;
    // The batch's items to compare and write: matched and not refused. (Items identical to their
    // offer are not staged: import-feed.ts confirms them from the offer digest.)
    const toWrite = sql`feed_import_items f
      where ${range} and f.reject_code is null and f.matched_product_id is not null`;

    // The store's offers of the batch's products, locked in a stable order (no deadlock with
    // another writer) and read in the same statement as the items.
    const rows = sqlRows<ItemRow>(
      await tx.execute(sql`
        with locked as materialized (
          select o.id, o.product_id, o.price, o.original_price, o.availability, o.is_active, o.product_url,
                 o.shipping_free, o.shipping_cost, o.shipping_days, o.external_id, o.last_seen_at
            from store_offers o
           where o.store_id = ${storeId}::uuid
             and o.product_id in (select f.matched_product_id from ${toWrite})
           order by o.id
             for update
        )
        select f.seq, f.line, f.sku, f.matched_product_id as product_id, f.price, f.original_price,
               f.availability::text as availability, f.url, f.shipping_free, f.shipping_cost, f.shipping_days,
               o.id as offer_id, o.price as old_price, o.original_price as old_original_price,
               o.availability::text as old_availability, o.is_active as old_active, o.product_url as old_url,
               o.shipping_free as old_shipping_free, o.shipping_cost as old_shipping_cost,
               o.shipping_days as old_shipping_days, o.external_id as old_external_id,
               (o.id is not null and not ${offerIsFresh('o', 's')}) as was_stale,
               ${confirmationDue('o', 's')} as confirm_due, s.is_active as store_active
          from feed_import_items f
          join stores s on s.id = ${storeId}::uuid
          left join locked o on o.product_id = f.matched_product_id
         where ${range} and f.reject_code is null and f.matched_product_id is not null
         order by f.seq`),
    );

    const inserts: OfferWrite[] = [];
    const updates: OfferWrite[] = [];
    const confirms: string[] = [];
    /** SKUs now carried by an offer that did not carry them: other offers of the store let go of them. */
    const movedSkus: { sku: string; product_id: string }[] = [];
    const changes = new Map<string, OfferChange>();
    /** Products whose aggregates move without a real change (list price, a stale offer confirmed). */
    const refreshOnly = new Set<string>();
    /** The store's offer of each product in its lowest in-stock price before the batch (lowestBefore). */
    const ownBefore = new Map<string, number | null>();

    for (const row of rows) {
      if (row.offer_id === null) {
        ownBefore.set(row.product_id, null);
        tally.created += 1;
        inserts.push(offerWrite(row));
        movedSkus.push({ sku: row.sku, product_id: row.product_id });
        continue;
      }
      const oldPrice = Number(row.old_price);
      if (row.price > oldPrice * PRICE_JUMP_FACTOR || row.price * PRICE_JUMP_FACTOR < oldPrice) {
        tally.reject(row.line ?? row.seq, row.sku, feedRejectionMessage('PRICE_JUMP'));
        continue;
      }
      const countedBefore =
        row.store_active &&
        row.old_active === true &&
        row.was_stale !== true &&
        IN_STOCK.has(row.old_availability ?? '');
      ownBefore.set(row.product_id, countedBefore ? oldPrice : null);
      const write = offerWrite(row);
      const priceChanged = row.price !== oldPrice;
      const availabilityChanged = row.availability !== row.old_availability;
      const reactivated = row.old_active === false;
      const otherChanged =
        row.original_price !== row.old_original_price ||
        row.url !== row.old_url ||
        write.shipping_free !== row.old_shipping_free ||
        write.shipping_cost !== Number(row.old_shipping_cost) ||
        write.shipping_days !== row.old_shipping_days ||
        row.sku !== row.old_external_id;
      if (row.sku !== row.old_external_id) movedSkus.push({ sku: row.sku, product_id: row.product_id });
      if (priceChanged || availabilityChanged || reactivated) {
        tally.updated += 1;
        updates.push(write);
        if (priceChanged) tally.priceChange(row.sku, row.product_id, kurusToTry(oldPrice), kurusToTry(row.price));
        changes.set(row.product_id, {
          storeId,
          offerId: row.offer_id,
          priceBefore: reactivated ? null : oldPrice,
          priceAfter: row.price,
          availabilityBefore: reactivated ? null : row.old_availability,
          availabilityAfter: row.availability,
        });
      } else if (otherChanged) {
        tally.updated += 1;
        updates.push(write);
        refreshOnly.add(row.product_id);
      } else {
        tally.unchanged += 1;
        // A recent enough confirmation stays as it is (db/offer-freshness.ts confirmationDue).
        if (row.confirm_due) confirms.push(row.offer_id);
        if (row.was_stale) refreshOnly.add(row.product_id);
      }
      if (row.was_stale && !changes.has(row.product_id)) refreshOnly.add(row.product_id);
    }
    tally.matched += rows.length;

    const candidates = [...new Set([...changes.keys(), ...inserts.map((w) => w.product_id), ...refreshOnly])];

    if (movedSkus.length > 0) {
      await tx.execute(sql`
        update store_offers o set external_id = null, updated_at = now()
          from json_to_recordset(${json(movedSkus)}) as x(sku text, product_id uuid)
         where o.store_id = ${storeId}::uuid and o.external_id = x.sku and o.product_id <> x.product_id`);
    }

    if (inserts.length > 0) {
      const inserted = sqlRows<{ id: string; product_id: string; price: number; availability: string }>(
        await tx.execute(sql`
          insert into store_offers
            (product_id, store_id, price, original_price, product_url, availability, shipping_free,
             shipping_cost, shipping_days, external_id, is_active, last_seen_at)
          select x.product_id, ${storeId}::uuid, x.price, x.original_price, x.url, x.availability, x.shipping_free,
                 x.shipping_cost, x.shipping_days, x.sku, true, now()
            from json_to_recordset(${json(inserts)}) as x(
              product_id uuid, price int, original_price int, url text, availability availability,
              shipping_free boolean, shipping_cost int, shipping_days int, sku text)
          returning id, product_id, price, availability::text as availability`),
      );
      for (const offer of inserted) {
        changes.set(offer.product_id, {
          storeId,
          offerId: offer.id,
          priceBefore: null,
          priceAfter: Number(offer.price),
          availabilityBefore: null,
          availabilityAfter: offer.availability,
        });
      }
    }

    if (updates.length > 0) {
      await tx.execute(sql`
        update store_offers o
           set price = x.price, original_price = x.original_price, availability = x.availability,
               product_url = x.url, shipping_free = x.shipping_free, shipping_cost = x.shipping_cost,
               shipping_days = x.shipping_days, external_id = x.sku, is_active = true,
               last_seen_at = now(), updated_at = now()
          from json_to_recordset(${json(updates)}) as x(
            id uuid, price int, original_price int, url text, availability availability,
            shipping_free boolean, shipping_cost int, shipping_days int, sku text)
         where o.id = x.id`);
    }

    if (confirms.length > 0) {
      await tx.execute(sql`update store_offers set last_seen_at = now() where id = any (${uuidArray(confirms)})`);
    }

    const changed = [...changes.entries()];
    if (changed.length > 0) {
      const history = changed.map(([productId, c]) => ({
        offer_id: c.offerId,
        product_id: productId,
        price: c.priceAfter,
        availability: c.availabilityAfter,
      }));
      await tx.execute(sql`
        insert into price_history (offer_id, product_id, store_id, price, availability)
        select x.offer_id, x.product_id, ${storeId}::uuid, x.price, x.availability
          from json_to_recordset(${json(history)}) as x(offer_id uuid, product_id uuid, price int, availability availability)`);
      tally.historyRows += history.length;
    }

    await writeUnmatched(tx, importId, storeId, range, tally);

    if (candidates.length === 0) return [];
    const lowest = await refreshProductPriceAggregatesForStore(tx, candidates, storeId);
    const events: PriceChangedPayload[] = [];
    for (const productId of candidates) {
      const change = changes.get(productId);
      const prices = lowest.get(productId);
      const after = prices?.lowest ?? null;
      const before = lowestBefore(ownBefore.get(productId) ?? null, prices?.othersLowest ?? null);
      // A confirmed stale offer is no change of its own, but it may move the lowest price.
      if (!change && before === after) continue;
      events.push({ productId, importId, lowestBefore: before, lowestAfter: after, offers: change ? [change] : [] });
    }
    await writePriceChangedEvents(tx, events);
    tally.events += events.length;
    return candidates;
  });
}

/**
 * Items of the batch that matched no product land in the store's unmatched queue (one row per
 * SKU, its last fields); an item that matches now leaves the queue if it was waiting there. Per
 * batch: a join of the batch's rows probes the queue's (store, SKU) index, where one statement for
 * the whole import would read the store's whole queue.
 */
async function writeUnmatched(
  tx: Transaction,
  importId: string,
  storeId: string,
  range: ReturnType<typeof sql>,
  tally: ImportTally,
): Promise<void> {
  const written = sqlRows<{ n: number }>(
    await tx.execute(sql`
      with upserted as (
        insert into feed_unmatched_items as u
          (store_id, sku, gtin, brand, model, title, price, url, last_import_id)
        select ${storeId}::uuid, f.sku, f.gtin, f.brand, f.model, f.title, f.price, f.url, ${importId}::uuid
          from feed_import_items f
         where ${range} and f.reject_code is null and f.matched_product_id is null
        on conflict (store_id, sku) do update
           set gtin = excluded.gtin, brand = excluded.brand, model = excluded.model, title = excluded.title,
               price = excluded.price, url = excluded.url, last_seen_at = now(),
               times_seen = u.times_seen + case when u.last_import_id = excluded.last_import_id then 0 else 1 end,
               last_import_id = excluded.last_import_id
        returning 1
      )
      select count(*)::int as n from upserted`),
  );
  tally.unmatched += Number(written[0]?.n ?? 0);
  await tx.execute(sql`
    delete from feed_unmatched_items u
     using feed_import_items f
     where ${range} and f.reject_code is null and f.matched_product_id is not null
       and u.store_id = ${storeId}::uuid and u.sku = f.sku and u.resolved_product_id is null`);
}
