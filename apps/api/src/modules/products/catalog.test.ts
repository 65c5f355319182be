import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import {
  SPEC_FILTER_KEYS,
  SPEC_LABELS,
  type Facets,
  type PriceHistory,
  type ProductCard,
  type ProductDetail,
  type Review,
  type StoreOffer,
} from '@kiyasla/contracts/catalog';
import type { DbHandle } from '../../db/client';
import { analyticsEvents } from '../../db/schema/analytics-events';
import { categories } from '../../db/schema/categories';
import { productViews } from '../../db/schema/product-views';
import { productPrices } from '../../db/schema/product-prices';
import { products } from '../../db/schema/products';
import { storeOffers } from '../../db/schema/store-offers';
import { stores } from '../../db/schema/stores';
import { useTestApp } from '../../test/app';
import { recordProductViews } from './product-detail.repo';

let db: DbHandle;
const t = useTestApp();
let app: FastifyInstance;

beforeAll(async () => {
  ({ app, db } = t);
});

async function get<T = unknown>(url: string, status = 200): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
  return res.json() as T;
}

interface BruteProduct {
  id: string;
  brand: string;
  minPrice: number | null;
  specs: Record<string, string>;
  stores: Set<string>;
}

/** Every active product of a top-level category, read straight from the tables. */
async function bruteCategory(slug: string): Promise<BruteProduct[]> {
  const [cat] = await db.db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  const rows = await db.db
    .select({
      id: products.id,
      brand: products.brand,
      minPrice: productPrices.minPrice,
      specs: products.specifications,
    })
    .from(products)
    .innerJoin(productPrices, eq(productPrices.productId, products.id))
    .where(and(eq(products.categoryId, cat!.id), eq(products.isActive, true)));
  const offers = await db.db
    .select({ productId: storeOffers.productId, slug: stores.slug })
    .from(storeOffers)
    .innerJoin(stores, eq(stores.id, storeOffers.storeId))
    .where(and(eq(storeOffers.isActive, true), eq(stores.isActive, true)));
  const byProduct = new Map<string, Set<string>>();
  for (const o of offers) {
    const set = byProduct.get(o.productId) ?? new Set();
    set.add(o.slug);
    byProduct.set(o.productId, set);
  }
  return rows.map((r) => ({ ...r, specs: r.specs ?? {}, stores: byProduct.get(r.id) ?? new Set() }));
}

describe('category listing with filters and facets', () => {
  it('paginates with page, pages and total, and stays within bounds', async () => {
    const body = await get<{ data: ProductCard[]; pagination: { page: number; pages: number; total: number } }>(
      '/api/categories/telefon/products?limit=20',
    );
    const brute = await bruteCategory('telefon');
    expect(body.pagination).toMatchObject({ page: 1, total: brute.length, pages: Math.ceil(brute.length / 20) });
    const beyond = await get<{ data: ProductCard[] }>(
      `/api/categories/telefon/products?limit=20&page=${body.pagination.pages + 1}`,
    );
    expect(beyond.data).toEqual([]);
  });

  it('matches a brute-force computation for two groups of filters (OR within, AND across)', async () => {
    const brute = await bruteCategory('telefon');
    const brandCounts = new Map<string, number>();
    for (const p of brute) brandCounts.set(p.brand, (brandCounts.get(p.brand) ?? 0) + 1);
    const [b1, b2] = [...brandCounts.keys()];
    const storageValues = [...new Set(brute.map((p) => p.specs.storage).filter(Boolean))] as string[];
    const s1 = storageValues[0]!;
    const s2 = storageValues[1]!;

    const url =
      `/api/categories/telefon/products?limit=100&facets=true` +
      `&brand=${encodeURIComponent(b1!)}&brand=${encodeURIComponent(b2!)}` +
      `&spec=${encodeURIComponent(`storage:${s1}`)}&spec=${encodeURIComponent(`storage:${s2}`)}`;
    const body = await get<{ data: ProductCard[]; pagination: { total: number }; facets: Facets }>(url);

    const matchBrand = (p: BruteProduct) => p.brand === b1 || p.brand === b2;
    const matchStorage = (p: BruteProduct) => p.specs.storage === s1 || p.specs.storage === s2;
    const expected = brute.filter((p) => matchBrand(p) && matchStorage(p));
    expect(body.pagination.total).toBe(expected.length);
    expect(new Set(body.data.map((p) => p._id))).toEqual(new Set(expected.map((p) => p.id)));

    // Brand facet: counts ignore the brand filter but apply the storage filter.
    const expectedBrands = new Map<string, number>();
    for (const p of brute.filter(matchStorage)) expectedBrands.set(p.brand, (expectedBrands.get(p.brand) ?? 0) + 1);
    expect(new Map(body.facets.brands.map((b) => [b.value, b.count]))).toEqual(expectedBrands);

    // Storage facet: counts ignore the storage filter but apply the brand filter.
    const storageFacet = body.facets.specs.find((g) => g.key === 'storage')!;
    const expectedStorage = new Map<string, number>();
    for (const p of brute.filter(matchBrand)) {
      if (p.specs.storage) expectedStorage.set(p.specs.storage, (expectedStorage.get(p.specs.storage) ?? 0) + 1);
    }
    expect(new Map(storageFacet.values.map((v) => [v.value, v.count]))).toEqual(expectedStorage);

    // An unselected group (RAM) is counted over the fully filtered set.
    const ramFacet = body.facets.specs.find((g) => g.key === 'ram');
    const expectedRam = new Map<string, number>();
    for (const p of expected) if (p.specs.ram) expectedRam.set(p.specs.ram, (expectedRam.get(p.specs.ram) ?? 0) + 1);
    if (expectedRam.size > 1) {
      expect(new Map(ramFacet!.values.map((v) => [v.value, v.count]))).toEqual(expectedRam);
    }
    expect(storageFacet.label).toBe('Depolama');
  });

  it('sorts a filtered category by price across pages exactly as a brute-force sort does', async () => {
    const brute = await bruteCategory('telefon');
    const brandCounts = new Map<string, number>();
    for (const p of brute) brandCounts.set(p.brand, (brandCounts.get(p.brand) ?? 0) + 1);
    const [b1, b2] = [...brandCounts.entries()].sort((a, b) => b[1] - a[1]).map(([brand]) => brand);
    const matching = brute.filter((p) => p.brand === b1 || p.brand === b2);
    expect(matching.length).toBeGreaterThan(10);
    const byPrice = (direction: 1 | -1) =>
      [...matching]
        .sort((a, b) =>
          a.minPrice === b.minPrice
            ? a.id.localeCompare(b.id)
            : a.minPrice === null
              ? 1
              : b.minPrice === null
                ? -1
                : direction * (a.minPrice - b.minPrice),
        )
        .map((p) => p.id);
    for (const [sort, direction] of [
      ['price-low', 1],
      ['price-high', -1],
    ] as const) {
      const ids: string[] = [];
      for (let page = 1; page <= Math.ceil(matching.length / 7); page += 1) {
        const body = await get<{ data: ProductCard[] }>(
          `/api/categories/telefon/products?limit=7&page=${page}&sort=${sort}` +
            `&brand=${encodeURIComponent(b1!)}&brand=${encodeURIComponent(b2!)}`,
        );
        ids.push(...body.data.map((p) => p._id));
      }
      expect(ids, sort).toEqual(byPrice(direction));
    }
  });

  it('filters by store and price range, and reports store facets and the price range', async () => {
    const brute = await bruteCategory('laptop');
    const storeSlug = [...brute[0]!.stores][0]!;
    const prices = brute.map((p) => p.minPrice!).sort((a, b) => a - b);
    const min = Math.floor(prices[Math.floor(prices.length / 4)]! / 100);
    const max = Math.ceil(prices[Math.floor((prices.length * 3) / 4)]! / 100);
    const body = await get<{ data: ProductCard[]; pagination: { total: number }; facets: Facets }>(
      `/api/categories/laptop/products?limit=100&facets=true&store=${storeSlug}&minPrice=${min}&maxPrice=${max}`,
    );
    const inRange = (p: BruteProduct) => p.minPrice! >= min * 100 && p.minPrice! <= max * 100;
    const expected = brute.filter((p) => p.stores.has(storeSlug) && inRange(p));
    expect(body.pagination.total).toBe(expected.length);
    for (const card of body.data) {
      expect(card.currentPrice!).toBeGreaterThanOrEqual(min);
      expect(card.currentPrice!).toBeLessThanOrEqual(max);
    }
    const storeFacet = new Map(body.facets.stores.map((s) => [s.value, s.count]));
    expect(storeFacet.get(storeSlug)).toBe(expected.length);
    // The price range ignores the price filter itself.
    const storeProducts = brute.filter((p) => p.stores.has(storeSlug)).map((p) => p.minPrice!);
    expect(body.facets.price).toEqual({
      min: Math.floor(Math.min(...storeProducts) / 100),
      max: Math.ceil(Math.max(...storeProducts) / 100),
    });
  });

  it('lists a subcategory through ?parent= and through /products?category&subcategory alike', async () => {
    const a = await get<{ data: ProductCard[]; pagination: { total: number } }>(
      '/api/categories/gaming/products?parent=laptop&limit=100',
    );
    const b = await get<{ data: ProductCard[]; pagination: { total: number } }>(
      '/api/products?category=laptop&subcategory=gaming&limit=100',
    );
    expect(a.pagination.total).toBeGreaterThan(0);
    expect(a.data.map((p) => p._id)).toEqual(b.data.map((p) => p._id));
  });

  it('offers as filter groups the keys shoppers choose by, with their Turkish labels, not one-off details', async () => {
    const groups = async (slug: string) =>
      (await get<{ facets: Facets }>(`/api/categories/${slug}/products?limit=1&facets=true`)).facets.specs;
    const whiteGoods = await groups('beyaz-esya');
    expect(whiteGoods.find((g) => g.key === 'spinSpeed')?.label).toBe('Sıkma Devri');
    expect(whiteGoods.map((g) => g.key)).not.toContain('dimensions');
    expect(whiteGoods.map((g) => g.key)).not.toContain('noise');
    const headphones = await groups('kulaklik');
    expect(headphones.map((g) => g.key)).not.toContain('driver');
    for (const group of [...whiteGoods, ...headphones, ...(await groups('televizyon'))]) {
      expect(SPEC_FILTER_KEYS.has(group.key), group.key).toBe(true);
      expect(group.label).toBe(SPEC_LABELS[group.key]);
    }
  });

  it('rejects invalid filter values with 400, not 500', async () => {
    for (const q of ['minPrice=-5', 'maxPrice=abc', 'minPrice=500&maxPrice=100', 'spec=nocolon', 'limit=1000']) {
      const body = await get<{ code: string }>(`/api/categories/telefon/products?${q}`, 400);
      expect(body.code).toBe('VALIDATION_ERROR');
    }
    await get('/api/categories/yok/products', 404);
  });

  it('reads prices as plain decimal numbers only, never hex or exponent forms', async () => {
    for (const q of [
      'minPrice=0x10',
      'minPrice=1e3',
      'maxPrice=1E3',
      'minPrice=0b11',
      'maxPrice=0o17',
      'minPrice=Infinity',
    ]) {
      const body = await get<{ code: string; errors: { path: string }[] }>(`/api/products?${q}`, 400);
      expect(body.code, q).toBe('VALIDATION_ERROR');
      expect(body.errors[0]?.path, q).toMatch(/^querystring\.(min|max)Price$/);
    }
    await get(`/api/search?q=telefon&minPrice=1e3`, 400);
    await get('/api/products?minPrice=16&maxPrice=1000', 200);
    await get('/api/products?minPrice=16.0', 200);
  });

  it('reads pages and limits as decimal digits only, on every paged list', async () => {
    for (const [url, field] of [
      ['/api/products?page=0x2', 'page'],
      ['/api/products?limit=1e1', 'limit'],
      ['/api/search?q=telefon&page=0b10', 'page'],
      ['/api/categories/telefon/products?page=Infinity', 'page'],
      ['/api/products/00000000-0000-4000-8000-000000000000/reviews?page=0o2', 'page'],
      ['/api/sitemap/products/0x1', 'part'],
    ] as const) {
      const body = await get<{ code: string; errors: { path: string; message: string }[] }>(url, 400);
      expect(body.code, url).toBe('VALIDATION_ERROR');
      expect(body.errors[0]?.path, url).toMatch(new RegExp(`\\.${field}$`));
      expect(body.errors[0]?.message, url).toBe('Rakamlarla yazılmış bir tam sayı olmalıdır');
    }
    await get('/api/products?page=2&limit=5', 200);
  });

  it('treats SQL metacharacters in filters as plain values', async () => {
    const body = await get<{ data: ProductCard[] }>(
      `/api/categories/telefon/products?brand=${encodeURIComponent("x' OR '1'='1")}&spec=${encodeURIComponent("ram:' OR 1=1 --")}`,
    );
    expect(body.data).toEqual([]);
  });
});

describe('product detail', () => {
  let card: ProductCard;
  beforeAll(async () => {
    card = (await get<{ data: ProductCard[] }>('/api/products?category=telefon&limit=1')).data[0]!;
  });

  it('returns the product with prices, lowest price and first two stores', async () => {
    const { data } = await get<{ data: ProductDetail }>(`/api/products/${card._id}`);
    expect(data.name).toBe(card.name);
    expect(data.prices.length).toBe(data.storeCount);
    const active = data.prices.filter((p) => p.isActive);
    expect(data.currentPrice).toBe(Math.min(...active.map((p) => p.price)));
    expect(data.stores.map((s) => s.name)).toEqual(active.slice(0, 2).map((p) => p.store.name));
    expect(Object.keys(data.specifications).length).toBeGreaterThan(3);
  });

  it('lists the offers with store, shipping and last update', async () => {
    const { data } = await get<{ data: StoreOffer[] }>(`/api/products/${card._id}/prices`);
    expect(data.length).toBeGreaterThanOrEqual(2);
    for (const offer of data) {
      expect(offer.store.name).toBeTruthy();
      expect(offer.store.logo).toMatch(/\.svg$/);
      expect(typeof offer.shipping.free).toBe('boolean');
      expect(offer.productUrl).toMatch(/^https:\/\//);
      expect(Date.parse(offer.updatedAt)).not.toBeNaN();
    }
    const prices = data.filter((o) => o.isActive).map((o) => o.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it('shows on the product page exactly the offers the offers endpoint lists', async () => {
    // The page reads its offers inside the product's own row; /prices reads them as rows.
    const withInactiveOffer = await db.db
      .selectDistinct({ id: storeOffers.productId })
      .from(storeOffers)
      .where(eq(storeOffers.isActive, false))
      .limit(5);
    const some = await db.db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(15);
    expect(withInactiveOffer.length).toBeGreaterThan(0);
    for (const { id } of [...withInactiveOffer, ...some]) {
      const page = await app.inject({ method: 'GET', url: `/api/products/${id}` });
      if (page.statusCode === 404) continue; // an unlisted product
      const { data } = page.json() as { data: ProductDetail };
      const offers = (await get<{ data: StoreOffer[] }>(`/api/products/${id}/prices`)).data;
      expect(data.prices, id).toEqual(offers);
    }
  });

  it('derives a daily price history whose last point is the current lowest price', async () => {
    const { data } = await get<{ data: PriceHistory }>(
      `/api/products/${card._id}/price-history?range=6m&perStore=true`,
    );
    expect(data.points.length).toBeGreaterThanOrEqual(150);
    expect(data.points.at(-1)!.price).toBe(card.currentPrice);
    expect(data.stats.min).toBe(Math.min(...data.points.map((p) => p.price)));
    expect(data.stats.max).toBe(Math.max(...data.points.map((p) => p.price)));
    expect(data.lowestInDays).toBeGreaterThanOrEqual(1);
    expect(data.stores!.length).toBe(card.storeCount);
    const month = (await get<{ data: PriceHistory }>(`/api/products/${card._id}/price-history?range=1m`)).data;
    expect(month.points).toHaveLength(30);
    const storeSlug = card.stores[0]!.slug;
    const single = (
      await get<{ data: PriceHistory }>(`/api/products/${card._id}/price-history?range=1m&store=${storeSlug}`)
    ).data;
    expect(single.points.at(-1)!.price).toBe(card.stores[0]!.price);
    await get(`/api/products/${card._id}/price-history?range=2y`, 400);
  });

  it('pages, sorts and filters real reviews with a summary', async () => {
    const list = await get<{ data: ProductCard[] }>('/api/products?sort=popularity&limit=1');
    const popular = list.data[0]!;
    const body = await get<{
      data: Review[];
      pagination: { total: number };
      summary: { count: number; average: number; distribution: Record<string, number> };
    }>(`/api/products/${popular._id}/reviews?limit=10&sort=rating`);
    expect(body.summary.count).toBe(popular.ratingsCount);
    expect(body.summary.average).toBeCloseTo(popular.averageRating, 1);
    const ratings = body.data.map((r) => r.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    const five = await get<{ data: Review[]; pagination: { total: number } }>(
      `/api/products/${popular._id}/reviews?rating=5`,
    );
    expect(five.data.every((r) => r.rating === 5)).toBe(true);
    expect(five.pagination.total).toBe(body.summary.distribution['5']);
    await get(`/api/products/${popular._id}/reviews?rating=6`, 400);
  });

  it('answers 404 "Ürün bulunamadı" for unknown or malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const body = await get<{ message: string; code: string }>(`/api/products/${id}`, 404);
      expect(body).toMatchObject({ message: 'Ürün bulunamadı', code: 'PRODUCT_NOT_FOUND' });
      await get(`/api/products/${id}/prices`, 404);
      await get(`/api/products/${id}/price-history`, 404);
      await get(`/api/products/${id}/reviews`, 404);
    }
  });

  it('records product views without slowing the response', async () => {
    // Closing flushes the views buffered by earlier tests, so the count starts clean.
    await app.close();
    app = await t.reopen();
    const viewCount = async () => {
      const [row] = await db.db
        .select({ base: products.viewCount, live: productViews.views })
        .from(products)
        .leftJoin(productViews, eq(productViews.productId, products.id))
        .where(eq(products.id, card._id));
      return row!.base + (row!.live ?? 0);
    };
    const before = await viewCount();
    // The second answer, at least, comes from the product-page cache: it counts all the same.
    await get(`/api/products/${card._id}`);
    await get(`/api/products/${card._id}`);
    // Buffered, not written on the request path...
    expect(await viewCount()).toBe(before);
    // ...and written when the buffer is flushed (here: on shutdown).
    await app.close();
    expect(await viewCount()).toBe(before + 2);
    app = await t.reopen();
  });
});

describe('recordProductViews', () => {
  it('adds every view to the counters and at most the cap to the events, skipping unknown products', async () => {
    const picked = await db.db.select({ id: products.id }).from(products).limit(3);
    const ids = picked.map((p) => p.id);
    const state = async () =>
      Promise.all(
        ids.map(async (id) => {
          const [live] = await db.db
            .select({ views: productViews.views })
            .from(productViews)
            .where(eq(productViews.productId, id));
          const [events] = await db.db
            .select({ n: count() })
            .from(analyticsEvents)
            .where(and(eq(analyticsEvents.productId, id), eq(analyticsEvents.type, 'product_view')));
          return { views: live?.views ?? 0, events: Number(events?.n ?? 0) };
        }),
      );
    const before = await state();
    await recordProductViews(
      db.db,
      new Map([
        [ids[0]!, 1],
        [ids[1]!, 2],
        [ids[2]!, 150],
        ['00000000-0000-4000-8000-000000000000', 5],
      ]),
      100,
    );
    const after = await state();
    expect(after.map((a, i) => a.views - before[i]!.views)).toEqual([1, 2, 150]);
    expect(after.map((a, i) => a.events - before[i]!.events)).toEqual([1, 2, 100]);
  });
});

describe('stores', () => {
  it('lists stores with logos and offer counts, and finds one by slug or id', async () => {
    const { data } = await get<{ data: { _id: string; slug: string; logo: string; offerCount: number }[] }>(
      '/api/stores',
    );
    expect(data.length).toBeGreaterThanOrEqual(8);
    expect(data.every((s) => s.offerCount >= 0 && s.logo)).toBe(true);
    const first = data[0]!;
    expect((await get<{ data: { _id: string } }>(`/api/stores/${first.slug}`)).data._id).toBe(first._id);
    expect((await get<{ data: { slug: string } }>(`/api/stores/${first._id}`)).data.slug).toBe(first.slug);
    const missing = await get<{ message: string }>('/api/stores/yok-magaza', 404);
    expect(missing.message).toBe('Mağaza bulunamadı');
  });

  it("counts each store's active offers", async () => {
    const { data } = await get<{ data: { _id: string; offerCount: number }[] }>('/api/stores');
    const rows = await db.db
      .select({ storeId: storeOffers.storeId, n: count() })
      .from(storeOffers)
      .where(eq(storeOffers.isActive, true))
      .groupBy(storeOffers.storeId);
    const expected = new Map(rows.map((r) => [r.storeId, Number(r.n)]));
    expect(data.some((s) => s.offerCount > 0)).toBe(true);
    for (const store of data) expect(store.offerCount).toBe(expected.get(store._id) ?? 0);
  });
});
