import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/products';
import { searchLog } from '../../db/schema/search-log';
import { sqlRows } from '../../lib/sql-rows';

/**
 * Search runs on two indexes: `products.search_vector` (GIN tsvector: folded name, brand,
 * model and category words with weight A, folded description with weight D, Turkish-stemmed
 * text with weight C) answers the query; `search_terms` (the distinct indexed words, GIN
 * trigram) repairs typos before the query is built. Neither needs a scan of all products.
 */

/** Tokens of the query that are no prefix of any indexed word (candidates for correction). */
export async function unknownTokens(db: Database, tokens: string[]): Promise<Set<string>> {
  const candidates = tokens.filter((t) => t.length >= 3);
  if (candidates.length === 0) return new Set();
  // A prefix test as a range on the C-collated term index: `term like token || '%'` could
  // not use an index with a non-constant pattern. Tokens only contain [a-z0-9] ('{' > 'z').
  const rows = sqlRows<{ token: string }>(
    await db.execute(sql`
      select t.token from unnest(array[${sql.join(
        candidates.map((c) => sql`${c}`),
        sql`, `,
      )}]::text[]) as t(token)
      where not exists (
        select 1 from search_terms s
        where s.term collate "C" >= t.token collate "C" and s.term collate "C" < (t.token || '{') collate "C")`),
  );
  return new Set(rows.map((r) => r.token));
}

/** The closest indexed words to a misspelt token (trigram similarity, most common first on ties). */
export async function closestTerms(db: Database, token: string, limit = 2): Promise<string[]> {
  const rows = sqlRows<{ term: string }>(
    await db.execute(sql`
      select term from search_terms
      where term % ${token}
      order by similarity(term, ${token}) desc, n desc
      limit ${limit}`),
  );
  return rows.map((r) => r.term);
}

/** The WHERE condition and ranking of a text search, for the listing query builder. */
export function textSearchSql(prefixQuery: string, rawQuery: string): { where: SQL; rank: SQL } {
  const folded = sql`to_tsquery('simple', ${prefixQuery})`;
  // The Turkish-stemmed query widens the match ("kulaklıklar" finds "kulaklık" descriptions)
  // but does not rank: its lexemes depend on how the shopper spelt the query, and "IPHONE",
  // "ıphone" and "iphone" must come back in the same order.
  const stemmed = sql`websearch_to_tsquery('turkish', ${rawQuery})`;
  return {
    where: sql`search_vector @@ (${folded} || ${stemmed})`,
    // Name/brand words (A) outrank description words (D); popularity and stock break ties.
    rank: sql`(ts_rank(search_vector, ${folded}, 1) + 0.02 * ln(1 + ${products.ratingsCount})
      + case when ${products.availability} in ('in-stock', 'limited') then 0.01 else 0 end)`,
  };
}

export interface ProductSuggestionRow {
  id: string;
  name: string;
  brand: string;
  images: { url: string; isPrimary?: boolean }[];
  minPrice: number | null;
}

/** Most popular active products matching every token as a word prefix. */
export async function suggestProducts(
  db: Database,
  prefixQuery: string,
  limit: number,
): Promise<ProductSuggestionRow[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      images: products.images,
      minPrice: products.minPrice,
    })
    .from(products)
    .where(and(eq(products.isActive, true), sql`search_vector @@ to_tsquery('simple', ${prefixQuery})`))
    .orderBy(desc(products.ratingsCount), products.id)
    .limit(limit);
}

export async function brandProductCounts(db: Database): Promise<{ brand: string; n: number }[]> {
  const rows = await db
    .select({ brand: products.brand, n: count() })
    .from(products)
    .where(eq(products.isActive, true))
    .groupBy(products.brand);
  return rows.map((r) => ({ brand: r.brand, n: Number(r.n) }));
}

export async function insertSearchLog(db: Database, rows: { queryNormalized: string; resultCount: number }[]) {
  if (rows.length) await db.insert(searchLog).values(rows);
}

/** Most frequent successful searches since `since`. */
export async function topSearches(db: Database, since: Date, limit: number): Promise<{ query: string; n: number }[]> {
  const rows = await db
    .select({ query: searchLog.queryNormalized, n: count() })
    .from(searchLog)
    .where(and(gte(searchLog.createdAt, since), sql`${searchLog.resultCount} > 0`))
    .groupBy(searchLog.queryNormalized)
    .orderBy(desc(count()))
    .limit(limit);
  return rows.map((r) => ({ query: r.query, n: Number(r.n) }));
}

/** Brings the word dictionary used for typo correction up to date with the catalog. */
export async function refreshSearchTerms(db: Database): Promise<void> {
  await db.execute(sql`refresh materialized view search_terms`);
}
