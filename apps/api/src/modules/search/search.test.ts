import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import type { Suggestion, TrendingTerm } from '@kiyasla/contracts/search';
import type { DbHandle } from '../../db/client';
import { useTestApp } from '../../test/app';
import { searchLog } from '../../db/schema/search-log';
import { invalidateTrending } from './search.service';
import { pruneSearchLog, SEARCH_LOG_RETENTION_DAYS } from './search.repo';

let db: DbHandle;
const t = useTestApp();
let app: FastifyInstance;

beforeAll(async () => {
  ({ app, db } = t);
});

interface SearchBody {
  data: ProductCard[];
  pagination: { total: number; page: number; pages: number };
  query: string;
  correctedQuery: string | null;
}

async function search(q: string, extra = '', remoteAddress = '127.0.0.1'): Promise<SearchBody> {
  const res = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}`, remoteAddress });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json();
}

describe('GET /api/search — the way Turkish shoppers type', () => {
  it('finds headphones for "kulaklik" and "Kulaklık" alike', async () => {
    const plain = await search('kulaklik');
    const turkish = await search('Kulaklık');
    expect(plain.pagination.total).toBeGreaterThan(5);
    expect(turkish.pagination.total).toBe(plain.pagination.total);
    expect(plain.data.slice(0, 10).every((p) => p.category?.slug === 'kulaklik')).toBe(true);
  });

  it('finds iPhones for "IPHONE", "ıphone" and "iphone"', async () => {
    const results = await Promise.all(['IPHONE', 'ıphone', 'iphone', 'İPHONE'].map((q) => search(q)));
    const ids = results.map((r) => r.data.map((p) => p._id).join());
    expect(new Set(ids).size).toBe(1);
    expect(results[0]!.pagination.total).toBeGreaterThan(3);
    expect(results[0]!.data.every((p) => /iphone/i.test(p.name))).toBe(true);
  });

  it('finds chargers and fridges typed without Turkish letters', async () => {
    const sarj = await search('sarj aleti');
    expect(sarj.pagination.total).toBeGreaterThan(0);
    expect(sarj.data.every((p) => /şarj/i.test(p.name))).toBe(true);
    expect((await search('ŞARJ')).pagination.total).toBeGreaterThanOrEqual(sarj.pagination.total);
    const fridge = await search('buzdolabi');
    expect(fridge.pagination.total).toBeGreaterThan(0);
    expect(fridge.data[0]!.category?.slug).toBe('beyaz-esya');
  });

  it('still finds a brand with a one-letter typo', async () => {
    const typo = await search('samsnug galaxy');
    expect(typo.pagination.total).toBeGreaterThan(0);
    expect(typo.data.every((p) => p.brand === 'Samsung')).toBe(true);
    expect(typo.correctedQuery).toBe('samsung galaxy');
    const typo2 = await search('lenova');
    expect(typo2.data.length).toBeGreaterThan(0);
    expect(typo2.data[0]!.brand).toBe('Lenovo');
  });

  it('corrects a typo to its closest word only, not to a far worse common one', async () => {
    // "one" (the folded "öne" of most descriptions) is also close to "onepus", but far less so
    // than "oneplus": taken as well, it made the search match most of the catalog.
    const typo = await search('onepus');
    expect(typo.correctedQuery).toBe('oneplus');
    expect(typo.pagination.total).toBeGreaterThan(0);
    expect(typo.data.every((p) => p.brand === 'OnePlus')).toBe(true);
  });

  it('finds a model by its model number', async () => {
    const s24 = await search('s24 ultra 256');
    expect(s24.pagination.total).toBeGreaterThan(0);
    expect(s24.data[0]!.name).toMatch(/S24 Ultra/);
    expect(s24.data[0]!.name).toMatch(/256/);
  });

  it('ranks name and brand matches above description-only matches', async () => {
    const body = await search('kablosuz');
    expect(body.pagination.total).toBeGreaterThan(0);
    const firstNameHit = body.data.findIndex((p) => /kablosuz/i.test(p.name));
    const firstOther = body.data.findIndex((p) => !/kablosuz/i.test(p.name));
    if (firstNameHit >= 0 && firstOther >= 0) expect(firstNameHit).toBeLessThan(firstOther);
  });

  it('applies listing filters, sorts and facets to the result set', async () => {
    const body = await search('samsung', '&category=telefon&sort=price-low&facets=true');
    expect(body.data.every((p) => p.category?.slug === 'telefon' && p.brand === 'Samsung')).toBe(true);
    const prices = body.data.map((p) => p.currentPrice!);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const res = await app.inject({ method: 'GET', url: '/api/search?q=samsung&facets=true' });
    const facets = res.json().facets;
    expect(facets.brands.map((b: { value: string }) => b.value)).toContain('Samsung');
  });

  it('answers SQL/regex metacharacters and very long queries cleanly', async () => {
    for (const q of ["'; drop table products; --", '.*+?^${}()|[]\\', "%_' or 1=1", '&|!:*<->', '(((', '\u0000x']) {
      const res = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
      expect([200, 400], q).toContain(res.statusCode);
      expect(res.json().success, q).toBe(res.statusCode === 200);
    }
    const long = await app.inject({ method: 'GET', url: `/api/search?q=${'a'.repeat(1000)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const longOk = await app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent('iphone '.repeat(60))}`,
    });
    expect(longOk.statusCode).toBe(200);
    const sugg = await app.inject({ method: 'GET', url: `/api/search/suggestions?q=${'x'.repeat(1000)}` });
    expect(sugg.statusCode).toBe(400);
  });

  it('returns an empty result for nonsense and for a blank query', async () => {
    expect((await search('qqqqzzzzxxxx')).pagination.total).toBe(0);
    expect((await search('   ')).data).toEqual([]);
  });
});

describe('GET /api/search/suggestions', () => {
  async function suggestions(q: string): Promise<Suggestion[]> {
    const res = await app.inject({ method: 'GET', url: `/api/search/suggestions?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  it('mixes categories, brands and products, at most 8', async () => {
    const s = await suggestions('sam');
    expect(s.length).toBeLessThanOrEqual(8);
    expect(s.some((x) => x.type === 'brand' && x.text === 'Samsung')).toBe(true);
    const product = s.find((x) => x.type === 'product');
    expect(product).toBeDefined();
    if (product?.type === 'product') {
      expect(product.url).toBe(`/product/${product._id}`);
      expect(product.image).toMatch(/\.svg/);
      expect(product.price).toBeGreaterThan(0);
    }
    const cat = await suggestions('kulak');
    expect(cat[0]).toMatchObject({ type: 'category', text: 'Kulaklık', url: '/category/kulaklik' });
  });

  it('answers from the first typed character and folds Turkish letters', async () => {
    expect((await suggestions('i')).length).toBeGreaterThan(0);
    const a = await suggestions('ıph');
    const b = await suggestions('IPH');
    expect(a.map((x) => x.text)).toEqual(b.map((x) => x.text));
    expect(a.some((x) => x.type === 'product' && /iPhone/.test(x.text))).toBe(true);
    expect(await suggestions('')).toEqual([]);
  });
});

describe('GET /api/search/trending', () => {
  it('falls back to a curated list on an empty log, then reports real searches', async () => {
    // Start from an empty log: flush what earlier tests searched, then clear it.
    await app.close();
    await db.db.delete(searchLog);
    app = await t.reopen();
    invalidateTrending();
    const empty: TrendingTerm[] = (await app.inject({ method: 'GET', url: '/api/search/trending' })).json().data;
    expect(empty.length).toBeGreaterThan(0);
    expect(empty.every((t) => t.count === 0)).toBe(true);

    // Four visitors, two spellings of one term; one visitor searching again counts once.
    for (let i = 0; i < 3; i++) await search('Kulaklık', '', `10.0.0.${i + 1}`);
    await search('kulaklik', '', '10.0.0.4');
    await search('kulaklik', '', '10.0.0.4');
    await search('iphone');
    await search('qqqqzzzzxxxx'); // no results: never trending
    await app.close(); // flushes the buffered log
    app = await t.reopen();
    invalidateTrending();
    const terms: TrendingTerm[] = (await app.inject({ method: 'GET', url: '/api/search/trending' })).json().data;
    expect(terms[0]).toEqual({ term: 'kulaklık', count: 4 });
    expect(terms.map((t) => t.term)).toContain('iphone');
    expect(terms.map((t) => t.term)).not.toContain('qqqqzzzzxxxx');
    // Topped up from the curated list, without repeating a term in another spelling.
    expect(terms).toHaveLength(10);
    expect(terms.filter((t) => t.term === 'kulaklık' || t.term === 'kulaklik')).toHaveLength(1);
    expect(terms.filter((t) => t.count === 0).length).toBe(8);
  });

  it('counts a term once per visitor and day, and never a term with markup', async () => {
    await app.close();
    await db.db.delete(searchLog);
    app = await t.reopen();
    // One visitor asking ten times (a page rendered on the server passes its shopper's address).
    for (let i = 0; i < 10; i++) await search('samsung', '', '203.0.113.7');
    const ssr = (ip: string) =>
      app.inject({
        method: 'GET',
        url: '/api/search?q=samsung',
        headers: { 'x-internal-token': app.internalToken, 'x-internal-client-ip': ip },
      });
    await ssr('198.51.100.1');
    await ssr('198.51.100.1');
    // A forged address without the internal token is not believed: still 203.0.113.7.
    await app.inject({
      method: 'GET',
      url: '/api/search?q=samsung',
      remoteAddress: '203.0.113.7',
      headers: { 'x-internal-client-ip': '192.0.2.99' },
    });
    await search('samsung <u>', '', '203.0.113.8');
    await app.close();
    app = await t.reopen();
    const rows = await db.db.select().from(searchLog);
    expect(rows.map((r) => r.queryNormalized).sort()).toEqual(['samsung', 'samsung']);
  });

  it('logs a corrected typo under its correction', async () => {
    await app.close();
    await db.db.delete(searchLog);
    app = await t.reopen();
    await search('samsnug');
    await app.close();
    app = await t.reopen();
    invalidateTrending();
    const terms: TrendingTerm[] = (await app.inject({ method: 'GET', url: '/api/search/trending' })).json().data;
    expect(terms[0]).toEqual({ term: 'samsung', count: 1 });
    expect(terms.map((t) => t.term)).not.toContain('samsnug');
  });

  it(`forgets searches older than ${SEARCH_LOG_RETENTION_DAYS} days, in batches`, async () => {
    await app.close();
    await db.db.delete(searchLog);
    app = await t.reopen();
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    await db.db.insert(searchLog).values([
      ...Array.from({ length: 5 }, () => ({
        queryNormalized: 'eski',
        resultCount: 3,
        createdAt: daysAgo(SEARCH_LOG_RETENTION_DAYS + 1),
      })),
      { queryNormalized: 'yeni', resultCount: 3, createdAt: daysAgo(SEARCH_LOG_RETENTION_DAYS - 1) },
      { queryNormalized: 'bugun', resultCount: 3, createdAt: now },
    ]);
    expect(await pruneSearchLog(db.db, { now, batch: 2 })).toBe(5);
    const left = await db.db.select().from(searchLog);
    expect(left.map((r) => r.queryNormalized).sort()).toEqual(['bugun', 'yeni']);
    expect(await pruneSearchLog(db.db, { now, batch: 2 })).toBe(0);
  });
});
