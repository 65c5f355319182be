import { sql } from 'drizzle-orm';
import type { FeedItem } from '@kiyasla/contracts/feeds';
import { tryToKurus } from '@kiyasla/contracts/money';
import type { Database } from '../../../db/client';
import { matchedProduct } from './match';

/** Items per staging statement: one JSON parameter of a few hundred kilobytes. */
export const STAGE_BATCH = 2_000;

/** One parsed item as a staging row (money in kuruş, the column names of feed_import_items). */
export interface StagedItem {
  seq: number;
  line: number | null;
  sku: string;
  product_id: string | null;
  gtin: string | null;
  brand: string | null;
  model: string | null;
  title: string | null;
  price: number;
  original_price: number | null;
  availability: string;
  url: string;
  shipping_free: boolean | null;
  shipping_cost: number | null;
  shipping_days: number | null;
}

export function stagedItem(seq: number, line: number | undefined, item: FeedItem): StagedItem {
  const price = tryToKurus(item.price);
  const original = item.originalPrice === undefined ? null : tryToKurus(item.originalPrice);
  return {
    seq,
    line: line ?? null,
    sku: item.sku,
    product_id: item.productId ?? null,
    gtin: item.gtin ?? null,
    brand: item.brand ?? null,
    model: item.model ?? null,
    title: item.title ?? null,
    price,
    // A list price is only kept when it is above the price (the struck-through price).
    original_price: original !== null && original > price ? original : null,
    availability: item.availability,
    url: item.url,
    shipping_free: item.shipping ? item.shipping.free : null,
    shipping_cost: item.shipping ? (item.shipping.free ? 0 : tryToKurus(item.shipping.cost ?? 0)) : null,
    shipping_days: item.shipping?.estimatedDays ?? null,
  };
}

/**
 * Writes a batch of parsed items into the import's staging rows with one statement, each with its
 * product found as it is written (match.ts): the batch travels as one JSON parameter and
 * `json_to_recordset` turns it into rows, so neither the statement's text nor its parameter count
 * grows with the batch. Matching only reads: a file refused later still changes nothing.
 */
export async function stageItems(
  db: Database,
  ctx: { importId: string; storeId: string },
  items: readonly StagedItem[],
): Promise<void> {
  if (items.length === 0) return;
  await db.execute(sql`
    insert into feed_import_items
      (import_id, seq, line, sku, product_id, gtin, brand, model, title, price, original_price,
       availability, url, shipping_free, shipping_cost, shipping_days, matched_product_id)
    select ${ctx.importId}::uuid, x.seq, x.line, x.sku, x.product_id, x.gtin, x.brand, x.model, x.title, x.price,
           x.original_price, x.availability, x.url, x.shipping_free, x.shipping_cost, x.shipping_days,
           ${matchedProduct('x', ctx.storeId)}
      from json_to_recordset(${JSON.stringify(items)}::json) as x(
        seq int, line int, sku text, product_id uuid, gtin text, brand text, model text, title text,
        price int, original_price int, availability availability, url text, shipping_free boolean,
        shipping_cost int, shipping_days int)`);
}

/** Drops an import's staging rows (when it finished, whatever the outcome). */
export async function dropStagedItems(db: Database, importId: string): Promise<void> {
  await db.execute(sql`delete from feed_import_items where import_id = ${importId}::uuid`);
}
