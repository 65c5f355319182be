import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { listingQueryBase, listingQuerySchema, searchSortSchema } from '@kiyasla/contracts/listing';
import type { Database } from '../../db/client';
import { refreshProductPriceAggregates } from '../../db/product-price-aggregates';
import { createRng, type Rng } from '../../db/seed/prng';
import {
  invalidateProductReads,
  invalidatePublicReads,
  PRICE_ORDER_STALENESS_MS,
  setPriceOrderStaleness,
  setPublicReadCaching,
} from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { useTestApp } from '../../test/app';
import { recordOfferPrice } from '../../test/offer-prices';
import { listingIndexFigures, prewarmListingIndex } from './listing-index';
import {
  listProducts,
  loadFacets,
  searchMatchSetLoads,
  type ListingInput,
  type ListingScope,
} from './products.service';
import { parseQuery, prefixTsQuery } from '../search/search-query';
import { textSearchSql } from '../search/search.repo';
import type { Facets } from '@kiyasla/contracts/catalog';
import { BOUNDED_SEARCH, searchProducts, type SearchInput } from '../search/search.service';

/*
 * The listing index (listing-index.ts) answers a category's listings and facets from memory. These
 * tests hold it to the SQL that answers them otherwise: the same cards in the same order, the same
 * totals and the same facets, for random combinations of every filter, sort and page, and again
 * after the writers change prices, offers and products.
 */

const t = useTestApp();
let db: Database;
/** The same database under another identity, which has no index: its listings come from SQL. */
let sqlOnly: Database;

interface Category {
  id: string;
  slug: string;
  subcategories: string[];
  brands: string[];
  pairs: { key: string; value: string }[];
  prices: number[];
}
let categories: Category[] = [];
let storeSlugs: string[] = [];

beforeAll(async () => {
  db = t.db.db;
  sqlOnly = Object.create(db) as Database;
  // Every listing is computed: an answer cached by one path must not stand for the other.
  setPublicReadCaching(false);
  await prewarmListingIndex(db);
  const cats = sqlRows<{ id: string; slug: string }>(
    await db.execute(sql`select id, slug from categories where parent_id is null order by slug`),
  );
  storeSlugs = sqlRows<{ slug: string }>(await db.execute(sql`select slug from stores order by slug`)).map(
    (r) => r.slug,
  );
  for (const c of cats) {
    const subs = sqlRows<{ slug: string }>(
      await db.execute(sql`select slug from categories where parent_id = ${c.id} order by slug`),
    ).map((r) => r.slug);
    const brands = sqlRows<{ brand: string }>(
      await db.execute(sql`select distinct brand from products where category_id = ${c.id} order by brand`),
    ).map((r) => r.brand);
    const pairs = sqlRows<{ key: string; value: string }>(
      await db.execute(sql`select distinct s.key, s.value from products p
        cross join lateral jsonb_each_text(p.specifications) s(key, value)
        where p.category_id = ${c.id} order by 1, 2`),
    );
    const prices = sqlRows<{ p: number }>(
      await db.execute(sql`select pp.min_price as p from product_prices pp
        where pp.category_id = ${c.id} and pp.min_price is not null order by 1`),
    ).map((r) => Number(r.p));
    categories.push({ id: c.id, slug: c.slug, subcategories: subs, brands, pairs, prices });
  }
  categories = categories.filter((c) => c.brands.length > 0);
});

afterAll(() => setPublicReadCaching(true));

const SORTS = ['popularity', 'price-low', 'price-high', 'rating', 'newest'] as const;

/** A random listing of a random category: 0–3 brands, 0–2 stores, 0–2 specification keys, a price range, flags. */
function randomListing(rng: Rng): { scope: ListingScope; query: Record<string, string | string[]> } {
  const c = rng.pick(categories);
  const scope: ListingScope = { category: c.slug };
  if (c.subcategories.length && rng.chance(0.3)) scope.subcategory = rng.pick(c.subcategories);
  const limit = rng.pick([3, 8, 24]);
  const query: Record<string, string | string[]> = {
    sort: rng.pick(SORTS),
    page: String(limit < 24 && rng.chance(0.4) ? rng.int(2, 4) : 1),
    limit: String(limit),
    facets: rng.chance(0.6) ? 'true' : 'false',
  };
  const brands = rng.sample(c.brands, rng.pick([0, 0, 1, 2, 3]));
  if (rng.chance(0.1)) brands.push('Olmayan Marka');
  if (brands.length) query.brand = brands;
  const stores = rng.sample(storeSlugs, rng.pick([0, 0, 0, 1, 2]));
  if (stores.length) query.store = stores;
  const keys = rng.sample([...new Set(c.pairs.map((p) => p.key))], rng.pick([0, 0, 1, 2]));
  const specs = keys.flatMap((key) =>
    rng.sample(
      c.pairs.filter((p) => p.key === key),
      rng.int(1, 2),
    ),
  );
  if (specs.length) query.spec = specs.map((p) => `${p.key}:${p.value}`);
  if (c.prices.length && rng.chance(0.3)) {
    const a = rng.pick(c.prices);
    const b = rng.pick(c.prices);
    if (rng.chance(0.7)) query.minPrice = String(Math.floor(Math.min(a, b) / 100));
    if (rng.chance(0.7)) query.maxPrice = String(Math.ceil(Math.max(a, b) / 100));
  }
  for (const flag of ['freeShipping', 'inStock', 'priceDropped', 'lowestIn6m']) {
    if (rng.chance(0.1)) query[flag] = 'true';
  }
  if (rng.chance(0.1)) query.featured = 'true';
  return { scope, query };
}

async function both(scope: ListingScope, query: Record<string, string | string[]>) {
  const q = listingQuerySchema.parse(query) as ListingInput;
  const before = listingIndexFigures(db)!.answers;
  const viaIndex = await listProducts(db, scope, q);
  // One pass: a page and its filter panel (cached apart) missed together are counted together.
  expect(listingIndexFigures(db)!.answers, 'the index answered').toBe(before + 1);
  const viaSql = await listProducts(sqlOnly, scope, q);
  return { viaIndex, viaSql };
}

async function expectSameAsSql(rng: Rng, draws: number): Promise<number> {
  let nonEmpty = 0;
  for (let i = 0; i < draws; i++) {
    const { scope, query } = randomListing(rng);
    const { viaIndex, viaSql } = await both(scope, query);
    expect(viaIndex, JSON.stringify({ scope, query })).toEqual(viaSql);
    if (viaSql.items.length) nonEmpty++;
  }
  return nonEmpty;
}

describe('the listing index', () => {
  it('holds every active product of every category', async () => {
    const [row] = sqlRows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from products where is_active`),
    );
    expect(listingIndexFigures(db)).toMatchObject({ products: Number(row!.n) });
  });

  it('answers random filter combinations, sorts and pages exactly as SQL does', async () => {
    const nonEmpty = await expectSameAsSql(createRng('listing-index-1'), 150);
    // The draws are not all empty listings (which would agree trivially).
    expect(nonEmpty).toBeGreaterThan(45);
  });

  it('agrees with SQL on every sort of a whole category, first pages and last (those without a price)', async () => {
    const c = categories.reduce((a, b) => (b.prices.length > a.prices.length ? b : a));
    // Five products lose every offer, so have no price (as the writers do it: announced, the index follows).
    const gone = sqlRows<{ id: string }>(
      await db.execute(sql`select id from products where category_id = ${c.id} and is_active order by id desc limit 5`),
    ).map((r) => r.id);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update store_offers set is_active = false
        where product_id = any(${`{${gone.join(',')}}`}::uuid[])`);
      await refreshProductPriceAggregates(tx, gone);
    });
    const [row] = sqlRows<{ unpriced: number }>(
      await db.execute(sql`select count(*)::int as unpriced from product_prices
        where category_id = ${c.id} and is_active and min_price is null`),
    );
    // Products without a price sort last both ways: the last pages hold them.
    expect(Number(row!.unpriced)).toBeGreaterThanOrEqual(5);
    const pages = Math.ceil((c.prices.length + Number(row!.unpriced) - 5) / 24);
    for (const sort of SORTS) {
      for (const page of [1, 2, 3, pages - 1, pages]) {
        const { viaIndex, viaSql } = await both({ category: c.slug }, { sort, page: String(page), limit: '24' });
        expect(viaIndex).toEqual(viaSql);
        expect(viaIndex.items.length).toBeGreaterThan(0);
      }
    }
  });

  it('counts the facets of its most common brands and specification values from their kept totals, as SQL does, through changes', async () => {
    const c = categories.reduce((a, b) => (b.prices.length > a.prices.length ? b : a));
    expect(listingIndexFigures(db)!.trackedValues).toBeGreaterThan(0);
    const brands = sqlRows<{ brand: string }>(
      await db.execute(sql`select brand from products where category_id = ${c.id} and is_active
        group by brand order by count(*) desc, brand limit 2`),
    ).map((r) => r.brand);
    const pairs = sqlRows<{ key: string; value: string }>(
      await db.execute(sql`select s.key, s.value from products p
        cross join lateral jsonb_each_text(p.specifications) s(key, value)
        where p.category_id = ${c.id} and p.is_active group by 1, 2 order by count(*) desc, 1, 2`),
    );
    const first = pairs[0]!;
    const sameKey = pairs.find((p) => p.key === first.key && p.value !== first.value)!;
    const otherKey = pairs.find((p) => p.key !== first.key)!;
    const spec = (p: { key: string; value: string }) => `${p.key}:${p.value}`;
    // Products of both values, and a store none of them is in (yet).
    const ids = sqlRows<{ id: string }>(
      await db.execute(sql`select id from products where category_id = ${c.id} and is_active and brand = ${brands[0]!}
        and specifications ->> ${first.key} = ${first.value} order by id limit 3`),
    ).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    const [store] = sqlRows<{ id: string; slug: string }>(
      await db.execute(sql`select s.id, s.slug from stores s where s.is_active and not exists (
        select 1 from store_offers o where o.store_id = s.id and o.is_active
          and o.product_id = any(${`{${ids.join(',')}}`}::uuid[])) order by s.slug limit 1`),
    );
    const shapes: Record<string, string | string[]>[] = [
      { brand: brands[0]! },
      { brand: [...brands, 'Olmayan Marka'] },
      { spec: spec(first) },
      { spec: [spec(first), spec(sameKey)] },
      { brand: brands[0]!, spec: spec(otherKey) },
      { spec: [spec(first), spec(otherKey)] },
      { brand: brands[0]!, store: store!.slug },
      { spec: spec(first), minPrice: '1' },
      { brand: brands[0]!, featured: 'true' },
    ];
    const check = async () => {
      let nonEmpty = 0;
      for (const shape of shapes) {
        for (const sort of ['popularity', 'price-low'] as const) {
          const scopes: ListingScope[] = [{ category: c.slug }];
          if (c.subcategories.length) scopes.push({ category: c.slug, subcategory: c.subcategories[0]! });
          for (const scope of scopes) {
            const query = { ...shape, sort, limit: '8', facets: 'true' };
            const { viaIndex, viaSql } = await both(scope, query);
            expect(viaIndex, JSON.stringify({ scope, query })).toEqual(viaSql);
            if (viaSql.items.length) nonEmpty++;
          }
        }
      }
      expect(nonEmpty).toBeGreaterThan(shapes.length);
    };
    await check();

    // Products of those values change: a new store, a price, an offer gone, one deactivated.
    for (const id of ids) await recordOfferPrice(db, { product: id, store: store!.id, price: 123_45 });
    await check();
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update store_offers set is_active = false where product_id = ${ids[0]!} and store_id = ${store!.id}`,
      );
      await refreshProductPriceAggregates(tx, [ids[0]!]);
    });
    await db.execute(sql`update products set is_active = false where id = ${ids[1]!}`);
    invalidatePublicReads();
    await prewarmListingIndex(db);
    await check();
    await db.execute(sql`update products set is_active = true where id = ${ids[1]!}`);
    invalidatePublicReads();
    await prewarmListingIndex(db);
  });

  it("counts a page and its panel in one pass, and the listing's other pages read the panel from its entry", async () => {
    setPublicReadCaching(true);
    try {
      const c = categories.reduce((a, b) => (b.prices.length > a.prices.length ? b : a));
      const scope = { category: c.slug };
      const query = (page: number, facets: boolean) =>
        listingQuerySchema.parse({ page: String(page), limit: '8', facets: String(facets) }) as ListingInput;
      const answers = () => listingIndexFigures(db)!.answers;
      let before = answers();
      const first = await listProducts(db, scope, query(1, true));
      expect(answers()).toBe(before + 1);
      // The page alone is in its own entry.
      before = answers();
      const bare = await listProducts(db, scope, query(1, false));
      expect(answers()).toBe(before);
      expect(bare.items).toEqual(first.items);
      expect(bare.facets).toBeUndefined();
      // Another page: its page is counted, its panel is the first page's.
      const second = await listProducts(db, scope, query(2, true));
      expect(answers()).toBe(before + 1);
      expect(second.facets).toBe(first.facets);
      expect(second.items.map((i) => i._id)).not.toContain(first.items[0]!._id);
      // Both cached: the same reply object (its prepared bytes are kept with it).
      expect(await listProducts(db, scope, query(2, true))).toBe(second);
      expect(answers()).toBe(before + 1);
    } finally {
      // Turning the caches off announces everything: the index is built again before the next test
      // (on PostgreSQL a category being built is answered by SQL).
      setPublicReadCaching(false);
      await prewarmListingIndex(db);
    }
  });

  it('follows price changes, an offer gone, a product deactivated and a store switched off', async () => {
    const rng = createRng('listing-index-changes');
    const c = categories.reduce((a, b) => (b.prices.length > a.prices.length ? b : a));
    const ids = sqlRows<{ id: string }>(
      await db.execute(sql`select id from products where category_id = ${c.id} and is_active order by id limit 40`),
    ).map((r) => r.id);
    const [store] = sqlRows<{ id: string; slug: string }>(
      await db.execute(sql`select id, slug from stores where is_active order by slug limit 1`),
    );
    // New lowest prices, some far below the rest (they move to the top of price-low).
    for (const id of ids.slice(0, 10)) {
      await recordOfferPrice(db, { product: id, store: store!.id, price: rng.int(100, 5_000), shippingFree: true });
    }
    const cheapest = await both({ category: c.slug }, { sort: 'price-low', limit: '10', facets: 'true' });
    expect(cheapest.viaIndex).toEqual(cheapest.viaSql);
    expect(new Set(ids.slice(0, 10))).toEqual(new Set(cheapest.viaIndex.items.map((i) => i._id)));
    await expectSameAsSql(rng, 30);

    // An offer removed: the product's lowest price and stores follow.
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update store_offers set is_active = false where product_id = ${ids[0]!} and store_id = ${store!.id}`,
      );
      await refreshProductPriceAggregates(tx, [ids[0]!]);
    });
    const afterOffer = await both({ category: c.slug }, { sort: 'price-low', limit: '10', facets: 'true' });
    expect(afterOffer.viaIndex).toEqual(afterOffer.viaSql);
    expect(afterOffer.viaIndex.items.map((i) => i._id)).not.toContain(ids[0]);

    // A product deactivated through the admin catalog's path (which announces everything).
    await db.execute(sql`update products set is_active = false where id = ${ids[1]!}`);
    invalidatePublicReads();
    await prewarmListingIndex(db);
    const afterProduct = await both({ category: c.slug }, { sort: 'price-low', limit: '10', facets: 'true' });
    expect(afterProduct.viaIndex).toEqual(afterProduct.viaSql);
    expect(afterProduct.viaIndex.items.map((i) => i._id)).not.toContain(ids[1]);

    // A store switched off (announced as everything): gone from the store facet and filter.
    await db.execute(sql`update stores set is_active = false where id = ${store!.id}`);
    invalidatePublicReads();
    await prewarmListingIndex(db);
    const afterStore = await both({ category: c.slug }, { store: store!.slug, facets: 'true' });
    expect(afterStore.viaIndex).toEqual(afterStore.viaSql);
    expect(afterStore.viaIndex.pagination.total).toBe(0);
    expect(afterStore.viaIndex.facets!.stores.map((s) => s.value)).not.toContain(store!.slug);
    await expectSameAsSql(rng, 30);
    await db.execute(sql`update stores set is_active = true where id = ${store!.id}`);
    invalidatePublicReads();
    await prewarmListingIndex(db);
  });
});

describe("a search's facets, counted by the listing index over the search's matches", () => {
  /** Words shoppers type, per category slug: its brands, words of its product names (with Turkish letters). */
  const wordsOf = new Map<string, string[]>();
  /** And words of category names, a typo. */
  let otherWords: string[] = [];

  beforeAll(async () => {
    for (const c of categories) {
      const nameWords = sqlRows<{ w: string }>(
        await db.execute(sql`select w from products p, regexp_split_to_table(lower(p.name), '[^[:alnum:]]+') as w
          where p.is_active and p.category_id = ${c.id} and length(w) >= 3
          group by w having count(*) >= 2 order by count(*) desc, w limit 10`),
      ).map((r) => r.w);
      wordsOf.set(c.slug, [...c.brands.slice(0, 10), ...nameWords]);
    }
    const categoryNames = sqlRows<{ name: string }>(
      await db.execute(sql`select name from categories order by slug limit 20`),
    ).map((r) => r.name);
    otherWords = [...categoryNames, 'samsnug', 'iphnoe'];
  });

  const searchSchema = listingQueryBase.extend({ sort: searchSortSchema });

  async function bothSearches(q: string, query: Record<string, string | string[]>) {
    const input = searchSchema.parse(query) as SearchInput;
    const before = listingIndexFigures(db)!.answers;
    const viaIndex = await searchProducts(db, q, input);
    expect(listingIndexFigures(db)!.answers, 'the index counted the facets').toBeGreaterThan(before);
    // Its own tuning object keys its own entry: with caching on, it is not the other path's result.
    const viaSql = await searchProducts(sqlOnly, q, input, { ...BOUNDED_SEARCH });
    return { viaIndex, viaSql };
  }

  /** A search of 1–2 words, the whole catalog or a category's, with random filters, sorts and pages. */
  function randomSearch(rng: Rng): { q: string; query: Record<string, string | string[]> } {
    const { scope, query } = randomListing(rng);
    // Mostly words of the listing's category (its filters then narrow what the words match).
    const own = wordsOf.get(scope.category!)!;
    const word = () => (rng.chance(0.8) ? rng.pick(own) : rng.pick(otherWords));
    const q = rng.chance(0.7) ? word() : `${word()} ${word()}`;
    const search: Record<string, string | string[]> = { ...query, facets: 'true' };
    // Four draws in ten without a filter: a search is asked that way most, and most filters leave few matches.
    if (rng.chance(0.4)) {
      for (const key of ['brand', 'store', 'spec', 'minPrice', 'maxPrice', 'featured']) delete search[key];
      for (const flag of ['freeShipping', 'inStock', 'priceDropped', 'lowestIn6m']) delete search[flag];
    }
    // Half of them search the whole catalog (by relevance without a filter: the bounded ranking's path).
    if (rng.chance(0.5)) {
      search.category = scope.category!;
      if (scope.subcategory) search.subcategory = scope.subcategory;
    }
    if (rng.chance(0.3)) search.sort = 'relevance';
    return { q, query: search };
  }

  it('counts them exactly as SQL does, for random searches, scopes, filters and sorts', async () => {
    const rng = createRng('search-facets-index');
    let nonEmpty = 0;
    for (let i = 0; i < 120; i++) {
      const { q, query } = randomSearch(rng);
      const { viaIndex, viaSql } = await bothSearches(q, query);
      expect(viaIndex, JSON.stringify({ q, query })).toEqual(viaSql);
      if (viaSql.pagination.total > 0) nonEmpty++;
    }
    // The draws are not all empty searches (which would agree trivially).
    expect(nonEmpty).toBeGreaterThan(30);
  });

  it('follows price changes and a deactivated product while its matches are cached', async () => {
    setPublicReadCaching(true);
    setPriceOrderStaleness(0);
    try {
      const c = categories.reduce((a, b) => (b.prices.length > a.prices.length ? b : a));
      const brand = c.brands[0]!;
      const input = searchSchema.parse({ facets: 'true', limit: '4' }) as SearchInput;
      const viaIndex = async () => {
        const before = listingIndexFigures(db)!.answers;
        const result = await searchProducts(db, brand, input);
        expect(listingIndexFigures(db)!.answers, 'the index counted the facets').toBeGreaterThan(before);
        return result.facets!;
      };
      // SQL's panel, uncached (the caches' keys do not name the database).
      const viaSql = () => {
        const parsed = parseQuery(brand);
        const search = textSearchSql(
          prefixTsQuery(
            parsed.tokens.map((t) => [t]),
            { wholeSingleLetters: true },
          ),
          parsed.display,
        );
        return loadFacets(sqlOnly, { search }, input, () => undefined);
      };
      expect(await viaIndex()).toEqual(await viaSql());
      const matched = sqlRows<{ id: string }>(
        await db.execute(sql`select id from products where is_active and brand = ${brand} order by id limit 2`),
      ).map((r) => r.id);
      const [store] = sqlRows<{ id: string }>(
        await db.execute(sql`select id from stores where is_active order by slug limit 1`),
      );
      // A new lowest price of the whole search: the price facet's lower end follows.
      const lowest = (await viaSql()).price!.min * 100;
      const price = Math.max(100, Math.floor(lowest / 2));
      const loads = searchMatchSetLoads();
      await recordOfferPrice(db, { product: matched[0]!, store: store!.id, price, shippingFree: true });
      const afterPrice = await viaIndex();
      expect(afterPrice).toEqual(await viaSql());
      expect(afterPrice.price!.min).toBe(Math.floor(price / 100));

      // Deactivated (the admin catalog's path announces everything; here only the product's change
      // is announced, so the cached matches still name it): it is counted no longer.
      await db.execute(sql`update products set is_active = false where id = ${matched[1]!}`);
      invalidateProductReads([matched[1]!]);
      const afterProduct = await viaIndex();
      expect(afterProduct).toEqual(await viaSql());
      const count = (facets: Facets) => facets.brands.find((b) => b.value === brand)!.count;
      expect(count(afterProduct)).toBe(count(afterPrice) - 1);
      // The matches were read once, before the changes: the index counted the changes itself.
      expect(searchMatchSetLoads()).toBe(loads);
      await db.execute(sql`update products set is_active = true where id = ${matched[1]!}`);
      invalidatePublicReads();
      await prewarmListingIndex(db);
    } finally {
      setPriceOrderStaleness(PRICE_ORDER_STALENESS_MS);
      setPublicReadCaching(false);
      await prewarmListingIndex(db);
    }
  });
});
