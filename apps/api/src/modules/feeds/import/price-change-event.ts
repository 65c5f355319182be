import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { IN_STOCK_AVAILABILITIES, offerCounts } from '../../../db/offer-freshness';
import { sqlRows } from '../../../lib/sql-rows';

/**
 * The durable event a price change leaves for what comes next (price alerts, notifications):
 * one outbox row of kind `price.changed` per import batch (or deactivation batch), written in the
 * same transaction as the change, whose payload lists every product of the batch whose offers
 * really changed (a price, an availability, an offer added, deactivated or reactivated). One row
 * for thousands of changes: the consumer claims, fences and completes a batch with a handful of
 * row writes and evaluates its products set-based (ADR 017).
 *
 * Its dedupe key names the import and the batch's products, so however the writer is retried, a
 * batch is announced once; the next import of the same feed changes nothing and writes none. The
 * commit also wakes the consumers (PostgreSQL NOTIFY on PRICE_CHANGED_CHANNEL, sent in the
 * transaction, so it leaves with the commit or never). Money in kuruş.
 *
 * Outboxes may still hold rows of the earlier shape, one product per row (the payload is then a
 * PriceChangedPayload itself); the consumer reads both (`changesOf`).
 */
export const PRICE_CHANGED_KIND = 'price.changed';
/** NOTIFY channel of the consumers' wake-up (the payload is empty). */
export const PRICE_CHANGED_CHANNEL = 'kiyasla_price_changed';

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

/** The payload of a `price.changed` row: the changes of one batch of an import. */
export interface PriceChangedBatchPayload {
  importId: string;
  /** One entry per product, in the order written; a product appears once. */
  changes: PriceChangedPayload[];
}

/**
 * `price-changed:<importId>:<productId>` for a batch of one product (the key rows of the earlier
 * shape had), else `price-changed:<importId>:<sha-256 of the sorted product ids>`.
 */
export function priceChangedDedupeKey(importId: string, productIds: readonly string[]): string {
  if (productIds.length === 1) return `price-changed:${importId}:${productIds[0]}`;
  const digest = createHash('sha256')
    .update([...productIds].sort().join(','))
    .digest('hex');
  return `price-changed:${importId}:${digest}`;
}

/** The product changes of a `price.changed` payload, of either shape (a batch, or one product). */
export function changesOf(payload: unknown): PriceChangedPayload[] {
  if (payload && typeof payload === 'object') {
    const changes = (payload as Partial<PriceChangedBatchPayload>).changes;
    if (Array.isArray(changes)) return changes;
    if ('productId' in payload) return [payload as PriceChangedPayload];
  }
  return [];
}

/**
 * The query of the lowest in-stock price of counting offers (kuruş) of the products `productIds`
 * (a query of product ids, or an array), one row (`product_id`, `lowest`) per product that has one.
 */
export function lowestInStockPricesOf(productIds: SQL): SQL {
  const availabilities = `{${IN_STOCK_AVAILABILITIES.join(',')}}`;
  return sql`select o.product_id, min(o.price)::int as lowest
        from store_offers o
        join stores s on s.id = o.store_id
       where o.product_id = any (${productIds})
         and ${offerCounts('o', 's')}
         and o.availability = any (${availabilities}::availability[])
       group by o.product_id`;
}

/** Lowest in-stock price of counting offers per product (kuruş); products without one are absent. */
export async function lowestInStockPrices(
  db: Database | Transaction,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (productIds.length === 0) return result;
  const rows = sqlRows<{ product_id: string; lowest: number }>(
    await db.execute(lowestInStockPricesOf(sql`${`{${productIds.join(',')}}`}::uuid[]`)),
  );
  for (const row of rows) result.set(row.product_id, Number(row.lowest));
  return result;
}

/**
 * Writes the changes of one batch as one event per import among them (in practice one: a batch
 * belongs to one import), ON CONFLICT DO NOTHING on its dedupe key, and wakes the consumers at
 * the commit. A product listed twice keeps its first entry.
 */
export async function writePriceChangedEvents(
  db: Database | Transaction,
  events: readonly PriceChangedPayload[],
): Promise<void> {
  if (events.length === 0) return;
  const byImport = new Map<string, Map<string, PriceChangedPayload>>();
  for (const e of events) {
    let changes = byImport.get(e.importId);
    if (!changes) byImport.set(e.importId, (changes = new Map()));
    if (!changes.has(e.productId)) changes.set(e.productId, e);
  }
  for (const [importId, changes] of byImport) {
    const payload: PriceChangedBatchPayload = { importId, changes: [...changes.values()] };
    await db.execute(sql`
      insert into outbox (kind, payload, dedupe_key)
      values (${PRICE_CHANGED_KIND}, ${JSON.stringify(payload)}::jsonb, ${priceChangedDedupeKey(importId, [...changes.keys()])})
      on conflict (dedupe_key) do nothing`);
  }
  await db.execute(sql`select pg_notify(${PRICE_CHANGED_CHANNEL}, '')`);
}
