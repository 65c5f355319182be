import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { offerCounts } from '../../../db/offer-freshness';
import { productPrices } from '../../../db/schema/product-prices';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';

const t = useTestApp();
let adminToken: string;

beforeAll(async () => {
  adminToken = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
});

/** A product whose single lowest counting offer is one store's, with another store's above it. */
async function productLedByOneStore() {
  const { rows } = await t.db.db.execute<{ product_id: string; store_id: string; next_price: number }>(sql`
    with counting as (
      select o.product_id, o.store_id, o.price,
             row_number() over (partition by o.product_id order by o.price, o.id) as rank
        from store_offers o join stores s on s.id = o.store_id
       where ${offerCounts('o', 's')}
    )
    select first.product_id, first.store_id, second.price as next_price
      from counting first
      join counting second on second.product_id = first.product_id and second.rank = 2
     where first.rank = 1 and second.price > first.price
     order by first.product_id
     limit 1`);
  return rows[0]!;
}

const aggregates = async (productId: string) =>
  (
    await t.db.db
      .select({ minPrice: productPrices.minPrice, offerCount: productPrices.offerCount })
      .from(productPrices)
      .where(eq(productPrices.productId, productId))
  )[0]!;

const page = async (productId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
  expect(res.statusCode).toBe(200);
  return body<{ data: ProductDetail }>(res).data;
};

const setActive = async (storeId: string, isActive: boolean) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/stores/${storeId}`,
    headers: bearer(adminToken),
    payload: { isActive },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('deactivating and reactivating a store through the admin API', () => {
  it("takes its offers out of its products' lowest price and store count, and puts them back", async () => {
    const { product_id: productId, store_id: storeId, next_price: nextPrice } = await productLedByOneStore();
    const before = await aggregates(productId);
    expect((await page(productId)).currentPrice).toBe(before.minPrice! / 100); // cached from here on

    await setActive(storeId, false);
    const off = await aggregates(productId);
    expect(off.minPrice).toBe(nextPrice);
    expect(off.offerCount).toBe(before.offerCount - 1);
    expect((await page(productId)).currentPrice).toBe(nextPrice / 100);

    await setActive(storeId, true);
    expect(await aggregates(productId)).toEqual(before);
    expect((await page(productId)).currentPrice).toBe(before.minPrice! / 100);
  });
});
