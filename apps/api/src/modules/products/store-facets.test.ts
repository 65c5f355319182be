import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Facets, ProductCard } from '@kiyasla/contracts/catalog';
import type { Database } from '../../db/client';
import { offerCounts } from '../../db/offer-freshness';
import {
  recomputeCountingStores,
  refreshProductPriceAggregates,
  refreshStoreProductPriceAggregates,
} from '../../db/product-price-aggregates';
import { PRICE_ORDER_STALENESS_MS, setPriceOrderStaleness } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { useTestApp } from '../../test/app';
import { sweepStaleOffers } from '../feeds/freshness/freshness-sweep';

/*
 * The store filter and its facet counts read each product's counting stores from its prices row
 * (product_prices.store_ids, migration 0024), kept by the writers of the prices. These tests hold
 * them to the rule itself: an offer counts when it is active, of an active store and fresh
 * (db/offer-freshness.ts), read from the offers every time, after each kind of change.
 */

const t = useTestApp();
let db: Database;
const CATEGORY = 'telefon';

interface Listing {
  data: ProductCard[];
  pagination: { total: number };
  facets: Facets;
}

async function listing(query: string, limit = 1): Promise<Listing> {
  const url = `/api/categories/${CATEGORY}/products?limit=${limit}&facets=true${query}`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as Listing;
}

/** How many active products of the category (and `where`) each store sells by an offer that counts. */
async function storeTruth(where: SQL = sql`true`): Promise<Map<string, number>> {
  const rows = sqlRows<{ slug: string; n: number }>(
    await db.execute(sql`
      select s.slug, count(*)::int as n
        from products p
        join product_prices pp on pp.product_id = p.id
        join store_offers o on o.product_id = p.id
        join stores s on s.id = o.store_id
       where p.is_active and p.category_id = (select id from categories where slug = ${CATEGORY})
         and ${offerCounts('o', 's')} and ${where}
       group by s.slug`),
  );
  return new Map(rows.map((r) => [r.slug, Number(r.n)]));
}

/** Whether the store's listing shows the product (narrowed to the product's price, so it is on page 1). */
async function listedFor(slug: string, productId: string): Promise<boolean> {
  const [row] = sqlRows<{ min_price: number }>(
    await db.execute(sql`select min_price from product_prices where product_id = ${productId}::uuid`),
  );
  const tl = Number(row!.min_price) / 100;
  const range = `&minPrice=${Math.floor(tl)}&maxPrice=${Math.ceil(tl)}`;
  const { data } = await listing(`&store=${slug}${range}`, 100);
  expect(data.length).toBeLessThan(100);
  return data.some((c) => c._id === productId);
}

const counts = (facets: Facets) => new Map(facets.stores.map((s) => [s.value, s.count]));

/** The facet counts equal the rule's, and checking one store lists exactly its count. */
async function expectStoresAsTheRuleSays(query = '', where?: SQL) {
  const truth = await storeTruth(where);
  const { facets } = await listing(query);
  expect(counts(facets)).toEqual(truth);
  for (const [slug, n] of truth) {
    expect((await listing(`${query}&store=${slug}`)).pagination.total, slug).toBe(n);
  }
}

interface Offer {
  id: string;
  product_id: string;
  store_id: string;
  slug: string;
}

/** An active product of the category with at least `stores` counting offers; its offers, by store. */
async function productWithOffers(stores: number, skip = 0): Promise<Offer[]> {
  const [product] = sqlRows<{ id: string }>(
    await db.execute(sql`
      select p.id from products p
       where p.is_active and p.category_id = (select id from categories where slug = ${CATEGORY})
         and (select count(*) from store_offers o join stores s on s.id = o.store_id
               where o.product_id = p.id and ${offerCounts('o', 's')}) >= ${stores}
       order by p.id limit 1 offset ${skip}`),
  );
  return sqlRows<Offer>(
    await db.execute(sql`
      select o.id, o.product_id, o.store_id, s.slug from store_offers o join stores s on s.id = o.store_id
       where o.product_id = ${product!.id}::uuid and ${offerCounts('o', 's')} order by s.slug`),
  );
}

beforeAll(() => {
  db = t.db.db;
  // The subject is the counts' rule after each change, not how long the cache may keep a
  // listing's counts after a change of products it does not show (ADR 010): none here.
  setPriceOrderStaleness(0);
});
afterAll(() => setPriceOrderStaleness(PRICE_ORDER_STALENESS_MS));

describe('the store filter and its facet counts', () => {
  it('match the offers that count for every product of the seed', async () => {
    const [drift] = sqlRows<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from product_prices pp
         where pp.store_ids is distinct from coalesce((
           select array_agg(o.store_id order by o.store_id) from store_offers o join stores s on s.id = o.store_id
            where o.product_id = pp.product_id and ${offerCounts('o', 's')}), '{}'::uuid[])`),
    );
    expect(drift!.n).toBe(0);
    await expectStoresAsTheRuleSays();
  });

  it('follow the other filters: a brand, a price range', async () => {
    const [{ brand }] = sqlRows<{ brand: string }>(
      await db.execute(sql`
        select brand from products where category_id = (select id from categories where slug = ${CATEGORY})
         group by brand order by count(*) desc, brand limit 1`),
    ) as [{ brand: string }];
    await expectStoresAsTheRuleSays(`&brand=${encodeURIComponent(brand)}`, sql`p.brand = ${brand}`);
    await expectStoresAsTheRuleSays(
      '&minPrice=5000&maxPrice=40000',
      sql`pp.min_price between ${5000 * 100} and ${40000 * 100}`,
    );
  });

  it('drop a store whose offer was deactivated, at the refresh that goes with the change', async () => {
    const [gone] = await productWithOffers(3);
    await db.execute(sql`update store_offers set is_active = false where id = ${gone!.id}::uuid`);
    await refreshProductPriceAggregates(db, [gone!.product_id]);
    expect(await listedFor(gone!.slug, gone!.product_id)).toBe(false);
    await expectStoresAsTheRuleSays();
  });

  it('follow a change of stores that leaves every price as it was', async () => {
    // The product's offer of one store gives way to another store's offer on the same terms: the
    // lowest price, count, shipping and stock stay, only the stores change.
    const offers = await productWithOffers(2, 1);
    const [leaving] = offers;
    const [arriving] = sqlRows<{ id: string; slug: string }>(
      await db.execute(sql`
        select s.id, s.slug from stores s
         where s.is_active and not exists (
           select 1 from store_offers o where o.store_id = s.id and o.product_id = ${leaving!.product_id}::uuid)
         order by s.slug limit 1`),
    );
    await db.execute(sql`
      insert into store_offers (product_id, store_id, price, original_price, product_url, availability,
        shipping_free, shipping_cost, shipping_days, external_id, is_active, last_seen_at)
      select product_id, ${arriving!.id}::uuid, price, original_price, product_url || '?yeni', availability,
             shipping_free, shipping_cost, shipping_days, external_id, true, now()
        from store_offers where id = ${leaving!.id}::uuid`);
    await db.execute(sql`update store_offers set is_active = false where id = ${leaving!.id}::uuid`);
    const before = sqlRows<Record<string, unknown>>(
      await db.execute(sql`select min_price, max_price, offer_count from product_prices
        where product_id = ${leaving!.product_id}::uuid`),
    );
    await refreshProductPriceAggregates(db, [leaving!.product_id]);
    const after = sqlRows<Record<string, unknown>>(
      await db.execute(sql`select min_price, max_price, offer_count from product_prices
        where product_id = ${leaving!.product_id}::uuid`),
    );
    expect(after).toEqual(before);
    expect(await listedFor(arriving!.slug, leaving!.product_id)).toBe(true);
    expect(await listedFor(leaving!.slug, leaving!.product_id)).toBe(false);
    await expectStoresAsTheRuleSays();
  });

  it('drop an offer that turned stale with time at the freshness sweep', async () => {
    const [aging] = await productWithOffers(2, 2);
    await db.execute(sql`
      update stores set feed_url = 'https://magaza.example/feed.json', freshness_hours = 72
       where id = ${aging!.store_id}::uuid`);
    await db.execute(sql`update store_offers set last_seen_at = now() where store_id = ${aging!.store_id}::uuid`);
    await db.execute(
      sql`update store_offers set last_seen_at = now() - interval '100 hours' where id = ${aging!.id}::uuid`,
    );
    // Until the sweep the prices row is as the last refresh left it (within five minutes, ADR 019).
    expect(await listedFor(aging!.slug, aging!.product_id)).toBe(true);
    const swept = await sweepStaleOffers(db);
    expect(swept.products).toBeGreaterThanOrEqual(1);
    expect(await listedFor(aging!.slug, aging!.product_id)).toBe(false);
    await expectStoresAsTheRuleSays();
  });

  it('leave out a deactivated store, and count it again when it returns', async () => {
    const [{ id, slug }] = sqlRows<{ id: string; slug: string }>(
      await db.execute(sql`select id, slug from stores where is_active order by slug limit 1`),
    ) as [{ id: string; slug: string }];
    await db.execute(sql`update stores set is_active = false where id = ${id}::uuid`);
    await refreshStoreProductPriceAggregates(db, id);
    expect(counts((await listing('')).facets).has(slug)).toBe(false);
    expect((await listing(`&store=${slug}`)).pagination.total).toBe(0);
    await expectStoresAsTheRuleSays();
    await db.execute(sql`update stores set is_active = true where id = ${id}::uuid`);
    await refreshStoreProductPriceAggregates(db, id);
    expect(counts((await listing('')).facets).get(slug)).toBeGreaterThan(0);
    await expectStoresAsTheRuleSays();
  });

  it('are recomputed for every product by the writers that fill the prices themselves', async () => {
    await db.execute(sql`update product_prices set store_ids = '{}'
      where category_id = (select id from categories where slug = ${CATEGORY})`);
    await recomputeCountingStores(db);
    await expectStoresAsTheRuleSays();
  });

  it("are filled by migration 0024's backfill as the refresh fills them", async () => {
    const stored = async () =>
      sqlRows<{ product_id: string; store_ids: string }>(
        await db.execute(sql`select product_id, store_ids::text from product_prices order by product_id`),
      );
    const refreshed = await stored();
    const backfill = readFileSync(
      new URL('../../db/migrations/0024_counting_stores_of_products.sql', import.meta.url),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s));
    expect(backfill).toHaveLength(1);
    await db.execute(sql`update product_prices set store_ids = '{}'`);
    await db.execute(sql.raw(backfill[0]!));
    expect(await stored()).toEqual(refreshed);
    await expectStoresAsTheRuleSays();
  });
});
