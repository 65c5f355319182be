import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { ProductCard, ProductDetail, StoreOffer } from '@kiyasla/contracts/catalog';
import type { DbHandle } from '../db/client';
import { refreshProductPriceAggregates } from '../db/product-price-aggregates';
import { storeOffers } from '../db/schema/store-offers';
import { useTestApp } from '../test/app';
import {
  invalidateProductReads,
  invalidatePublicReads,
  PublicReadCache,
  setPublicReadCaching,
} from './public-read-cache';

describe('PublicReadCache', () => {
  it('serves a hit without loading again, and loads again after an invalidation', async () => {
    const cache = new PublicReadCache<number>(60_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    invalidatePublicReads();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not store a value whose load was in flight when the catalog changed', async () => {
    const cache = new PublicReadCache<string>(60_000, 10);
    let release!: (v: string) => void;
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    invalidatePublicReads();
    release('old price');
    expect(await slow).toBe('old price');
    expect(await cache.get('k', async () => 'new price')).toBe('new price');
  });

  it('drops only the changed products from a per-product cache, and every listing', async () => {
    const pages = new PublicReadCache<string>(60_000, 10, { perProduct: true });
    const listings = new PublicReadCache<string>(60_000, 10);
    await pages.get('a', async () => 'a, old price');
    await pages.get('b', async () => 'b');
    await listings.get('list', async () => 'list, old price');
    invalidateProductReads(['A']);
    expect(await pages.get('a', async () => 'a, new price')).toBe('a, new price');
    expect(await pages.get('b', async () => 'b reloaded')).toBe('b');
    expect(await listings.get('list', async () => 'list, new price')).toBe('list, new price');
  });

  it("does not store a product's load that was in flight when its price changed", async () => {
    const pages = new PublicReadCache<string>(60_000, 10, { perProduct: true });
    let release!: (v: string) => void;
    const slow = pages.get('a', () => new Promise<string>((r) => (release = r)));
    invalidateProductReads(['a']);
    release('old price');
    expect(await slow).toBe('old price');
    expect(await pages.get('a', async () => 'new price')).toBe('new price');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new PublicReadCache<string>(60_000, 2);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a again'); // touch a: b is now the oldest
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'reloaded')).toBe('a');
    expect(await cache.get('b', async () => 'reloaded')).toBe('reloaded');
  });

  it('answers with an expired entry while one background load refreshes it', async () => {
    vi.useFakeTimers();
    try {
      const cache = new PublicReadCache<number>(1_000, 10);
      let loads = 0;
      const load = async () => ++loads;
      await cache.get('k', load);
      vi.advanceTimersByTime(1_500); // expired, within the second TTL
      expect(await cache.get('k', load)).toBe(1);
      expect(await cache.get('k', load)).toBe(2); // the background load has landed
      expect(loads).toBe(2);
      vi.advanceTimersByTime(2_500); // older than two TTLs: a plain miss
      expect(await cache.get('k', load)).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads every time while caching is off', async () => {
    const cache = new PublicReadCache<number>(60_000, 10);
    let loads = 0;
    setPublicReadCaching(false);
    try {
      await cache.get('k', async () => ++loads);
      await cache.get('k', async () => ++loads);
    } finally {
      setPublicReadCaching(true);
    }
    expect(loads).toBe(2);
  });
});

describe('cached catalog reads and price changes', () => {
  const t = useTestApp();
  let db: DbHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app, db } = t);
  });

  const cheapestPhone = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories/telefon/products?sort=price-low&limit=1' });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: ProductCard[] }).data[0]!;
  };

  const searchHit = async (name: string, id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(name)}` });
    return (res.json() as { data: ProductCard[] }).data.find((p) => p._id === id);
  };

  it('shows a new lowest price in listings and searches as soon as it is recorded', async () => {
    const before = await cheapestPhone();
    expect(await cheapestPhone()).toEqual(before); // now served from the cache
    expect((await searchHit(before.name, before._id))?.currentPrice).toBe(before.currentPrice);

    const [offer] = await db.db
      .select({ id: storeOffers.id, price: storeOffers.price })
      .from(storeOffers)
      .where(and(eq(storeOffers.productId, before._id), eq(storeOffers.isActive, true)))
      .orderBy(asc(storeOffers.price))
      .limit(1);
    const newPrice = offer!.price - 10_000; // 100 TL cheaper
    // Outside a transaction, refreshProductPriceAggregates' own invalidation is the only one.
    await db.db.update(storeOffers).set({ price: newPrice }).where(eq(storeOffers.id, offer!.id));
    await refreshProductPriceAggregates(db.db, [before._id]);

    const after = await cheapestPhone();
    expect(after._id).toBe(before._id);
    expect(after.currentPrice).toBe(newPrice / 100);
    expect((await searchHit(before.name, before._id))?.currentPrice).toBe(newPrice / 100);
  });

  const cheapestOffer = async (productId: string) =>
    (
      await db.db
        .select({ id: storeOffers.id, price: storeOffers.price })
        .from(storeOffers)
        .where(and(eq(storeOffers.productId, productId), eq(storeOffers.isActive, true)))
        .orderBy(asc(storeOffers.price))
        .limit(1)
    )[0]!;
  const detail = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: ProductDetail }).data;
  };
  const offers = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/products/${id}/prices` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: StoreOffer[] }).data;
  };

  it('shows a new price on a cached product page and its offers as soon as it is recorded', async () => {
    const listing = await app.inject({ method: 'GET', url: '/api/products?limit=2' });
    const [first, second] = (listing.json() as { data: ProductCard[] }).data;
    const before = await detail(first!._id);
    await offers(first!._id);
    const otherBefore = await detail(second!._id);

    const offer = await cheapestOffer(first!._id);
    const newPrice = Math.round(offer.price * 0.9);
    await db.db.update(storeOffers).set({ price: newPrice }).where(eq(storeOffers.id, offer.id));
    // Not recorded yet (no aggregate refresh): the cached page still answers — it is cached.
    expect((await detail(first!._id)).currentPrice).toBe(before.currentPrice);

    // The other product's page stays cached across the change: proven by a change behind its back.
    const otherOffer = await cheapestOffer(second!._id);
    const otherPrice = Math.round(otherOffer.price * 0.8);
    await db.db.update(storeOffers).set({ price: otherPrice }).where(eq(storeOffers.id, otherOffer.id));

    await refreshProductPriceAggregates(db.db, [first!._id]);
    const after = await detail(first!._id);
    expect(after.currentPrice).toBe(newPrice / 100);
    expect(after.prices.find((p) => p._id === offer.id)?.price).toBe(newPrice / 100);
    expect((await offers(first!._id)).find((p) => p._id === offer.id)?.price).toBe(newPrice / 100);
    expect((await detail(second!._id)).currentPrice).toBe(otherBefore.currentPrice);

    await refreshProductPriceAggregates(db.db, [second!._id]);
    expect((await detail(second!._id)).currentPrice).toBe(otherPrice / 100);
  });
});
