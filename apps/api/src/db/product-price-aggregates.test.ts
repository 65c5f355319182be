import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import { recordOfferPrice, type OfferPrice } from '../test/offer-prices';
import type { DbHandle } from './client';
import { sqlRows } from '../lib/sql-rows';
import { refreshProductPriceAggregates } from './product-price-aggregates';
import { productPrices } from './schema/product-prices';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('refreshProductPriceAggregates', () => {
  it('takes more products than PostgreSQL has parameters (one array, not one parameter each)', async () => {
    const [product] = await handle.db
      .select({ id: productPrices.productId, minPrice: productPrices.minPrice })
      .from(productPrices)
      .orderBy(productPrices.productId)
      .limit(1);
    await handle.db.update(productPrices).set({ minPrice: 1 }).where(eq(productPrices.productId, product!.id));

    const ids = [product!.id, ...Array.from({ length: 70_000 }, () => randomUUID())];
    await refreshProductPriceAggregates(handle.db, ids);

    const [after] = await handle.db
      .select({ minPrice: productPrices.minPrice })
      .from(productPrices)
      .where(eq(productPrices.productId, product!.id));
    expect(after!.minPrice).toBe(product!.minPrice);
  });
});

describe('refreshProductPriceAggregates: lower_price_seen_at', () => {
  /*
   * One product, two hand-kept stores (never stale by age), prices written as the writers do (the
   * offer, a history row, the refresh, each its own transaction), the clock moved by shifting the
   * product's timestamps back ("aging"). After every step the stored figure must be what its
   * definition gives from the whole history (ADR 019): the latest end of the rows priced below the
   * lowest price and not out of stock, a row ending at its offer's next row or, for the last row,
   * at the offer's confirmation. The steps go through each way the refresh computes it: a rise
   * whose superseded row was below the new lowest, a new all-time low (history since the lowest was
   * set), a fall below an earlier lower price (the whole history), and a rise from an out-of-stock row.
   */
  let product: string;
  let stores: [string, string];

  const db = () => handle.db;

  const setOffer = (store: string, price: number, availability: OfferPrice['availability'] = 'in-stock') =>
    recordOfferPrice(db(), { product, store, price, availability });

  async function age(days: number) {
    await db().execute(sql`update price_history set recorded_at = recorded_at - make_interval(days => ${days})
      where product_id = ${product}::uuid`);
    await db().execute(sql`update product_prices
         set price_updated_at = price_updated_at - make_interval(days => ${days}),
             lower_price_seen_at = lower_price_seen_at - make_interval(days => ${days})
       where product_id = ${product}::uuid`);
    await db().execute(sql`update store_offers set last_seen_at = last_seen_at - make_interval(days => ${days})
      where product_id = ${product}::uuid`);
  }

  /** The stored figure and the one its definition gives, as text (microseconds). */
  async function seen(): Promise<{ stored: string | null; defined: string | null; min: number | null }> {
    const [row] = sqlRows<{ stored: string | null; defined: string | null; min: number | null }>(
      await db().execute(sql`
        select p.lower_price_seen_at::text as stored, p.min_price as min,
               (select max(coalesce(h.next_at, o.last_seen_at))::text
                  from (select offer_id, price, availability,
                               lead(recorded_at) over (partition by offer_id order by recorded_at, id) as next_at
                          from price_history where product_id = p.product_id) h
                  join store_offers o on o.id = h.offer_id
                 where h.price < p.min_price and h.availability <> 'out-of-stock') as defined
          from product_prices p where p.product_id = ${product}::uuid`),
    );
    return { stored: row!.stored, defined: row!.defined, min: row!.min === null ? null : Number(row!.min) };
  }

  beforeAll(async () => {
    stores = sqlRows<{ id: string }>(
      await db().execute(sql`select id from stores where is_active and feed_url is null and feed_last_success_at is null
        order by name limit 2`),
    ).map((r) => r.id) as [string, string];
    expect(stores).toHaveLength(2);
    const [category] = sqlRows<{ id: string }>(await db().execute(sql`select id from categories limit 1`));
    const [row] = sqlRows<{ id: string }>(
      await db().execute(sql`
        insert into products (name, slug, brand, category_id, specifications)
        values ('Fiyat Geçmişi Ürünü', 'fiyat-gecmisi-urunu', 'MarkaZ', ${category!.id}::uuid, '{}'::jsonb)
        returning id`),
    );
    product = row!.id;
  });

  it('matches its definition after every kind of move of the lowest price', async () => {
    const [s1, s2] = stores;
    const steps: [string, () => Promise<void>, { min: number; lower: 'none' | 'now' | 'past' }][] = [
      [
        'first offers',
        async () => (await setOffer(s1, 100_000), await setOffer(s2, 120_000)),
        { min: 100_000, lower: 'none' },
      ],
      // The store holding the lowest price rises: its superseded row was below the new lowest.
      ['rise of the lowest', async () => (await age(10), await setOffer(s1, 110_000)), { min: 110_000, lower: 'now' }],
      // Below every earlier price, though a lower price was seen before the previous lowest.
      ['fall after a rise', async () => (await age(10), await setOffer(s1, 90_000)), { min: 90_000, lower: 'none' }],
      // A new all-time low when none was seen below the previous one: only recent history is read.
      ['new all-time low', async () => (await age(10), await setOffer(s1, 80_000)), { min: 80_000, lower: 'none' }],
      ['other store lower', async () => (await age(1), await setOffer(s2, 70_000)), { min: 70_000, lower: 'none' }],
      ['rise back', async () => (await age(5), await setOffer(s2, 130_000)), { min: 80_000, lower: 'now' }],
      // A fall that is not a new low: 90.000 and 80.000 were on sale before.
      [
        'fall, not a new low',
        async () => (await age(3), await setOffer(s1, 95_000), await age(3), await setOffer(s1, 85_000)),
        { min: 85_000, lower: 'past' },
      ],
      // Out of stock keeps the lowest (min_price counts sold-out offers); the rise after it has
      // no superseded row to go by (it was out of stock): the whole history decides.
      [
        'rise while sold out',
        async () => (
          await age(2),
          await setOffer(s1, 85_000, 'out-of-stock'),
          await age(2),
          await setOffer(s1, 87_000, 'out-of-stock')
        ),
        { min: 87_000, lower: 'past' },
      ],
      [
        'other store leaves',
        async () => (await age(1), await setOffer(s2, 200_000), await setOffer(s1, 60_000)),
        { min: 60_000, lower: 'none' },
      ],
    ];
    for (const [name, step, expected] of steps) {
      await step();
      const figures = await seen();
      expect(figures.min, name).toBe(expected.min);
      expect(figures.stored, name).toBe(figures.defined);
      if (expected.lower === 'none') expect(figures.stored, name).toBeNull();
      else {
        const [{ now }] = sqlRows<{ now: string }>(await db().execute(sql`select now()::text as now`)) as [
          { now: string },
        ];
        const age = Date.parse(now) - Date.parse(figures.stored!);
        if (expected.lower === 'now') expect(age, name).toBeLessThan(60_000);
        else expect(age, name).toBeGreaterThan(60_000);
      }
    }
  });
});
