import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { listingQueryBase, searchSortSchema } from '@kiyasla/contracts/listing';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/products';
import { invalidatePublicReads, setPublicReadCaching } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { createRng } from '../../db/seed/prng';
import { writeProductInAdmin } from '../../test/admin-products';
import { useTestApp } from '../../test/app';
import { parseQuery, prefixTsQuery, wordConjunctions } from './search-query';
import { popularMatches, stemmedQuery, stemmedQueryText, textSearchSql } from './search.repo';
import { BOUNDED_SEARCH, indexMatches, searchProducts } from './search.service';
import {
  buildWordIndex,
  WordIndex as WordIndexClass,
  disableWordIndex,
  enableWordIndex,
  MAX_AGE_MS,
  prewarmWordIndex,
  readyWordIndex,
  wordIndexFigures,
  type WordIndex,
} from './word-index';

/**
 * The word index (ADR 006, amendment "The word index") answers a whole-catalog search's matches
 * — how many, and the most popular — from memory. It must answer exactly what the database's one
 * pass over the matches answers, and never from a catalog that has changed since it was read.
 */

const t = useTestApp();
let db: Database;

beforeAll(() => {
  db = t.db.db;
});

const searchInput = listingQueryBase.extend({ sort: searchSortSchema });

/**
 * The database's answer and the index's for a query's alternatives and its raw text (undefined
 * where the index leaves the search to the database), and whether it read a phrase as its words.
 */
async function bothWays(index: WordIndex, alternatives: string[][], raw: string, limit: number) {
  const search = textSearchSql(prefixTsQuery(alternatives, { wholeSingleLetters: true }), raw);
  const words = wordConjunctions(alternatives, await stemmedQueryText(db, raw));
  const popular = words && (await indexMatches(db, index, words, search));
  return {
    database: await popularMatches(db, search, limit),
    index: popular?.(limit),
    phrase: words?.exact === false,
  };
}

/**
 * An index of made-up products (words of very different frequencies, so every way of combining
 * lists is taken: a list alone, lists joined or as a bit set, looked up, merged, tested by bit or
 * bit sets ANDed; each group's set computed, kept or dropped) against the plain reading of the
 * conjunctions.
 */
describe('the word index on its own', () => {
  it("matches what every product's words say, for 300 drawn conjunctions", () => {
    const random = createRng('77').next;
    // Some words start others ("w12" and "w120"), so a whole word and a prefix may be spelt alike.
    const vocabulary = Array.from({ length: 400 }, (_, i) => `w${i}`);
    const products = 6_000;
    // Word i is in about 1 in (1 + i / 4) products: the first words are in most, the last in few.
    const wordsOf = Array.from({ length: products }, () =>
      vocabulary.filter((_, i) => random() * (1 + i / 4) < 1 || random() < 0.002),
    );
    const lexemes = [...vocabulary].sort();
    const lists = lexemes.map((w) => wordsOf.flatMap((words, p) => (words.includes(w) ? [p] : [])));
    const starts = new Int32Array(lexemes.length + 1);
    lists.forEach((list, i) => (starts[i + 1] = starts[i]! + list.length));
    const ids = new Uint32Array(products * 4);
    for (let p = 0; p < products; p++) ids[p * 4 + 3] = p;
    const index = new WordIndexClass(lexemes, starts, Int32Array.from(lists.flat()), ids, 0, Date.now());
    // The same index keeping about ten bit sets of its groups: kept sets keep being dropped.
    const forgetful = new WordIndexClass(lexemes, starts, Int32Array.from(lists.flat()), ids, 0, Date.now(), 8_000);
    const idOf = (p: number) => `00000000-0000-0000-0000-${p.toString(16).padStart(12, '0')}`;
    expect(index.idAt(4_321)).toBe(idOf(4_321));

    const term = () => {
      const w = vocabulary[Math.floor(random() ** 2 * vocabulary.length)]!;
      const cut = random();
      // Whole, or a prefix standing for 1, 10 or 100 words.
      return cut < 0.4
        ? { word: w, prefix: false }
        : { word: w.slice(0, cut < 0.6 ? 4 : cut < 0.8 ? 3 : 2), prefix: true };
    };
    const has = (p: number, t: { word: string; prefix: boolean }) =>
      wordsOf[p]!.some((w) => (t.prefix ? w.startsWith(t.word) : w === t.word));
    for (let i = 0; i < 300; i++) {
      const anyOf = Array.from({ length: 1 + Math.floor(random() * 2) }, () =>
        Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
          Array.from({ length: 1 + Math.floor(random() * 2) }, term),
        ),
      );
      const expected = Array.from({ length: products }, (_, p) => p).filter((p) =>
        anyOf.some((conjunction) => conjunction.every((group) => group.some((t) => has(p, t)))),
      );
      const limit = 1 + Math.floor(random() * 60);
      // Asked twice of each: the second answer takes the groups' sets that the first kept.
      for (const asked of [index, index, forgetful, forgetful]) {
        expect(asked.popularMatches(anyOf, limit), JSON.stringify(anyOf)).toEqual({
          ids: expected.slice(0, limit).map(idOf),
          total: expected.length,
        });
      }
    }
    expect(forgetful.keptSetBytes).toBeGreaterThan(0);
    expect(forgetful.keptSetBytes).toBeLessThanOrEqual(8_000);
    expect(index.hasWordStartingWith('w12')).toBe(true);
    expect(index.hasWordStartingWith('w399')).toBe(true);
    expect(index.hasWordStartingWith('w400')).toBe(false);
  });
});

describe('the matches of a search, from the word index', () => {
  it('are those of the database, for 200 drawn queries: count and most popular, in order', async () => {
    // An inactive product has words too: neither answer may count it.
    await db.execute(
      sql`update ${products} set is_active = false where id = (select min(id::text)::uuid from ${products})`,
    );
    invalidatePublicReads();
    const index = (await buildWordIndex(db))!;
    const names = sqlRows<{ name: string; description: string | null }>(
      await db.execute(sql`select name, description from ${products} order by id`),
    );
    const random = createRng('1602').next;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    let many = 0;
    let stemmedOnly = 0;
    let unread = 0;
    let phrases = 0;
    for (let i = 0; i < 200; i++) {
      const product = pick(names);
      // Words of a name or a description as a shopper types them: whole, cut short, or misspelt.
      const text = random() < 0.7 || !product.description ? product.name : product.description;
      const words = text.split(/\s+/).filter(Boolean);
      const from = Math.floor(random() * words.length);
      let raw = words.slice(from, from + 1 + Math.floor(random() * 3)).join(' ');
      if (random() < 0.3) raw = raw.slice(0, Math.max(1, raw.length - 1 - Math.floor(random() * 4)));
      if (random() < 0.1) raw = `${raw} ve`;
      const tokens = parseQuery(raw).tokens;
      if (tokens.length === 0) continue;
      // Sometimes a second spelling of a token, as a correction gives.
      const alternatives = tokens.map((token) => (random() < 0.15 ? [token, pick(tokens).slice(0, 3)] : [token]));
      const limit = random() < 0.5 ? 5 : 50;
      // The stemmed query from its words' stems is the query's own.
      expect(await stemmedQuery(db, parseQuery(raw).display), raw).toBe(
        await stemmedQueryText(db, parseQuery(raw).display),
      );
      const answer = await bothWays(index, alternatives, raw, limit);
      if (!answer.index) {
        unread++;
        continue;
      }
      expect(answer.index, `${raw} ${JSON.stringify(alternatives)}`).toEqual(answer.database);
      if (answer.phrase) phrases++;
      if (answer.database.total > limit) many++;
      const foldedOnly = await popularMatches(
        db,
        {
          where: sql`search_vector @@ to_tsquery('simple', ${prefixTsQuery(alternatives, { wholeSingleLetters: true })})`,
        },
        1,
      );
      if (foldedOnly.total < answer.database.total) stemmedOnly++;
    }
    // The draws reached past the limit, and matched through the Turkish stems alone.
    expect(many).toBeGreaterThan(20);
    expect(stemmedOnly).toBeGreaterThan(0);
    // Phrases of separate words were read as their words and checked; only a query with a quote,
    // or whose phrase's words too many products have, is left to the database.
    expect(phrases).toBeGreaterThan(0);
    expect(unread).toBeLessThan(20);
  });

  it('reads a stemmed query of words and phrases joined by AND, and leaves any other to the database', () => {
    const folded = [[{ word: 'kablosuz', prefix: true }], [{ word: 'e', prefix: false }]];
    const whole = (...words: string[]) => words.map((word) => [{ word, prefix: false }]);
    expect(wordConjunctions([['kablosuz'], ['e']], `'kablosuz' & 'kulaklık'`)).toEqual({
      conjunctions: [folded, whole('kablosuz', 'kulaklık')],
      exact: true,
    });
    // Only stop words: the stemmed query is empty and matches nothing more.
    expect(wordConjunctions([['kablosuz'], ['e']], '')).toEqual({ conjunctions: [folded], exact: true });
    // A hyphenated word: its whole word alone, exactly.
    expect(wordConjunctions([['usb'], ['c'], ['kablo']], `'usb-c' <-> 'usb' <-> 'c' & 'kablo'`)).toEqual({
      conjunctions: [
        [[{ word: 'usb', prefix: true }], [{ word: 'c', prefix: false }], [{ word: 'kablo', prefix: true }]],
        whole('usb-c', 'kablo'),
      ],
      exact: true,
    });
    // Other phrases need the words' positions: their words, each once, for the database to check.
    const phrase = (alternatives: string[][], stemmed: string) => {
      const words = wordConjunctions(alternatives, stemmed);
      return words && { stemmed: words.conjunctions[1], exact: words.exact };
    };
    expect(phrase([['18'], ['45']], `'18' <-> '-45'`)).toEqual({ stemmed: whole('18', '-45'), exact: false });
    expect(phrase([['usb'], ['c']], `'usb' <-> 'c'`)).toEqual({ stemmed: whole('usb', 'c'), exact: false });
    expect(phrase([['a'], ['b']], `'a-b' <-> 'a' <-> 'c'`)).toEqual({ stemmed: whole('a-b', 'a', 'c'), exact: false });
    expect(phrase([['a'], ['b']], `'a-b' <2> 'a' <-> 'b'`)).toEqual({ stemmed: whole('a-b', 'a', 'b'), exact: false });
    expect(phrase([['a'], ['b']], `'nikon' & 'a' <-> 'b' & 'a'`)).toEqual({
      stemmed: whole('nikon', 'a', 'b'),
      exact: false,
    });
    // An "or", a negation, an escaped quote: the database's.
    expect(wordConjunctions([['a'], ['b']], `'a' | 'b'`)).toBeUndefined();
    expect(wordConjunctions([['a']], `!'a'`)).toBeUndefined();
    expect(wordConjunctions([['a'], ['b']], `'a' <-> !'b'`)).toBeUndefined();
    expect(wordConjunctions([['it']], `'it''s'`)).toBeUndefined();
  });
});

const searchIds = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { _id: string }[] }>().data.map((p) => p._id);
};

describe('the search page with the word index', () => {
  it('answers from the index, and finds a product created or renamed in the admin at once', async () => {
    const answered = () => wordIndexFigures(db)!.answers;
    const before = answered();
    expect((await searchIds('kulaklik')).length).toBeGreaterThan(0);
    // The embedded database waits for the build; on PostgreSQL SQL answers until it is built.
    if (!wordIndexFigures(db)!.products) await prewarmWordIndex(db);
    // Another query: the first one's page is cached.
    expect((await searchIds('kulakl')).length).toBeGreaterThan(0);
    expect(answered()).toBeGreaterThan(before);

    const product = await writeProductInAdmin(t, 'Deneme qoxvirnat kulaklık');
    expect(await searchIds('qoxvirnat')).toEqual([product._id]);
    await writeProductInAdmin(t, 'Deneme plizgort kulaklık', product);
    expect(await searchIds('qoxvirnat')).toEqual([]);
    expect(await searchIds('plizgo')).toEqual([product._id]);
  });

  it('gives the same pages and totals as the database without it', async () => {
    const queries = [
      'kulaklik',
      'samsung telefon',
      'iphone 1',
      'kablosuz kulaklıklar',
      'samsnug',
      'usb-c kablo',
      'wi-fi',
      'usb-a şarj',
      'e',
      // Phrases of separate words ('16' <-> '-50'): their words from the index, checked by the database.
      '2024-01',
      '16-50',
      'sony 16-50 mm',
    ];
    const pages = ['1', '2', '3'].map((page) => searchInput.parse({ limit: '12', page }));
    // The default candidates, and 5: pages past the ranked candidates, then the rest by popularity.
    const tunings = [BOUNDED_SEARCH, { candidates: 5, walkFrom: Number.MAX_SAFE_INTEGER, walkLimit: 10_000 }];
    const answers = async () => {
      const all = [];
      for (const q of queries)
        for (const page of pages) for (const tuning of tunings) all.push(await searchProducts(db, q, page, tuning));
      return all;
    };
    // A product with the phrase's words apart ('16' … '-50'): the index has it among the words'
    // products, the phrase does not match it.
    const apart = await writeProductInAdmin(t, 'Deneme termos 16 saat sıcak tutar, -50 derecede donmaz');
    // Every search computed, none kept from the other way.
    setPublicReadCaching(false);
    try {
      const words = wordConjunctions([['16'], ['50']], await stemmedQueryText(db, '16-50'))!;
      expect(words.exact).toBe(false);
      // On PostgreSQL the write's announcement (NOTIFY) may throw away a build that overlaps it:
      // built again until an index holds the new product.
      await expect
        .poll(
          async () => {
            await prewarmWordIndex(db);
            return (await readyWordIndex(db))?.popularMatches(words.conjunctions, 1_000).ids.includes(apart._id);
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      const before = wordIndexFigures(db)!.answers;
      const withIndex = await answers();
      expect(wordIndexFigures(db)!.answers - before).toBe(queries.length * pages.length * 2);
      // The phrase "16-50" has products (lenses), and not the one with its words apart.
      const phrasePage = withIndex[queries.indexOf('16-50') * pages.length * tunings.length]!;
      expect(phrasePage.pagination.total).toBeGreaterThan(0);
      expect(phrasePage.items.map((p) => p._id)).not.toContain(apart._id);
      expect(withIndex.filter((r) => r.pagination.total > 24).length).toBeGreaterThan(4);
      disableWordIndex(db);
      expect(await answers()).toEqual(withIndex);
    } finally {
      enableWordIndex(db, { background: t.db.kind === 'postgres' });
      setPublicReadCaching(true);
    }
  });
});

describe('a build of the word index', () => {
  it('is thrown away when the catalog changes while it reads, and the next search builds it again', async () => {
    invalidatePublicReads();
    const building = prewarmWordIndex(db);
    // An admin edit's announcement, while the first statement is out.
    invalidatePublicReads();
    expect(await building).toBeUndefined();
    expect(wordIndexFigures(db)!.products).toBe(0);

    const found = await searchProducts(db, 'kulaklik', searchInput.parse({}));
    expect(found.items.length).toBeGreaterThan(0);
    if (!wordIndexFigures(db)!.products) await prewarmWordIndex(db);
    expect(wordIndexFigures(db)!.products).toBeGreaterThan(0);
  });
});

describe('the bound on a lost announcement', () => {
  it('builds the index again after MAX_AGE_MS only when a product changed its words without a word', async () => {
    if (!wordIndexFigures(db)!.products) await prewarmWordIndex(db);
    let clock = Date.now();
    /** Moves the clock past the bound and searches (which asks whether the catalog changed). */
    async function pastTheBound(q: string, done: () => boolean) {
      clock += MAX_AGE_MS + 1000;
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(clock);
      await searchIds(q);
      await vi.waitFor(() => expect(done()).toBe(true), { timeout: 10_000 });
    }
    try {
      const { builds, unchanged } = wordIndexFigures(db)!;
      // Nothing changed since it was read: it is kept.
      await pastTheBound('kablosuz', () => wordIndexFigures(db)!.unchanged === unchanged + 1);
      expect(wordIndexFigures(db)!.builds).toBe(builds);
      // A rename that announced nothing (a lost NOTIFY): the index does not know it yet.
      const [target] = await db
        .select({ id: products.id })
        .from(products)
        .where(sql`${products.isActive}`)
        .limit(1);
      await db.execute(sql`update products set name = name || ' zorbulut' where id = ${target!.id}`);
      expect(await searchIds('zorbulut')).toEqual([]);
      await pastTheBound('kulaklik', () => wordIndexFigures(db)!.builds === builds + 1);
      expect(wordIndexFigures(db)!.unchanged).toBe(unchanged + 1);
      expect(await searchIds('zorbulu')).toEqual([target!.id]);
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * Another process's catalog write reaches this one's index by the change announcement (ADR 010's
 * NOTIFY): the processes of one PostgreSQL each hold an index of their own.
 */
describe.runIf(inject('testDatabaseTemplate'))('a catalog write in another process', () => {
  it("drops this process's index, so its searches find the new word at once", async () => {
    if (!wordIndexFigures(db)!.products) await prewarmWordIndex(db);
    const [target] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.isActive}`)
      .limit(1);
    expect(await searchIds('vuzpelkir')).toEqual([]);
    const databaseUrl = (db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'word-index.writer.ts'),
      databaseUrl,
      target!.id,
      'vuzpelkir',
    ]);
    const deadline = Date.now() + 2_000;
    // Polled: the announcement arrives on its own connection.
    while (wordIndexFigures(db)!.products > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(await searchIds('vuzpelki')).toEqual([target!.id]);
    // Built again, the index answers with the new word too.
    await prewarmWordIndex(db);
    const before = wordIndexFigures(db)!.answers;
    expect(await searchIds('vuzpelk')).toEqual([target!.id]);
    expect(wordIndexFigures(db)!.answers).toBe(before + 1);
  });
});
