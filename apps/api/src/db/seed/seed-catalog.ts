import { sql } from 'drizzle-orm';
import type { Transaction } from '../client';
import { categories, priceHistory, products, reviews, storeOffers, stores } from '../schema/index';
import { recomputeAdvancedFilterSignals, recomputeCountingStores } from '../product-price-aggregates';
import { insertInBatches } from './batch-insert';
import { buildCatalog, type CatalogRows } from './build-catalog';

export interface CatalogCounts {
  categories: number;
  stores: number;
  products: number;
  offers: number;
  priceHistory: number;
  reviews: number;
}

/** True when the catalog has never been seeded: the categories table is empty. */
export async function catalogIsEmpty(tx: Transaction): Promise<boolean> {
  const result = await tx.execute<{ present: boolean }>(sql`select exists(select 1 from ${categories}) as present`);
  return !result.rows[0]?.present;
}

/**
 * Inserts the demo catalog. Parents go before children (categories before their subcategories,
 * products before offers before history), all inside the caller's transaction.
 */
export async function seedCatalog(tx: Transaction, now: Date): Promise<CatalogCounts> {
  const rows = buildCatalog(now);
  const topLevel = rows.categories.filter((c) => !c.parentId);
  const children = rows.categories.filter((c) => c.parentId);

  await insertInBatches(tx, categories, topLevel);
  await insertInBatches(tx, categories, children);
  await insertInBatches(tx, stores, rows.stores);
  await insertInBatches(tx, products, rows.products);
  await writeProductPrices(tx, rows.productPrices);
  await insertInBatches(tx, storeOffers, rows.offers);
  await insertInBatches(tx, priceHistory, rows.priceHistory);
  // The advanced filters' figures need the offers and their history, written just now (ADR 019).
  await recomputeAdvancedFilterSignals(tx);
  await recomputeCountingStores(tx);
  await insertInBatches(tx, reviews, rows.reviews);
  // The typo-correction dictionary is derived from products; fill it now, not at the first edit.
  await tx.execute(sql`refresh materialized view search_terms`);
  // Fresh statistics, so the first listing queries already get index-friendly plans.
  await tx.execute(sql`analyze`);

  return {
    categories: rows.categories.length,
    stores: rows.stores.length,
    products: rows.products.length,
    offers: rows.offers.length,
    priceHistory: rows.priceHistory.length,
    reviews: rows.reviews.length,
  };
}

/** The products' prices rows exist once the products do (a trigger); this fills them in. */
async function writeProductPrices(tx: Transaction, rows: CatalogRows['productPrices']): Promise<void> {
  const chunk = 2_000;
  for (let start = 0; start < rows.length; start += chunk) {
    const values = rows.slice(start, start + chunk).map((r) => ({
      product_id: r.productId,
      min_price: r.minPrice,
      max_price: r.maxPrice,
      prev_min_price: r.prevMinPrice,
      original_price: r.originalPrice,
      offer_count: r.offerCount,
      price_updated_at: r.priceUpdatedAt?.toISOString() ?? null,
    }));
    await tx.execute(sql`
      update product_prices p
         set min_price = x.min_price, max_price = x.max_price, prev_min_price = x.prev_min_price,
             original_price = x.original_price, offer_count = x.offer_count, price_updated_at = x.price_updated_at
        from json_to_recordset(${JSON.stringify(values)}::json) as x(
          product_id uuid, min_price int, max_price int, prev_min_price int, original_price int,
          offer_count int, price_updated_at timestamptz)
       where p.product_id = x.product_id`);
  }
}
