import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { ProductCard, ProductDetail, StoreOffer } from '@kiyasla/contracts/catalog';
import type { Suggestion } from '@kiyasla/contracts/search';
import type { DbHandle } from '../db/client';
import { refreshProductPriceAggregates } from '../db/product-price-aggregates';
import { productPrices } from '../db/schema/product-prices';
import { storeOffers } from '../db/schema/store-offers';
import { useTestApp } from '../test/app';
import {
  invalidateProductReads,
  invalidatePublicReads,
  PRICE_ORDER_STALENESS_MS,
  PublicReadCache,
  readCacheFigures,
  setPublicReadCaching,
} from './public-read-cache';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A clock of the test's own for the caches (Date.now), from now on; `tick` moves it on. */
const ownClock = () => {
  let now = Date.now();
  const spy = vi.spyOn(Date, 'now').mockImplementation(() => now);
  return {
    tick: (ms: number) => void (now += ms),
    [Symbol.dispose]: () => spy.mockRestore(),
  };
};

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

  it('counts its hits, stale answers, misses, and the entries changes dropped or bounded', async () => {
    using clock = ownClock();
    const name = `figures-${Math.random()}`;
    const pages = new PublicReadCache<string>(1_000, 10, { perProduct: true, name });
    const listings = new PublicReadCache<string>(1_000, 10, { name });
    const figures = () => readCacheFigures().find((f) => f.name === name);
    expect(figures()).toEqual({ name, entries: 0, hits: 0, stale: 0, misses: 0, dropped: 0, bounded: 0 });

    await pages.get(uuid(1), async () => 'page 1'); // miss
    await pages.get(uuid(1), async () => 'unused'); // hit
    let listLoads = 0;
    const list = async (tag: (tags: { products: string[] }) => void) => {
      tag({ products: [uuid(2)] });
      return `list ${++listLoads}`;
    };
    await listings.get('shows 2', list); // miss
    await listings.get('by price', async (tag) => {
      tag({ products: [uuid(3)], global: true });
      return 'by price';
    }); // miss
    clock.tick(1_500);
    expect(await listings.get('shows 2', list)).toBe('list 1'); // stale: refreshes in the background
    await new Promise((resolve) => setImmediate(resolve)); // the background load lands
    expect(await listings.get('shows 2', list)).toBe('list 2'); // a hit
    expect(figures()).toMatchObject({ entries: 3, hits: 2, stale: 1, misses: 3, dropped: 0, bounded: 0 });

    // A change of product 1 drops its page; of product 4, bounds the price-ordered listing only.
    invalidateProductReads([uuid(1)]);
    invalidateProductReads([uuid(4)]);
    invalidateProductReads([uuid(4)]); // already bounded: not counted twice
    expect(figures()).toMatchObject({ entries: 2, dropped: 1, bounded: 1 });
    // Unnamed caches are not reported.
    expect(readCacheFigures().every((f) => f.name !== '')).toBe(true);
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

  it('drops a tagged entry only for a change of a product it shows', async () => {
    const pages = new PublicReadCache<string>(60_000, 10);
    const [a, b] = [uuid(1), uuid(2)];
    await pages.get('shows a', async (tag) => {
      tag({ products: [a.toUpperCase()] });
      return 'old';
    });
    await pages.get('untagged', async () => 'old');
    await pages.get('shows nothing', async (tag) => {
      tag({});
      return 'old';
    });
    invalidateProductReads([b], [uuid(100)]);
    expect(await pages.get('shows a', async () => 'new')).toBe('old');
    expect(await pages.get('untagged', async () => 'new')).toBe('new'); // no tags: any change
    invalidateProductReads([a], [uuid(100)]);
    expect(await pages.get('shows a', async () => 'new')).toBe('new');
    expect(await pages.get('shows nothing', async () => 'new')).toBe('old');
  });

  it('keeps a category-tagged entry after a change in its category for at most the bound, and every one of them when the categories are unknown', async () => {
    using clock = ownClock();
    const listings = new PublicReadCache<string>(60_000, 10);
    const [phones, shoes] = [uuid(100), uuid(200)];
    const fill = async () => {
      for (const key of [phones, shoes]) {
        await listings.get(key, async (tag) => {
          tag({ products: [uuid(10)], categories: [key] });
          return 'old';
        });
      }
    };
    await fill();
    invalidateProductReads([uuid(3)], [phones, uuid(101)]);
    // A hit until half the bound after the change …
    clock.tick(PRICE_ORDER_STALENESS_MS / 2 - 1);
    expect(await listings.get(phones, async () => 'new')).toBe('old');
    // … then still served while one background load brings the new value …
    clock.tick(2);
    let loads = 0;
    expect(
      await listings.get(phones, async () => {
        loads++;
        return 'new';
      }),
    ).toBe('old');
    await vi.waitFor(() => expect(loads).toBe(1));
    expect(await listings.get(phones, async () => 'newer')).toBe('new');
    // … and the other category's entry is as it was, long after.
    clock.tick(PRICE_ORDER_STALENESS_MS);
    expect(await listings.get(shoes, async () => 'new')).toBe('old');

    invalidatePublicReads();
    await fill();
    invalidateProductReads([uuid(4)]); // categories never learned: every category-tagged entry
    // Not asked before the bound ran out: from then on a miss, never the old value.
    clock.tick(PRICE_ORDER_STALENESS_MS);
    expect(await listings.get(phones, async () => 'new')).toBe('new');
    expect(await listings.get(shoes, async () => 'new')).toBe('new');
  });

  it('counts the bound from the first change: later ones do not lengthen or restart it', async () => {
    using clock = ownClock();
    const listings = new PublicReadCache<string>(60_000, 10);
    const phones = uuid(100);
    await listings.get('price-sorted phones', async (tag) => {
      tag({ products: [uuid(10)], categories: [phones] });
      return 'old';
    });
    for (let i = 0; i < 20; i++) {
      invalidateProductReads([uuid(20 + i)], [phones]);
      clock.tick(PRICE_ORDER_STALENESS_MS / 20);
    }
    expect(await listings.get('price-sorted phones', async () => 'new')).toBe('new');
  });

  it('drops a global or category-tagged entry at once for a change of a product it shows', async () => {
    const pages = new PublicReadCache<string>(60_000, 10);
    const [shown, other] = [uuid(1), uuid(2)];
    await pages.get('whole catalog by price', async (tag) => {
      tag({ products: [shown], global: true });
      return 'old';
    });
    await pages.get('phones by price', async (tag) => {
      tag({ products: [shown], categories: [uuid(100)] });
      return 'old';
    });
    invalidateProductReads([other], [uuid(100)]);
    expect(await pages.get('whole catalog by price', async () => 'new')).toBe('old');
    expect(await pages.get('phones by price', async () => 'new')).toBe('old');
    invalidateProductReads([shown], [uuid(300)]);
    expect(await pages.get('whole catalog by price', async () => 'new')).toBe('new');
    expect(await pages.get('phones by price', async () => 'new')).toBe('new');
  });

  it("repeats an announced change narrowly after the commit: the products' categories are remembered", async () => {
    using clock = ownClock();
    const listings = new PublicReadCache<string>(60_000, 10);
    const [phones, shoes] = [uuid(100), uuid(200)];
    for (const key of [phones, shoes]) {
      await listings.get(key, async (tag) => {
        tag({ categories: [key] });
        return 'old';
      });
    }
    const batch = [uuid(5), uuid(6)];
    invalidateProductReads(batch, [phones]); // inside the transaction, as announced
    invalidateProductReads([...batch].reverse()); // after the commit, without the categories
    clock.tick(PRICE_ORDER_STALENESS_MS);
    expect(await listings.get(shoes, async () => 'new')).toBe('old');
    expect(await listings.get(phones, async () => 'new')).toBe('new');
  });

  it('stores a load that missed only a change it does not show, with the bound counted from that change', async () => {
    using clock = ownClock();
    const cache = new PublicReadCache<string>(60_000, 10);
    let release!: (v: string) => void;
    const slow = cache.get('phones by price', (tag) => {
      tag({ products: [uuid(1)], categories: [uuid(100)] });
      return new Promise<string>((r) => (release = r));
    });
    invalidateProductReads([uuid(2)], [uuid(100)]);
    clock.tick(PRICE_ORDER_STALENESS_MS / 2 - 1);
    release('loaded before the change landed');
    expect(await slow).toBe('loaded before the change landed');
    expect(await cache.get('phones by price', async () => 'reloaded')).toBe('loaded before the change landed');
    clock.tick(PRICE_ORDER_STALENESS_MS / 2 + 1);
    expect(await cache.get('phones by price', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps its indexes with its entries (evicted entries are not dropped twice)', async () => {
    const cache = new PublicReadCache<string>(60_000, 1);
    await cache.get('first', async (tag) => {
      tag({ products: [uuid(1)] });
      return 'first';
    });
    await cache.get('second', async (tag) => {
      tag({ products: [uuid(1)] });
      return 'second';
    });
    expect(cache.size).toBe(1);
    invalidateProductReads([uuid(1)], []);
    expect(cache.size).toBe(0);
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

  const get = async <T>(url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json() as T;
  };
  const card = async (url: string, id: string) =>
    (await get<{ data: ProductCard[] }>(url)).data.find((p) => p._id === id);
  const suggestion = async (q: string, id: string) =>
    (await get<{ data: Suggestion[] }>(`/api/search/suggestions?q=${encodeURIComponent(q)}`)).data.find(
      (s) => s.type === 'product' && s._id === id,
    ) as Extract<Suggestion, { type: 'product' }> | undefined;
  /** Lowers the product's cheapest offer behind the caches' back (no refresh yet). */
  const lowerBehindTheBack = async (productId: string, factor: number) => {
    const offer = await cheapestOffer(productId);
    const price = Math.round(offer.price * factor);
    await db.db.update(storeOffers).set({ price }).where(eq(storeOffers.id, offer.id));
    return price / 100;
  };
  /** Writes a product's shown price behind the caches' back: a reloaded page would show it. */
  const shownPriceBehindTheBack = async (productId: string, kurus: number) => {
    await db.db.update(productPrices).set({ minPrice: kurus }).where(eq(productPrices.productId, productId));
    return kurus / 100;
  };

  it("a price change reaches every cached page that shows the product, and leaves the others' entries", async () => {
    // P: the most popular phone, on the first page of its category, in searches and suggestions.
    const phones = '/api/categories/telefon/products';
    const p = (await get<{ data: ProductCard[] }>(phones)).data[0]!;
    expect(p.category?.slug).toBe('telefon');
    const search = `/api/search?q=${encodeURIComponent(p.name)}`;
    // S: a phone on the second page (same category, popularity order: does not show P);
    // R: a product of another category, in a price-sorted listing.
    const secondPage = `${phones}?page=2`;
    const s = (await get<{ data: ProductCard[] }>(secondPage)).data[0]!;
    const other = '/api/categories/kulaklik/products?sort=price-low&limit=3';
    const r = (await get<{ data: ProductCard[] }>(other)).data[0]!;
    expect(r.category?.slug).toBe('kulaklik');

    expect((await card(phones, p._id))?.currentPrice).toBe(p.currentPrice);
    expect((await card(search, p._id))?.currentPrice).toBe(p.currentPrice);
    expect((await suggestion(p.name, p._id))?.price).toBe(p.currentPrice);
    expect((await detail(p._id)).currentPrice).toBe(p.currentPrice);

    // Behind the caches' back: S's and R's shown prices change without being announced. A page
    // that is reloaded shows them; a page kept in the cache still shows the old ones.
    await shownPriceBehindTheBack(s._id, Math.round(s.currentPrice! * 100) + 100);
    const rPrice = await lowerBehindTheBack(r._id, 0.5);
    await shownPriceBehindTheBack(r._id, Math.round(r.currentPrice! * 100) + 100);

    const pPrice = await lowerBehindTheBack(p._id, 0.9);
    await refreshProductPriceAggregates(db.db, [p._id]);
    // Everything that shows P shows its new price at once (one instance: no delay at all) …
    expect((await card(phones, p._id))?.currentPrice).toBe(pPrice);
    expect((await card(search, p._id))?.currentPrice).toBe(pPrice);
    expect((await suggestion(p.name, p._id))?.price).toBe(pPrice);
    expect((await detail(p._id)).currentPrice).toBe(pPrice);
    // … while the pages that cannot show P kept their entries: the second page of its category
    // (its order does not read prices) and another category's price-sorted listing.
    expect((await card(secondPage, s._id))?.currentPrice).toBe(s.currentPrice);
    expect((await card(other, r._id))?.currentPrice).toBe(r.currentPrice);

    await refreshProductPriceAggregates(db.db, [r._id]);
    expect((await card(other, r._id))?.currentPrice).toBe(rPrice);
  });

  it('a price change that moves a product it does not show into a price-sorted page, or changes its counts, reaches the page within the bound', async () => {
    using clock = ownClock();
    const cheapest = '/api/categories/telefon/products?sort=price-low&limit=1&facets=true';
    const before = await get<{ data: ProductCard[]; facets: { price: { min: number } | null } }>(cheapest);
    const q = before.data[0]!;
    // P: another phone, made the cheapest of its category (not shown on the page: limit 1).
    const p = (await get<{ data: ProductCard[] }>('/api/categories/telefon/products?sort=price-high&limit=1')).data[0]!;
    expect(p._id).not.toBe(q._id);
    const offer = await cheapestOffer(p._id);
    const target = Math.round(q.currentPrice! * 100) - 100; // 1 TL under Q
    await db.db.update(storeOffers).set({ price: target }).where(eq(storeOffers.id, offer.id));
    await refreshProductPriceAggregates(db.db, [p._id]);
    // Within the bound the page may still be the one before (its card's price is Q's own) …
    clock.tick(PRICE_ORDER_STALENESS_MS / 2 - 1);
    expect((await get<{ data: ProductCard[] }>(cheapest)).data[0]!._id).toBe(q._id);
    // … and from the bound on it is the new one: P first, the filter panel's lowest price P's.
    clock.tick(PRICE_ORDER_STALENESS_MS / 2 + 1);
    const after = await get<{ data: ProductCard[]; facets: { price: { min: number } | null } }>(cheapest);
    expect(after.data[0]!._id).toBe(p._id);
    expect(after.data[0]!.currentPrice).toBe(target / 100);
    expect(after.facets.price?.min).toBe(Math.floor(target / 100));
    expect(before.facets.price?.min).toBeGreaterThan(Math.floor(target / 100));
  });
});
