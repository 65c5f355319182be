import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { IN_STOCK_AVAILABILITIES, offerCounts } from '../../../db/offer-freshness';
import { sqlRows } from '../../../lib/sql-rows';

/**
 * The durable event a price change leaves for what comes next (price alerts, notifications):
 * one outbox row of kind `price.changed` per product whose offers really changed (a price, an
 * availability, an offer added, deactivated or reactivated), written in the same transaction as
 * the change. Its dedupe key names the import and the product, so however the writer is retried,
 * a change is announced once; the next import of the same feed changes nothing and writes none.
 * Money in kuruş.
 */
export const PRICE_CHANGED_KIND = 'price.changed';

export interface OfferChange {
  storeId: string;
  offerId: string;
  /** Null when the offer did not exist before. */
  priceBefore: number | null;
  /** Null when the offer was deactivated. */
  priceAfter: number | null;
  availabilityBefore: string | null;
  availabilityAfter: string | null;
}

export interface PriceChangedPayload {
  productId: string;
  /** The import that made the change. */
  importId: string;
  /**
   * The product's lowest price among the offers that count (active, of an active store, fresh)
   * and can be bought now (in stock or limited), before and after; null when there was none.
   */
  lowestBefore: number | null;
  lowestAfter: number | null;
  offers: OfferChange[];
}

export function priceChangedDedupeKey(importId: string, productId: string): string {
  return `price-changed:${importId}:${productId}`;
}

/** Lowest in-stock price of counting offers per product (kuruş); products without one are absent. */
export async function lowestInStockPrices(
  db: Database | Transaction,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (productIds.length === 0) return result;
  const availabilities = `{${IN_STOCK_AVAILABILITIES.join(',')}}`;
  const rows = sqlRows<{ product_id: string; lowest: number }>(
    await db.execute(sql`
      select o.product_id, min(o.price)::int as lowest
        from store_offers o
        join stores s on s.id = o.store_id
       where o.product_id = any (${`{${productIds.join(',')}}`}::uuid[])
         and ${offerCounts('o', 's')}
         and o.availability = any (${availabilities}::availability[])
       group by o.product_id`),
  );
  for (const row of rows) result.set(row.product_id, Number(row.lowest));
  return result;
}

/** Writes the events (ON CONFLICT DO NOTHING on their dedupe keys). */
export async function writePriceChangedEvents(
  db: Database | Transaction,
  events: readonly PriceChangedPayload[],
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({ key: priceChangedDedupeKey(e.importId, e.productId), payload: e }));
  await db.execute(sql`
    insert into outbox (kind, payload, dedupe_key)
    select ${PRICE_CHANGED_KIND}, x.payload, x.key
      from json_to_recordset(${JSON.stringify(rows)}::json) as x(key text, payload jsonb)
    on conflict (dedupe_key) do nothing`);
}
