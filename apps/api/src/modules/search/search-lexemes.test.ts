import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/products';
import { sqlRows } from '../../lib/sql-rows';
import { createRng } from '../../db/seed/prng';
import { writeProductInAdmin } from '../../test/admin-products';
import { useTestApp } from '../../test/app';
import { prefixTsQuery, wordsTsQuery } from './search-query';
import { textSearchSql, wordsStartingWith } from './search.repo';

/**
 * `search_lexemes` (migration 0026) lists every word of every product's search vector, and a search
 * asks the full-text index for the words a prefix stands for instead of the prefix (ADR 006,
 * amendment of 2026-12-02). The two must match the same products, whatever the catalog's writes.
 */

const t = useTestApp();
let db: Database;

beforeAll(() => {
  db = t.db.db;
});

/** Every product id (active or not) the condition matches, sorted. */
async function matching(where: SQL): Promise<string[]> {
  const rows = sqlRows<{ id: string }>(await db.execute(sql`select id from ${products} where ${where} order by id`));
  return rows.map((r) => r.id);
}

/** The ids the search page's condition matches, with each prefix as itself and through its words. */
async function bothWays(alternatives: string[][], raw: string, max?: number) {
  const prefixes = [...new Set(alternatives.flat().filter((a) => a.length > 1))];
  const words = await wordsStartingWith(db, prefixes, max);
  const prefixQuery = prefixTsQuery(alternatives, { wholeSingleLetters: true });
  const matchQuery = wordsTsQuery(alternatives, words);
  return {
    prefix: await matching(textSearchSql(prefixQuery, raw).where),
    words: await matching(textSearchSql(prefixQuery, raw, matchQuery).where),
    matchQuery,
  };
}

describe('the words of the search vectors (search_lexemes)', () => {
  it('holds every word of every product of the seeded catalog', async () => {
    const [row] = sqlRows<{ words: number | string; missing: number | string }>(
      await db.execute(sql`
        select count(*) as words,
               count(*) filter (where not exists (select 1 from search_lexemes l where l.term = v.word)) as missing
          from (select distinct unnest(tsvector_to_array(search_vector)) as word from ${products}) v`),
    );
    expect(Number(row!.words)).toBeGreaterThan(500);
    expect(Number(row!.missing)).toBe(0);
  });

  it('answers the words starting with a prefix in byte order, and null past the limit', async () => {
    const all = sqlRows<{ term: string }>(await db.execute(sql`select term from search_lexemes`)).map((r) => r.term);
    const prefix = 'ka';
    const expected = all.filter((w) => w.startsWith(prefix)).sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : 1));
    expect(expected.length).toBeGreaterThan(3);
    const listed = await wordsStartingWith(db, [prefix, 'qqqzzz'], expected.length);
    expect(listed.get(prefix)).toEqual(expected);
    expect(listed.get('qqqzzz')).toEqual([]);
    expect((await wordsStartingWith(db, [prefix], expected.length - 1)).get(prefix)).toBeNull();
  });
});

describe('a prefix matched through its words', () => {
  it('matches the same products as the prefix, for 150 drawn queries', async () => {
    const words = sqlRows<{ term: string }>(
      await db.execute(sql`select term from search_lexemes where term ~ '^[a-z0-9]+$' order by term`),
    ).map((r) => r.term);
    const random = createRng('2026').next;
    const pick = () => words[Math.floor(random() * words.length)]!;
    // A prefix of a word: often short (many words), sometimes one letter (a whole word).
    const prefixOf = (w: string) => w.slice(0, 1 + Math.floor(random() * Math.min(6, w.length)));
    let listedSome = 0;
    let keptSome = 0;
    for (let i = 0; i < 150; i++) {
      const tokens = 1 + Math.floor(random() * 3);
      // A token and, sometimes, a second spelling (a correction's alternatives).
      const alternatives = Array.from({ length: tokens }, () =>
        random() < 0.2 ? [prefixOf(pick()), prefixOf(pick())] : [prefixOf(pick())],
      );
      const raw = alternatives.map((a) => a[0]).join(' ');
      const max = random() < 0.3 ? 3 : undefined;
      const { prefix, words: throughWords, matchQuery } = await bothWays(alternatives, raw, max);
      expect(throughWords, `${JSON.stringify(alternatives)} → ${matchQuery}`).toEqual(prefix);
      if (/'[^']*'(?!:\*)/.test(matchQuery) && matchQuery.includes('|')) listedSome += 1;
      if (matchQuery.includes(':*')) keptSome += 1;
    }
    // Both forms were drawn: prefixes replaced by their words, and prefixes kept.
    expect(listedSome).toBeGreaterThan(20);
    expect(keptSome).toBeGreaterThan(20);
  });

  it('quotes what the query syntax would read otherwise', () => {
    const words = new Map<string, string[] | null>([
      ['it', ["it's", 'it\\s', 'it:a&b']],
      ['pro', null],
      ['zz', []],
    ]);
    expect(wordsTsQuery([['it'], ['pro', 'e'], ['zz'], ['e']], words)).toBe(
      `('it''s' | 'it\\\\s' | 'it:a&b') & ('pro':* | 'e') & 'zz':* & 'e'`,
    );
  });
});

describe('a product written in the admin', () => {
  it('is found through its new words at once, on creation and after a rename', async () => {
    // New words that extend a prefix the catalog already has words for, so the search lists that
    // prefix's words: a product whose new word the list missed would not be found.
    const existing = sqlRows<{ term: string }>(
      await db.execute(sql`select term from search_lexemes where term ~ '^[a-z]{6,}$' order by term desc limit 1`),
    )[0]!.term;
    const prefix = existing.slice(0, 4);
    const before = (await wordsStartingWith(db, [prefix])).get(prefix);
    expect(before?.length).toBeGreaterThan(0);

    /** The product's words starting with the prefix, and whether the search finds it through them. */
    const found = async (id: string) => {
      const own = sqlRows<{ word: string }>(
        await db.execute(sql`
          select w.word from ${products} p, unnest(tsvector_to_array(p.search_vector)) as w(word)
           where p.id = ${id} and starts_with(w.word, ${prefix})`),
      ).map((r) => r.word);
      // Only its new words start with the prefix: nothing else of the product could match it.
      expect(own.length).toBeGreaterThan(0);
      for (const word of own) expect(before).not.toContain(word);
      const { prefix: viaPrefix, words: viaWords, matchQuery } = await bothWays([[prefix]], prefix);
      expect(matchQuery).not.toContain(':*');
      expect(viaWords).toEqual(viaPrefix);
      return viaWords.includes(id);
    };

    const product = await writeProductInAdmin(t, `${existing}qxzvorn Deneme`);
    expect(await found(product._id)).toBe(true);

    await writeProductInAdmin(t, `${existing}wyplath Deneme`, product);
    expect((await wordsStartingWith(db, [prefix])).get(prefix)).toContain(`${existing}wyplath`);
    expect(await found(product._id)).toBe(true);
  });
});

describe('the search page', () => {
  it('finds a product created a moment ago by a word only it has, without correcting the word', async () => {
    // A catalog word and two letters: close enough to it for a typo correction, and a word of its own.
    const existing = sqlRows<{ term: string }>(
      await db.execute(sql`select term from search_terms where term ~ '^[a-z]{7,}$' order by n desc limit 1`),
    )[0]!.term;
    const word = `${existing}zq`;
    const product = await writeProductInAdmin(t, `Deneme ${word}`);

    const found = await t.app.inject({ method: 'GET', url: `/api/search?q=${word}` });
    expect(found.statusCode).toBe(200);
    const result = found.json<{ data: { _id: string }[]; correctedQuery: string | null }>();
    expect(result.correctedQuery).toBeNull();
    expect(result.data.map((p) => p._id)).toEqual([product._id]);
  });
});
