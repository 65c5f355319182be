import { and, asc, count, desc, eq, gte, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteInBatches } from '../../db/delete-in-batches';
import { productPrices } from '../../db/schema/product-prices';
import { products } from '../../db/schema/products';
import { searchLog } from '../../db/schema/search-log';
import { hiddenSearchTerms } from '../../db/schema/hidden-search-terms';
import { sqlRows } from '../../lib/sql-rows';
import {
  cardWithOffersColumns,
  pricesOfProduct,
  productColumns,
  splitCardsAndOffers,
  type CardOfferRow,
  type ProductCardRow,
  type ProductListRow,
} from '../products/products.repo';

/** A text[] of these values, each one a parameter. */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Search runs on three indexes: `products.search_vector` (GIN tsvector: folded name, brand,
 * model and category words with weight A, folded description with weight D, Turkish-stemmed
 * text with weight C) answers the query; `search_lexemes` (every word of those vectors,
 * byte-ordered) gives the words a prefix stands for and tells a typo; `search_terms` (the active
 * products' folded words, GIN trigram) gives a typo's corrections. None needs a scan of all
 * products.
 */

/**
 * How far below the closest word's trigram similarity another word may be and still be taken as
 * a correction. A far worse second word is no correction but noise, and a common one swamps the
 * results: "onepus" is 0.50 from "oneplus" (1,740 products at 1M) and 0.375 from "one" (the
 * folded "öne" of nearly every description), which made the search match the whole catalog.
 */
export const CORRECTION_SIMILARITY_MARGIN = 0.05;

/**
 * The closest indexed words to a misspelt token (trigram similarity, most common first on ties):
 * at most `limit`, and only those within `CORRECTION_SIMILARITY_MARGIN` of the closest.
 */
export async function closestTerms(db: Database, token: string, limit = 2): Promise<string[]> {
  const rows = sqlRows<{ term: string; similarity: number | string }>(
    await db.execute(sql`
      select term, similarity(term, ${token}) as similarity from search_terms
      where term % ${token}
      order by similarity desc, n desc
      limit ${limit}`),
  );
  const best = Number(rows[0]?.similarity ?? 0);
  return rows.filter((r) => Number(r.similarity) >= best - CORRECTION_SIMILARITY_MARGIN).map((r) => r.term);
}

/**
 * Above this many words starting with a prefix, a search keeps the prefix (`wordsTsQuery`): the
 * index then merges their posting lists itself. Such a prefix is short and common, and a search
 * of it mostly takes the popularity walk (`popularWordMatches`). Measured on the 1M catalog (LOG.md,
 * 2026-12-02), the one pass over the matches of "ga 5" (20 words) took 60 ms through the words
 * against 106 ms as a prefix, but "te" (33 words, 490,572 matches) 4.3 s against 3.3 s.
 */
export const PREFIX_WORDS_MAX = 24;

/**
 * The words of any product's search vector that start with each prefix (`search_lexemes`, a range
 * of its byte-ordered key), or null for a prefix that more than `max` words start with.
 */
export async function wordsStartingWith(
  db: Database,
  prefixes: readonly string[],
  max = PREFIX_WORDS_MAX,
): Promise<Map<string, string[] | null>> {
  if (prefixes.length === 0) return new Map();
  // The words starting with a prefix follow it in byte order: the first max + 1 words from the
  // prefix on, kept while they start with it.
  const rows = sqlRows<{ token: string; words: string[] | null; n: number | string }>(
    await db.execute(sql`
      select t.token, w.words, w.n
        from (select token collate "C" as token from unnest(${textArray(prefixes)}) as u(token)) as t
       cross join lateral (
         select json_agg(f.term order by f.term) as words, count(*) as n
           from (select l.term from search_lexemes l where l.term >= t.token order by l.term limit ${max + 1}) f
          where starts_with(f.term, t.token)) as w`),
  );
  return new Map(rows.map((r) => [r.token, Number(r.n) > max ? null : (r.words ?? [])]));
}

/**
 * The WHERE condition and ranking of a text search, for the listing query builder. The condition
 * is `matchQuery` (a `wordsTsQuery` literal) where one is given, else the prefix query: the two
 * match the same products. Ranking always reads the prefix query, whose rank does not depend on
 * how many words a prefix stands for.
 */
export function textSearchSql(
  prefixQuery: string,
  rawQuery: string,
  matchQuery?: string,
): { where: SQL; rank: SQL; key: string } {
  const matched = matchQuery === undefined ? sql`to_tsquery('simple', ${prefixQuery})` : sql`${matchQuery}::tsquery`;
  // The Turkish-stemmed query widens the match ("kulaklıklar" finds "kulaklık" descriptions)
  // but does not rank: its lexemes depend on how the shopper spelt the query, and "IPHONE",
  // "ıphone" and "iphone" must come back in the same order.
  const stemmed = sql`websearch_to_tsquery('turkish', ${rawQuery})`;
  return {
    where: sql`search_vector @@ (${matched} || ${stemmed})`,
    rank: foldedRank(sql`${prefixQuery}`),
    key: JSON.stringify([prefixQuery, rawQuery]),
  };
}

/** The relevance of the folded prefix query: name/brand words (A) outrank description words (D); popularity and stock break ties. */
function foldedRank(prefixQuery: SQL): SQL {
  return sql`(ts_rank(search_vector, to_tsquery('simple', ${prefixQuery}), 1) + 0.02 * ln(1 + ${products.ratingsCount})
      + case when ${products.availability} in ('in-stock', 'limited') then 0.01 else 0 end)`;
}

/** The word index's ranking statement, prepared once per database handle (as the listing index's page). */
const rankedCardsStatements = new WeakMap<Database, ReturnType<typeof prepareRankedCards>>();

function prepareRankedCards(db: Database) {
  // The stemmed query widens the match (the word index's) and does not rank.
  const rank = foldedRank(sql.placeholder('prefix').getSQL());
  return db
    .select({ ...cardWithOffersColumns, matching: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .innerJoin(productPrices, pricesOfProduct)
    .where(and(sql`${products.id} = any (${sql.placeholder('ids')}::uuid[])`, eq(products.isActive, true)))
    .orderBy(sql`${rank} desc`, desc(products.ratingsCount), asc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('search_ranked_cards');
}

/**
 * `rankCandidates` for the word index: a page of the `candidates`, which match the search of
 * `prefixQuery` (the word index's matches), best first, as cards with their store lines, and how
 * many of the candidates are active (null when the page starts past them). They are not matched
 * again: the condition would read each candidate's search vector from TOAST a second time, beside
 * its rank (PostgreSQL keeps no detoasted value between expressions), for what the index holds. A
 * product whose words changed since the index was built is the index's staleness, bounded by its
 * `MAX_AGE_MS` and by the announcements that drop it. One prepared statement: ranked and read in
 * one round trip, planned once a connection. The cards' store lines are read for the page's rows
 * only (PostgreSQL evaluates the select list's subquery after the limit).
 */
export async function rankedCandidateCards(
  db: Database,
  prefixQuery: string,
  candidates: readonly string[],
  limit: number,
  offset: number,
): Promise<{ rows: ProductCardRow[]; offers: CardOfferRow[]; matching: number | null }> {
  if (candidates.length === 0 || limit <= 0) return { rows: [], offers: [], matching: null };
  let statement = rankedCardsStatements.get(db);
  if (!statement) rankedCardsStatements.set(db, (statement = prepareRankedCards(db)));
  const found = await statement.execute({
    ids: `{${candidates.join(',')}}`,
    prefix: prefixQuery,
    limit,
    offset,
  });
  return {
    ...splitCardsAndOffers(found.map(({ matching: _, ...row }) => row)),
    matching: found[0]?.matching ?? null,
  };
}

/**
 * The Turkish-stemmed query of `textSearchSql` as PostgreSQL prints it (`'kulaklık' & 'kablosuz'`;
 * empty when the query is only stop words), for the word index (`wordConjunctions`).
 */
export async function stemmedQueryText(db: Database, rawQuery: string): Promise<string> {
  const rows = sqlRows<{ q: string }>(
    await db.execute(sql`select websearch_to_tsquery('turkish', ${rawQuery})::text as q`),
  );
  return rows[0]?.q ?? '';
}

/**
 * Each word's Turkish-stemmed query (`stemmedQueryText` of the word alone), kept per database (its
 * dictionary's version stems): it never changes.
 */
const stemsByDatabase = new WeakMap<Database, Map<string, string>>();
/** At most this many words are kept (the oldest go first): a shopper's words repeat far more than their queries. */
const STEMMED_WORDS_KEPT = 50_000;
/** A word `websearch_to_tsquery` reads as one word: letters and digits only, and not its "or". */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;
/** A stemmed query of one word: nothing (a stop word) or one lexeme. */
const ONE_LEXEME = /^('[^'\\\s]+')?$/;

/**
 * `stemmedQueryText(db, rawQuery)`, from the stems of its words where it is plain words separated
 * by spaces: `websearch_to_tsquery` then ANDs each word's stem, so a query of known words needs no
 * statement. Words not yet known are stemmed in one statement; any other query is asked whole.
 */
export async function stemmedQuery(db: Database, rawQuery: string): Promise<string> {
  const words = rawQuery.split(' ');
  if (!words.every((w) => PLAIN_WORD.test(w) && w.toLowerCase() !== 'or')) return stemmedQueryText(db, rawQuery);
  let wordStems = stemsByDatabase.get(db);
  if (!wordStems) stemsByDatabase.set(db, (wordStems = new Map()));
  const unknown = [...new Set(words.filter((w) => !wordStems.has(w)))];
  if (unknown.length > 0) {
    const rows = sqlRows<{ word: string; q: string }>(
      await db.execute(sql`
        select w.word, websearch_to_tsquery('turkish', w.word)::text as q
          from unnest(${textArray(unknown)}) as w(word)`),
    );
    for (const { word, q } of rows) {
      if (wordStems.size >= STEMMED_WORDS_KEPT) wordStems.delete(wordStems.keys().next().value!);
      wordStems.set(word, q);
    }
  }
  const stems = words.map((w) => wordStems.get(w));
  if (stems.some((q) => q === undefined || !ONE_LEXEME.test(q))) return stemmedQueryText(db, rawQuery);
  return stems.filter(Boolean).join(' & ');
}

/**
 * A `search_text ~ …` pattern that a product's folded name, brand, model or category words match
 * when one of them starts with one of `alternatives` (a query token or its spelling corrections;
 * a one-character token is a whole word, as in `prefixTsQuery`'s `wholeSingleLetters`). Words
 * are separated by spaces; the full-text parser also indexes the parts of a hyphenated word
 * ("ky-14801": "ky", "14801"), so a hyphen starts a word too. Other separators (a dot, a slash)
 * are not taken as a word start, so a match here is also a match of the index.
 * Tokens only contain [a-z0-9]: nothing in them is a pattern metacharacter.
 */
export function wordPrefixPattern(alternatives: string[]): string {
  const words = alternatives.map((a) => (a.length === 1 ? `${a}(?![a-z0-9])` : a));
  return `(^|[ -])(${words.join('|')})`;
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The most popular active products (ratings count, then id: the relevance sort's own tie
 * order) whose search_text has a word starting with each token, found by walking the
 * popularity index: the product rows are read, their TOASTed search_vector is not. The walk
 * stops at `limit` matches or after `walkLimit` products; `walked` is the popularity position of
 * the last product read when `limit` matches were found (the share of matches among them
 * estimates the matches of the whole catalog).
 */
export async function popularWordMatches(
  db: Database,
  tokenAlternatives: string[][],
  limit: number,
  walkLimit: number,
): Promise<{ ids: string[]; walked: number }> {
  const conditions = tokenAlternatives.map((alts) => sql`w.search_text ~ ${wordPrefixPattern(alts)}`);
  // No ORDER BY outside: sorting by position would make the walk read all `walkLimit` products
  // before the LIMIT; the walk streams in index order and stops at the `limit`-th match.
  const rows = sqlRows<{ id: string; position: string | number }>(
    await db.execute(sql`
      select w.id, w.position from (
        select ${products.id}, ${products.searchText},
               row_number() over (order by ${products.ratingsCount} desc, ${products.id}) as position
          from ${products} where ${products.isActive}
         order by ${products.ratingsCount} desc, ${products.id}
         limit ${walkLimit}) w
       where ${sql.join(conditions, sql` and `)}
       limit ${limit}`),
  )
    .map((r) => ({ id: r.id, position: Number(r.position) }))
    .sort((a, b) => a.position - b.position);
  return { ids: rows.map((r) => r.id), walked: rows.at(-1)?.position ?? 0 };
}

/**
 * The `limit` most popular active products matching a search, and how many match in all: one
 * pass over the matches' rows (the GIN index finds them; ranking would read each one's
 * search_vector from TOAST, this does not). OFFSET 0 keeps the matches a subquery of their own:
 * merged into the ORDER BY … LIMIT, the planner walks the popularity index instead and tests
 * every product's search_vector (seconds at a million products).
 */
export async function popularMatches(
  db: Database,
  search: { where: SQL },
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  const rows = sqlRows<{ id: string; total: string | number }>(
    await db.execute(sql`
      select m.id, count(*) over () as total
        from (select ${products.id}, ${products.ratingsCount} from ${products}
               where ${products.isActive} and ${search.where} offset 0) as m
       order by m.ratings_count desc, m.id
       limit ${limit}`),
  );
  return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
}

/**
 * A page of the `candidates` that match the search, best first (rank, then popularity, then id:
 * the order of a relevance-sorted listing), and how many of them match.
 */
export async function rankCandidates(
  db: Database,
  search: { where: SQL; rank: SQL },
  candidates: readonly string[],
  limit: number,
  offset: number,
): Promise<{ rows: ProductListRow[]; matching: number | null }> {
  if (candidates.length === 0 || limit <= 0) return { rows: [], matching: null };
  const found = await db
    .select({ ...productColumns, matching: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .innerJoin(productPrices, pricesOfProduct)
    .where(and(sql`${products.id} = any (${uuidArray(candidates)})`, eq(products.isActive, true), search.where))
    .orderBy(sql`${search.rank} desc`, desc(products.ratingsCount), asc(products.id))
    .limit(limit)
    .offset(offset);
  // How many candidates match (null when the page starts past them).
  const matching = found[0]?.matching ?? null;
  return { rows: found.map(({ matching: _matching, ...row }) => row), matching };
}

/**
 * Which of `ids` are active and match the search: of the candidates ranked, or of the products the
 * word index finds by a phrase's words (the database holds their positions).
 */
export async function matchingAmong(
  db: Database,
  search: { where: SQL },
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(sql`${products.id} = any (${uuidArray(ids)})`, eq(products.isActive, true), search.where));
  return new Set(rows.map((r) => r.id));
}

/** A page of the matches other than `candidates`, most popular first (what follows the ranked candidates). */
export async function otherMatchesByPopularity(
  db: Database,
  search: { where: SQL },
  candidates: readonly string[],
  limit: number,
  offset: number,
): Promise<ProductListRow[]> {
  if (limit <= 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(productPrices, pricesOfProduct)
    .where(
      and(
        eq(products.isActive, true),
        search.where,
        candidates.length ? not(sql`${products.id} = any (${uuidArray(candidates)})`) : undefined,
      ),
    )
    .orderBy(desc(products.ratingsCount), asc(products.id))
    .limit(limit)
    .offset(offset);
}

/**
 * About how many products there are: the planner's count (pg_class.reltuples, close enough to
 * scale a share), or the active products counted where the table was never analyzed.
 */
export async function productCountEstimate(db: Database): Promise<number> {
  const rows = sqlRows<{ n: string | number | null }>(
    await db.execute(sql`select reltuples::bigint as n from pg_class where oid = 'products'::regclass`),
  );
  const planned = Number(rows[0]?.n ?? 0);
  if (planned > 0) return planned;
  const counted = await db.select({ n: count() }).from(products).where(eq(products.isActive, true));
  return Number(counted[0]?.n ?? 0);
}

export interface ProductSuggestionRow {
  id: string;
  name: string;
  brand: string;
  images: { url: string; isPrimary?: boolean }[];
  minPrice: number | null;
}

/**
 * How many products (at most; a product counts once per matching word) contain a word starting
 * with each prefix, from the word dictionary: a C-collated range scan of search_terms.
 */
export async function prefixProductCounts(db: Database, prefixes: string[]): Promise<Map<string, number>> {
  if (prefixes.length === 0) return new Map();
  const rows = sqlRows<{ token: string; n: string | number | null }>(
    await db.execute(sql`
      select t.token, (select sum(s.n) from search_terms s
                        where s.term collate "C" >= t.token collate "C"
                          and s.term collate "C" < (t.token || '{') collate "C") as n
        from unnest(${textArray(prefixes)}) as t(token)`),
  );
  return new Map(rows.map((r) => [r.token, Number(r.n ?? 0)]));
}

/**
 * Below this many candidate products a suggestion query collects all matches through the GIN
 * index and sorts them; above it, it walks the popularity index and stops at the first matches.
 * Each plan is a disaster in the other's case at a million products: sorting the ~1,000,000
 * matches of "k" took 16 s, walking the whole popularity index for the 0 matches of "iphnoe"
 * took 28 s (ADR 005).
 */
export const RARE_PREFIX_MATCHES = 5_000;

/** Most popular active products matching every token as a word prefix. */
export async function suggestProducts(
  db: Database,
  prefixQuery: string,
  limit: number,
  estimatedMatches: number,
): Promise<ProductSuggestionRow[]> {
  const columns = {
    id: products.id,
    name: products.name,
    brand: products.brand,
    images: products.images,
    minPrice: productPrices.minPrice,
  };
  const matches = and(eq(products.isActive, true), sql`search_vector @@ to_tsquery('simple', ${prefixQuery})`);
  if (estimatedMatches >= RARE_PREFIX_MATCHES) {
    return db
      .select(columns)
      .from(products)
      .innerJoin(productPrices, eq(productPrices.productId, products.id))
      .where(matches)
      .orderBy(desc(products.ratingsCount), products.id)
      .limit(limit);
  }
  // OFFSET 0 keeps the subquery from being merged into the outer ORDER BY … LIMIT: it has no
  // order of its own, so the planner collects its matches through the GIN index.
  const rows = sqlRows<{
    id: string;
    name: string;
    brand: string;
    images: ProductSuggestionRow['images'];
    min_price: number | null;
  }>(
    await db.execute(sql`
      select found.id, found.name, found.brand, found.images, pp.min_price
        from (select ${products.id}, ${products.name}, ${products.brand}, ${products.images},
                     ${products.ratingsCount}
                from ${products} where ${matches} offset 0) as found
        join ${productPrices} pp on pp.product_id = found.id
       order by found.ratings_count desc, found.id
       limit ${limit}`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, brand: r.brand, images: r.images, minPrice: r.min_price }));
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

/** The search log is read over its last 7 days (trending); rows older than this are deleted. */
export const SEARCH_LOG_RETENTION_DAYS = 30;

/**
 * Deletes search log rows older than SEARCH_LOG_RETENTION_DAYS (one row per counted search: the
 * table grows with the traffic), in batches of `batch` rows, each its own statement. Called
 * hourly by the server (jobs/scheduler.ts).
 */
export async function pruneSearchLog(db: Database, opts: { now?: Date; batch?: number } = {}): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - SEARCH_LOG_RETENTION_DAYS * 86_400_000);
  return deleteInBatches(
    db,
    'search_log',
    sql`created_at < ${cutoff.toISOString()}::timestamptz`,
    sql`created_at`,
    opts.batch ?? 10_000,
  );
}

/** Most frequent successful searches since `since`. */
export async function topSearches(
  db: Database,
  since: Date,
  limit: number,
  opts: { includeHidden?: boolean } = {},
): Promise<{ query: string; n: number }[]> {
  // Hidden terms stay out of the top rows, so they cannot crowd the others out of the limit
  // (the service also drops every other spelling of a hidden term's words).
  const notHidden = opts.includeHidden
    ? undefined
    : sql`not exists (select 1 from ${hiddenSearchTerms} where ${hiddenSearchTerms.termKey} = ${searchLog.queryNormalized})`;
  const rows = await db
    .select({ query: searchLog.queryNormalized, n: count() })
    .from(searchLog)
    .where(and(gte(searchLog.createdAt, since), sql`${searchLog.resultCount} > 0`, notHidden))
    .groupBy(searchLog.queryNormalized)
    .orderBy(desc(count()))
    .limit(limit);
  return rows.map((r) => ({ query: r.query, n: Number(r.n) }));
}

/** Brings the word dictionary used for typo correction up to date with the catalog. */
export async function refreshSearchTerms(db: Database): Promise<void> {
  await db.execute(sql`refresh materialized view search_terms`);
}
