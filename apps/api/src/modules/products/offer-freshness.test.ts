import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Facets, PriceHistory, ProductCard, ProductDetail, StoreOffer } from '@kiyasla/contracts/catalog';
import type { Database } from '../../db/client';
import { refreshProductPriceAggregates } from '../../db/product-price-aggregates';
import { invalidatePublicReads } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { useTestApp } from '../../test/app';

const t = useTestApp();
let db: Database;

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return (res.json() as { data: T }).data;
}

interface OfferRow {
  id: string;
  store_id: string;
  slug: string;
  price: number;
}

/** A product with at least four active offers whose cheapest offer is strictly the cheapest. */
async function pickProduct(): Promise<{ productId: string; brand: string; offers: OfferRow[] }> {
  const [product] = sqlRows<{ id: string; brand: string }>(
    await db.execute(sql`
      select p.id, p.brand from products p
       where p.is_active
         and (select count(*) from store_offers o where o.product_id = p.id and o.is_active) >= 4
         and (select count(*) from store_offers o where o.product_id = p.id and o.is_active
               and o.price = (select min(price) from store_offers o2 where o2.product_id = p.id and o2.is_active)) = 1
       order by p.id limit 1`),
  );
  const offers = sqlRows<OfferRow>(
    await db.execute(sql`
      select o.id, o.store_id, s.slug, o.price from store_offers o join stores s on s.id = o.store_id
       where o.product_id = ${product!.id}::uuid and o.is_active order by o.price, s.name`),
  ).map((o) => ({ ...o, price: Number(o.price) }));
  return { productId: product!.id, brand: product!.brand, offers };
}

const tl = (kurus: number) => kurus / 100;

/**
 * The product's cheapest offer belongs to a feed-fed store (72-hour window) that last confirmed
 * it 100 hours ago: stale. Its second offer's store is feed-fed too and confirmed it 10 hours
 * ago: fresh. Its third offer's store keeps its prices by hand and last touched it 400 days ago:
 * never stale by age. The stored aggregates are left as they were (no sweep has run yet).
 */
let productId: string;
let brand: string;
let stale: OfferRow;
let fedFresh: OfferRow;
let handKept: OfferRow;
let counting: OfferRow[];

beforeAll(async () => {
  db = t.db.db;
  const picked = await pickProduct();
  ({ productId, brand } = picked);
  [stale, fedFresh, handKept] = picked.offers as [OfferRow, OfferRow, OfferRow];
  counting = picked.offers.slice(1);
  await db.execute(sql`
    update stores set feed_url = 'https://magaza.example/feed.json', freshness_hours = 72
     where id in (${stale.store_id}::uuid, ${fedFresh.store_id}::uuid)`);
  await db.execute(sql`
    update store_offers set last_seen_at = now()
     where store_id in (${stale.store_id}::uuid, ${fedFresh.store_id}::uuid)`);
  await db.execute(
    sql`update store_offers set last_seen_at = now() - interval '100 hours' where id = ${stale.id}::uuid`,
  );
  await db.execute(
    sql`update store_offers set last_seen_at = now() - interval '10 hours' where id = ${fedFresh.id}::uuid`,
  );
  await db.execute(
    sql`update store_offers set last_seen_at = now() - interval '400 days' where id = ${handKept.id}::uuid`,
  );
  invalidatePublicReads();
});

describe('offer freshness on the product page', () => {
  it('marks each offer stale or not, with the time its store last confirmed it', async () => {
    const detail = await get<ProductDetail>(`/api/products/${productId}`);
    const byId = new Map(detail.prices.map((o) => [o._id, o]));
    expect(byId.get(stale.id)).toMatchObject({ stale: true, isActive: true });
    expect(byId.get(fedFresh.id)).toMatchObject({ stale: false });
    expect(byId.get(handKept.id)).toMatchObject({ stale: false });
    const [row] = sqlRows<{ last_seen_at: string | Date }>(
      await db.execute(sql`select last_seen_at from store_offers where id = ${stale.id}::uuid`),
    );
    expect(byId.get(stale.id)!.confirmedAt).toBe(new Date(row!.last_seen_at).toISOString());
    expect(Date.now() - Date.parse(byId.get(handKept.id)!.confirmedAt)).toBeGreaterThan(399 * 86_400_000);
  });

  it('lists the offers that count cheapest first and the stale one after them', async () => {
    const detail = await get<ProductDetail>(`/api/products/${productId}`);
    const active = detail.prices.filter((o) => o.isActive);
    expect(active.map((o) => o._id)).toEqual([...counting.map((o) => o.id), stale.id]);
    // The offers endpoint lists the same offers in the same order.
    expect(await get<StoreOffer[]>(`/api/products/${productId}/prices`)).toEqual(detail.prices);
  });

  it('leaves the stale offer out of the lowest price, the store count and the two cheapest stores, before any sweep', async () => {
    const detail = await get<ProductDetail>(`/api/products/${productId}`);
    expect(detail.currentPrice).toBe(tl(counting[0]!.price));
    expect(detail.price).toBe(tl(counting[0]!.price));
    expect(detail.storeCount).toBe(counting.length);
    expect(detail.stores.map((s) => s.slug)).toEqual(counting.slice(0, 2).map((o) => o.slug));
    // The stored lowest price still has the stale offer until the sweep: the page says it went up.
    expect(detail.priceChange).toMatchObject({ type: 'up' });
  });

  it('leaves it out of the listing card once the prices are recomputed', async () => {
    await refreshProductPriceAggregates(db, [productId]);
    invalidatePublicReads();
    const cards = await get<ProductCard[]>(`/api/products?brand=${encodeURIComponent(brand)}&limit=100`);
    const card = cards.find((c) => c._id === productId)!;
    expect(card.currentPrice).toBe(tl(counting[0]!.price));
    expect(card.storeCount).toBe(counting.length);
    expect(card.stores.map((s) => s.slug)).toEqual(counting.slice(0, 2).map((o) => o.slug));
    const detail = await get<ProductDetail>(`/api/products/${productId}`);
    expect(detail.currentPrice).toBe(card.currentPrice);
    expect(detail.priceChange).toEqual(card.priceChange);
  });

  it('does not count the product as sold by the stale offer’s store in the store filter and its facet', async () => {
    const q = `brand=${encodeURIComponent(brand)}&limit=100&facets=true`;
    const [withStale] = sqlRows<{ n: number }>(
      await db.execute(sql`
        select count(distinct p.id)::int as n from products p join store_offers o on o.product_id = p.id
         where p.is_active and p.brand = ${brand} and o.store_id = ${stale.store_id}::uuid and o.is_active`),
    );
    const filtered = await get<ProductCard[]>(`/api/products?${q}&store=${stale.slug}`);
    expect(filtered.map((c) => c._id)).not.toContain(productId);
    expect(filtered.length).toBe(Number(withStale!.n) - 1);
    const res = await t.app.inject({ method: 'GET', url: `/api/products?${q}` });
    const facets = (res.json() as { facets: Facets }).facets;
    expect(facets.stores.find((s) => s.value === stale.slug)?.count ?? 0).toBe(Number(withStale!.n) - 1);
    // The hand-kept store's old offer still sells the product.
    const kept = await get<ProductCard[]>(`/api/products?${q}&store=${handKept.slug}`);
    expect(kept.map((c) => c._id)).toContain(productId);
  });

  it('ends the stale offer’s price-history line when its window ran out, so the lowest line does not take it', async () => {
    const history = await get<PriceHistory>(`/api/products/${productId}/price-history?range=1m&perStore=true`);
    expect(history.points.at(-1)!.price).toBe(tl(counting[0]!.price));
    expect(history.stats.current).toBe(tl(counting[0]!.price));
    const staleLine = history.stores!.find((s) => s.slug === stale.slug)!;
    const freshLine = history.stores!.find((s) => s.slug === fedFresh.slug)!;
    const today = history.points.at(-1)!.date;
    expect(freshLine.points.at(-1)!.date).toBe(today);
    // Confirmed 100 hours ago with a 72-hour window: it stopped counting 28 hours ago, and its line
    // ends the (Turkish) day before that. 28 hours span one midnight or two, depending on the hour
    // the test runs, so the last point is two or three days back.
    const lastDay = Date.parse(staleLine.points.at(-1)!.date);
    expect(Date.parse(today) - lastDay).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(Date.parse(today) - lastDay).toBeLessThanOrEqual(3 * 86_400_000);
  });
});
