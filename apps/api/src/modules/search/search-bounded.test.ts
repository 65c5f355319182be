import { beforeAll, describe, expect, it } from 'vitest';
import { listingQueryBase, searchSortSchema } from '@kiyasla/contracts/listing';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/products';
import { useTestApp } from '../../test/app';
import { roundDown125, searchProducts, type BoundedSearchTuning } from './search.service';
import { popularWordMatches, wordPrefixPattern } from './search.repo';

// The database's own paths (the walk, the one pass): the word index, which answers first where it
// is on, has its own tests (word-index.test.ts).
const t = useTestApp({ config: { searchIndex: false } });
let db: Database;

beforeAll(() => {
  db = t.db.db;
});

const searchInput = listingQueryBase.extend({ sort: searchSortSchema });
const input = (extra: Record<string, string> = {}) => searchInput.parse(extra);

// The demo catalog is small: sizes that make a common word exceed the bounded candidate set.
const walk: BoundedSearchTuning = { candidates: 5, walkFrom: 1, walkLimit: 10_000 };
const onePass: BoundedSearchTuning = { candidates: 5, walkFrom: Number.MAX_SAFE_INTEGER, walkLimit: 10_000 };

/** Most popular first, as the popularity index orders them (ratings count, then id). */
const byPopularity = (items: ProductCard[]) =>
  [...items]
    .sort((a, b) => b.ratingsCount - a.ratingsCount || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
    .map((p) => p._id);

/** Every result of a search, page by page. */
async function allPages(q: string, tuning: BoundedSearchTuning, limit = 7) {
  const ids: string[] = [];
  const first = await searchProducts(db, q, input({ limit: String(limit) }), tuning);
  for (let page = 1; ; page++) {
    const r =
      page === 1 ? first : await searchProducts(db, q, input({ limit: String(limit), page: String(page) }), tuning);
    if (r.items.length === 0) break;
    ids.push(...r.items.map((p) => p._id));
    if (page > 200) throw new Error('no end');
  }
  return { first, ids };
}

describe('a search with more matches than the bounded candidate set', () => {
  it('gives the same results, page after page, as every match ranked when they fit (default sizes)', async () => {
    // The exact listing path: a sort other than relevance never takes the bounded path.
    const exact = await searchProducts(db, 'kulaklik', input({ sort: 'popularity', limit: '100' }));
    const bounded = await searchProducts(db, 'kulaklik', input({ limit: '100' }));
    expect(exact.pagination.total).toBeGreaterThan(5);
    expect(exact.pagination.total).toBeLessThan(100); // all on one page of 100
    expect(bounded.totalIsLowerBound).toBe(false);
    expect(bounded.pagination.total).toBe(exact.pagination.total);
    expect(new Set(bounded.items.map((p) => p._id))).toEqual(new Set(exact.items.map((p) => p._id)));
  });

  it('ranks the most popular name matches first, then the rest by popularity, with an honest lower bound (walk)', async () => {
    const exact = await searchProducts(db, 'kulaklik', input({ sort: 'popularity', limit: '100' }));
    const ranked = await searchProducts(db, 'kulaklik', input({ limit: '100' }));
    const { first, ids } = await allPages('kulaklik', walk);

    expect(first.totalIsLowerBound).toBe(true);
    expect(first.pagination.total).toBeGreaterThanOrEqual(walk.candidates);
    expect(first.pagination.total).toBeLessThanOrEqual(exact.pagination.total);
    expect(roundDown125(first.pagination.total)).toBe(first.pagination.total);
    expect(first.pagination.pages).toBe(Math.ceil(first.pagination.total / 7));

    // Page 2 continues page 1 and so on: every match once, none twice.
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(exact.items.map((p) => p._id)));

    // The candidates: the 5 most popular products with the word in name, brand, model or category…
    const nameMatch = new RegExp(wordPrefixPattern(['kulaklik']));
    const texts = new Map(
      (
        await db.select({ id: products.id, text: products.searchText }).from(products).where(inArray(products.id, ids))
      ).map((r) => [r.id, r.text]),
    );
    const popular = byPopularity(exact.items);
    const candidates = new Set(popular.filter((id) => nameMatch.test(texts.get(id)!)).slice(0, 5));
    expect(candidates.size).toBe(5);
    expect(new Set(ids.slice(0, 5))).toEqual(candidates);
    // …in the order every match ranked has them (best first)…
    expect(ids.slice(0, 5)).toEqual(ranked.items.map((p) => p._id).filter((id) => candidates.has(id)));
    // …then the other matches, most popular first.
    expect(ids.slice(5)).toEqual(popular.filter((id) => !candidates.has(id)));
  });

  it('ranks the most popular matches, then the rest by popularity, with the exact total (one pass)', async () => {
    const exact = await searchProducts(db, 'kulaklik', input({ sort: 'popularity', limit: '100' }));
    const ranked = await searchProducts(db, 'kulaklik', input({ limit: '100' }));
    const { first, ids } = await allPages('kulaklik', onePass, 4);

    expect(first.totalIsLowerBound).toBe(false);
    expect(first.pagination.total).toBe(exact.pagination.total);
    expect(ids).toHaveLength(exact.pagination.total);
    const popular = byPopularity(exact.items);
    const candidates = new Set(popular.slice(0, 5));
    expect(ids.slice(0, 5)).toEqual(ranked.items.map((p) => p._id).filter((id) => candidates.has(id)));
    expect(ids.slice(5)).toEqual(popular.slice(5));
    // A page that straddles the candidates and the rest.
    const straddle = await searchProducts(db, 'kulaklik', input({ limit: '3', page: '2' }), onePass);
    expect(straddle.items.map((p) => p._id)).toEqual(ids.slice(3, 6));
  });

  it('keeps filters, categories and other sorts on the exact listing path', async () => {
    const filtered = await searchProducts(db, 'kulaklik', input({ category: 'kulaklik' }), walk);
    expect(filtered.totalIsLowerBound).toBe(false);
    const exact = await searchProducts(db, 'kulaklik', input({ category: 'kulaklik', sort: 'popularity' }), walk);
    expect(filtered.pagination.total).toBe(exact.pagination.total);
  });

  it('falls back to one pass when the walk finds too few name matches', async () => {
    // "kablosuz kulaklik": common words, but the walk's limit is too short to find 5 together.
    const exact = await searchProducts(db, 'kablosuz kulaklik', input({ sort: 'popularity', limit: '100' }));
    const short = await searchProducts(db, 'kablosuz kulaklik', input(), { ...walk, walkLimit: 3 });
    expect(short.totalIsLowerBound).toBe(false);
    expect(short.pagination.total).toBe(exact.pagination.total);
  });

  it('answers a query with a one-letter word', async () => {
    const r = await searchProducts(db, 'e kitap okuyucu', input(), walk);
    expect(r.pagination.total).toBeGreaterThanOrEqual(0);
  });
});

describe("the walk of a common word's search", () => {
  it("reads each product's words from the popularity index alone (migration 0022)", async () => {
    // The statement the walk sends, captured, then planned with the table scans ruled out: the
    // choice left is between the index with a visit to each product's row and the index alone.
    let walk: SQL | undefined;
    const capturing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return (query: SQL) => {
          walk ??= query;
          return target.execute(query);
        };
      },
    });
    expect((await popularWordMatches(capturing, [['kulak']], 5, 10_000)).ids.length).toBeGreaterThan(0);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return JSON.stringify(await tx.execute(sql`explain (format json) ${walk!}`));
    });
    expect(plan).toContain('"Node Type":"Index Only Scan"');
    expect(plan).toContain('"Index Name":"products_active_popularity_idx"');
  });
});

describe('roundDown125 and wordPrefixPattern', () => {
  it('rounds down to 1, 2 or 5 times a power of ten', () => {
    expect([0, 0.5, 1, 7, 19, 20, 23_456, 99_999, 100_000].map(roundDown125)).toEqual([
      0, 0, 1, 5, 10, 20, 20_000, 50_000, 100_000,
    ]);
  });

  it('matches a word start, a hyphenated part and a whole one-letter word', () => {
    const re = (alts: string[]) => new RegExp(wordPrefixPattern(alts));
    expect(re(['kulak']).test('sony kulaklik siyah')).toBe(true);
    expect(re(['14801']).test('ky-14801')).toBe(true);
    expect(re(['lak']).test('kulaklik')).toBe(false);
    expect(re(['5']).test('14.5 inc')).toBe(false);
    expect(re(['samsung', 'samsun']).test('samsun')).toBe(true);
    expect(re(['e']).test('e-kitap okuyucu')).toBe(true);
    expect(re(['e']).test('ekran')).toBe(false);
  });
});
