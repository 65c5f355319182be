import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { refreshProductPriceAggregates } from '../db/product-price-aggregates';

export interface OfferPrice {
  product: string;
  store: string;
  /** Kuruş. */
  price: number;
  availability?: 'in-stock' | 'limited' | 'out-of-stock';
  shippingFree?: boolean;
}

/**
 * Sets a store's offer of a product to a price, as the writers do: the offer, its history row and
 * the product's price aggregates in one transaction, so the history row is recorded at the
 * refresh's now().
 */
export async function recordOfferPrice(db: Database, o: OfferPrice): Promise<void> {
  const availability = o.availability ?? 'in-stock';
  const shippingFree = o.shippingFree ?? false;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into store_offers (product_id, store_id, price, product_url, shipping_free, shipping_cost, availability)
      values (${o.product}::uuid, ${o.store}::uuid, ${o.price}, 'https://magaza.example/urun', ${shippingFree},
              ${shippingFree ? 0 : 4990}, ${availability}::availability)
      on conflict (store_id, product_id) do update
        set price = excluded.price, availability = excluded.availability, shipping_free = excluded.shipping_free,
            shipping_cost = excluded.shipping_cost, last_seen_at = now(), updated_at = now()`);
    await tx.execute(sql`
      insert into price_history (offer_id, product_id, store_id, price, availability)
      select id, product_id, store_id, price, availability from store_offers
       where product_id = ${o.product}::uuid and store_id = ${o.store}::uuid`);
    await refreshProductPriceAggregates(tx, [o.product]);
  });
}
