import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuthSession } from '@kiyasla/contracts/auth';
import type { Facets, ProductCard } from '@kiyasla/contracts/catalog';
import type { ProductProsCons } from '@kiyasla/contracts/comparisons';
import { ADVANCED_FILTERS_PREMIUM_MESSAGE } from '@kiyasla/contracts/catalog-constants';
import { messages } from '@kiyasla/contracts/messages';
import type { Database } from '../../db/client';
import { recomputeAdvancedFilterSignals, refreshProductPriceAggregates } from '../../db/product-price-aggregates';
import { invalidatePublicReads } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { sessionCache } from '../auth/session-cache';
import { bearer, registerUser } from '../../test/accounts';
import { useTestApp } from '../../test/app';
import { registerPremiumUser } from '../../test/premium';
import { recordOfferPrice } from '../../test/offer-prices';

/*
 * The premium advanced filters (ADR 019) against a category of four products whose offers and
 * price history are written through the real writers (offer change, history row,
 * refreshProductPriceAggregates) day by day, the clock moved by shifting every timestamp of the
 * fixture back ("aging") between the days:
 *
 *   day  -200  B on sale at 1.500 TL (store 1)
 *   day  -190  B rises to 2.000 TL
 *   day  -100  A at 1.200 TL (store 1, free shipping), D at 4.500 TL (store 1, limited stock)
 *   day   -60  C at 2.800 TL (store 1)
 *   day   -45  D drops to 4.000 TL
 *   day   -40  C rises to 3.000 TL
 *   day   -10  A drops to 1.000 TL
 *   day     0  B's offer goes out of stock; B gets a second offer, inactive, shipping free
 *
 * Expected: free shipping {A} (B's free offer is inactive); in stock {A, C, D}; price dropped in
 * 30 days {A} (D's drop is 45 days old); lowest in 6 months {A, B, D} (B's lower price ended 190
 * days ago, C's only 40).
 */

const t = useTestApp();
let db: Database;
let categorySlug: string;
const ids: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
let stores: [string, string];
let free: AuthSession;
let premium: AuthSession;

const TL = 100;

const setPrice = (product: string, store: string, price: number, extra: { shippingFree?: boolean } = {}) =>
  recordOfferPrice(db, { product, store, price, ...extra });

/** Moves the fixture's past `days` further back, as if that many days passed. */
async function age(days: number) {
  const all = `{${Object.values(ids).join(',')}}`;
  await db.execute(sql`update price_history set recorded_at = recorded_at - make_interval(days => ${days})
    where product_id = any(${all}::uuid[])`);
  await db.execute(sql`update product_prices
       set price_updated_at = price_updated_at - make_interval(days => ${days}),
           lower_price_seen_at = lower_price_seen_at - make_interval(days => ${days})
     where product_id = any(${all}::uuid[])`);
  await db.execute(sql`update store_offers set last_seen_at = last_seen_at - make_interval(days => ${days})
    where product_id = any(${all}::uuid[])`);
}

async function list(query: string, session?: AuthSession) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/categories/${categorySlug}/products?${query}`,
    headers: session ? bearer(session.token) : {},
  });
  return res;
}

async function names(query: string, session: AuthSession = premium): Promise<string[]> {
  const res = await list(query, session);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return (res.json() as { data: ProductCard[] }).data.map((p) => byId[p._id] ?? p._id);
}

beforeAll(async () => {
  db = t.db.db;
  // Two stores that keep their prices by hand: their offers are never stale by age.
  stores = sqlRows<{ id: string }>(
    await db.execute(sql`select id from stores where is_active and feed_url is null and feed_last_success_at is null
      order by name limit 2`),
  ).map((r) => r.id) as [string, string];
  expect(stores).toHaveLength(2);
  categorySlug = 'gelismis-filtre-testi';
  const [category] = sqlRows<{ id: string }>(
    await db.execute(sql`insert into categories (name, slug) values ('Gelişmiş Filtre Testi', ${categorySlug})
      returning id`),
  );
  for (const key of ['A', 'B', 'C', 'D'] as const) {
    const [row] = sqlRows<{ id: string }>(
      await db.execute(sql`
        insert into products (name, slug, brand, category_id, specifications, ratings_count)
        values (${`Filtre Ürünü ${key}`}, ${`filtre-urunu-${key.toLowerCase()}`}, ${key < 'C' ? 'MarkaX' : 'MarkaY'},
                ${category!.id}::uuid, '{}'::jsonb, ${10 - key.charCodeAt(0) + 65})
        returning id`),
    );
    ids[key] = row!.id;
  }
  const [s1, s2] = stores;
  await setPrice(ids.B, s1, 1500 * TL);
  await age(10);
  await setPrice(ids.B, s1, 2000 * TL);
  await age(90);
  await setPrice(ids.A, s1, 1200 * TL, { shippingFree: true });
  await setPrice(ids.D, s1, 4500 * TL);
  await db.execute(sql`update store_offers set availability = 'limited' where product_id = ${ids.D}::uuid`);
  await refreshProductPriceAggregates(db, [ids.D]);
  await age(40);
  await setPrice(ids.C, s1, 2800 * TL);
  await age(15);
  await setPrice(ids.D, s1, 4000 * TL);
  await age(5);
  await setPrice(ids.C, s1, 3000 * TL);
  await age(30);
  await setPrice(ids.A, s1, 1000 * TL, { shippingFree: true });
  await age(10);
  await db.execute(sql`update store_offers set availability = 'out-of-stock' where product_id = ${ids.B}::uuid`);
  await db.execute(sql`
    insert into price_history (offer_id, product_id, store_id, price, availability)
    select id, product_id, store_id, price, availability from store_offers where product_id = ${ids.B}::uuid`);
  await db.execute(sql`
    insert into store_offers (product_id, store_id, price, product_url, shipping_free, shipping_cost, is_active)
    values (${ids.B}::uuid, ${s2}::uuid, 2500 * 100, 'https://magaza.example/b', true, 0, false)`);
  await refreshProductPriceAggregates(db, [ids.B]);
  invalidatePublicReads();

  free = await registerUser(t.app);
  premium = await registerPremiumUser(t);
});

describe('advanced filters: what each one keeps', () => {
  it('without a filter the category lists all four (popularity: A, B, C, D)', async () => {
    expect(await names('')).toEqual(['A', 'B', 'C', 'D']);
  });

  it('free shipping counts only offers that count: B ships free only from an inactive offer', async () => {
    expect(await names('freeShipping=true')).toEqual(['A']);
  });

  it('in stock: B is out of stock at its only active offer; a limited stock counts', async () => {
    expect(await names('inStock=true')).toEqual(['A', 'C', 'D']);
  });

  it('price dropped in the last 30 days: A (10 days ago), not D (45 days ago), not the risers', async () => {
    expect(await names('priceDropped=true')).toEqual(['A']);
  });

  it("lowest in 6 months: not C (lower 40 days ago); B's lower price ended 190 days ago", async () => {
    expect(await names('lowestIn6m=true')).toEqual(['A', 'B', 'D']);
  });

  it('filters combine with AND, with the price sort (the prices-first walk) and with brands (the join)', async () => {
    expect(await names('lowestIn6m=true&sort=price-high')).toEqual(['D', 'B', 'A']);
    expect(await names('inStock=true&lowestIn6m=true&sort=price-low')).toEqual(['A', 'D']);
    expect(await names('brand=MarkaY&inStock=true')).toEqual(['C', 'D']);
    expect(await names('brand=MarkaX&inStock=true&freeShipping=true')).toEqual(['A']);
    expect(await names('inStock=true&maxPrice=3500')).toEqual(['A', 'C']);
  });

  it('the total counts what the filters keep', async () => {
    const res = await list('inStock=true&lowestIn6m=true', premium);
    expect((res.json() as { pagination: { total: number } }).pagination.total).toBe(2);
  });

  it("facets say how many each filter would keep, under the listing's other filters", async () => {
    const facetsOf = async (query: string, session?: AuthSession) =>
      ((await list(`facets=true&${query}`, session)).json() as { facets: Facets }).facets;
    expect((await facetsOf('', free)).advanced).toEqual({
      freeShipping: 1,
      inStock: 3,
      priceDropped: 1,
      lowestIn6m: 3,
    });
    expect((await facetsOf('brand=MarkaY', free)).advanced).toEqual({
      freeShipping: 0,
      inStock: 2,
      priceDropped: 0,
      lowestIn6m: 1,
    });
    expect((await facetsOf('inStock=true', premium)).advanced).toEqual({
      freeShipping: 1,
      inStock: 3,
      priceDropped: 1,
      lowestIn6m: 2,
    });
  });

  it("a rise after the drop ends 'price dropped'; a new low makes a product the lowest again", async () => {
    await setPrice(ids.A, stores[0], 1100 * TL, { shippingFree: true });
    invalidatePublicReads();
    expect(await names('priceDropped=true')).toEqual([]);
    expect(await names('lowestIn6m=true')).toEqual(['B', 'D']);
    await setPrice(ids.C, stores[0], 2700 * TL);
    invalidatePublicReads();
    expect(await names('priceDropped=true')).toEqual(['C']);
    expect(await names('lowestIn6m=true')).toEqual(['B', 'C', 'D']);
    // Back to the fixture's prices for the other tests.
    await setPrice(ids.C, stores[0], 3000 * TL);
    await setPrice(ids.A, stores[0], 1000 * TL, { shippingFree: true });
    invalidatePublicReads();
  });
});

describe('advanced filters: the stored figures', () => {
  const figures = async () =>
    sqlRows<{ product_id: string; free_shipping: boolean; in_stock: boolean; seen: string | null }>(
      await db.execute(sql`select product_id, free_shipping, in_stock, lower_price_seen_at::text as seen
        from product_prices order by product_id`),
    );

  it("the seed's recomputation and migration 0018's backfill agree with the refreshes", async () => {
    const fixture = new Set(Object.values(ids));
    const refreshed = await figures();
    const mine = refreshed.filter((r) => fixture.has(r.product_id));
    // Whole-second comparison: the refresh and the recomputation read the same timestamps.
    await recomputeAdvancedFilterSignals(db);
    const recomputed = await figures();
    expect(recomputed.filter((r) => fixture.has(r.product_id))).toEqual(mine);

    const migration = readFileSync(
      new URL('../../db/migrations/0018_advanced_filter_signals.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    const backfill = migration.filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(s));
    expect(backfill).toHaveLength(2);
    await db.execute(
      sql`update product_prices set free_shipping = false, in_stock = false, lower_price_seen_at = null`,
    );
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await figures()).toEqual(recomputed);
  });

  it('the seeded catalog has products on both sides of free shipping and of a recent price drop', async () => {
    // Every seeded offer is in stock, and every seeded product's synthetic six months hold a
    // campaign dip or a lower store somewhere: in stock and lowest-in-6-months keep all and none.
    const [row] = sqlRows<Record<string, string | number>>(
      await db.execute(sql`select count(*) filter (where free_shipping) as free_shipping,
          count(*) filter (where not free_shipping) as paid_shipping,
          count(*) filter (where min_price < prev_min_price and price_updated_at >= now() - interval '30 days') as dropped,
          count(*) filter (where not (min_price < prev_min_price and price_updated_at >= now() - interval '30 days')) as not_dropped
        from product_prices where min_price is not null and not (product_id = any(${`{${Object.values(ids).join(',')}}`}::uuid[]))`),
    );
    for (const value of Object.values(row!)) expect(Number(value)).toBeGreaterThan(0);
  });
});

describe('advanced filters are premium', () => {
  const refused = (res: Awaited<ReturnType<typeof list>>) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'PREMIUM_REQUIRED',
      message: ADVANCED_FILTERS_PREMIUM_MESSAGE,
    });
  };

  it('a visitor and a free member get 403 PREMIUM_REQUIRED on every listing, never an unfiltered list', async () => {
    for (const session of [undefined, free]) {
      const headers = session ? bearer(session.token) : {};
      refused(await list('freeShipping=true', session));
      refused(await t.app.inject({ method: 'GET', url: '/api/products?inStock=true', headers }));
      refused(await t.app.inject({ method: 'GET', url: '/api/search?q=telefon&priceDropped=true', headers }));
      refused(
        await t.app.inject({
          method: 'GET',
          url: `/api/categories/${categorySlug}/products?lowestIn6m=true&page=2`,
          headers,
        }),
      );
    }
  });

  it('a filter turned off is no filter; a bad token is 401', async () => {
    expect((await list('freeShipping=false&inStock=false')).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products?inStock=true',
      headers: bearer('not-a-token'),
    });
    expect(res.statusCode).toBe(401);
  });

  it('a lapsed premium plan counts as free', async () => {
    const lapsed = await registerPremiumUser(t);
    await db.execute(
      sql`update users set subscription_end = now() - interval '1 day' where id = ${lapsed.user._id}::uuid`,
    );
    sessionCache.clear();
    refused(await list('inStock=true', lapsed));
  });

  it('premium members filter /products and /search as well', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/search?q=telefon', headers: bearer(premium.token) });
    const inStock = await t.app.inject({
      method: 'GET',
      url: '/api/search?q=telefon&inStock=true',
      headers: bearer(premium.token),
    });
    expect(inStock.statusCode).toBe(200);
    const total = (r: typeof all) => (r.json() as { pagination: { total: number } }).pagination.total;
    // The seeded phones are all in stock somewhere: the same results, now for a premium member.
    expect(total(inStock)).toBeGreaterThan(0);
    expect(total(inStock)).toBeLessThanOrEqual(total(all));
    const products = await t.app.inject({
      method: 'GET',
      url: '/api/products?lowestIn6m=true&limit=50',
      headers: bearer(premium.token),
    });
    expect(products.statusCode).toBe(200);
    const cards = (products.json() as { data: ProductCard[] }).data;
    expect(cards.length).toBeGreaterThan(0);
    const [check] = sqlRows<{ kept: string | number; lower: string | number }>(
      await db.execute(sql`select count(*) as kept,
          count(*) filter (where lower_price_seen_at >= now() - interval '180 days') as lower
        from product_prices where product_id = any(${`{${cards.map((c) => c._id).join(',')}}`}::uuid[])`),
    );
    expect(Number(check!.kept)).toBe(cards.length);
    expect(Number(check!.lower)).toBe(0);
  });
});

describe('GET /products/{id}/pros-cons', () => {
  const get = (id: string, session?: AuthSession) =>
    t.app.inject({
      method: 'GET',
      url: `/api/products/${id}/pros-cons`,
      headers: session ? bearer(session.token) : {},
    });

  it('a visitor gets 401, a free member 403 with the analysis message', async () => {
    expect((await get(ids.A)).statusCode).toBe(401);
    const res = await get(ids.A, free);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: messages.comparisons.analysisPremiumOnly });
  });

  it('measures the product against its nearest-priced peers of the category', async () => {
    const res = await get(ids.A, premium);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: ProductProsCons }).data;
    expect(data.comparedWith.map((p) => p._id)).toEqual([ids.B, ids.C, ids.D]);
    expect(data.pros).toContain('En düşük fiyat (₺1.000,00)');
    expect(data.pros).toContain('Ücretsiz kargo seçeneği');
    const dear = (await get(ids.D, premium)).json() as { data: ProductProsCons };
    expect(dear.data.cons).toContain('En yüksek fiyat (₺4.000,00)');
    expect(dear.data.comparedWith.map((p) => p._id)).toEqual([ids.C, ids.B, ids.A]);
  });

  it('an unknown product is 404', async () => {
    const res = await get('00000000-0000-4000-8000-000000000000', premium);
    expect(res.statusCode).toBe(404);
  });
});
