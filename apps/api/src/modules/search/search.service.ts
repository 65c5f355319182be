import type { Facets, ProductCard } from '@kiyasla/contracts/catalog';
import type { Pagination } from '@kiyasla/contracts/envelope';
import {
  CURATED_TRENDING,
  SUGGESTION_LIMIT,
  TRENDING_LIMIT,
  type Suggestion,
  type TrendingTerm,
} from '@kiyasla/contracts/search';
import { kurusToTry } from '@kiyasla/contracts/money';
import { foldTurkish } from '@kiyasla/contracts/text';
import type { Database } from '../../db/client';
import { PublicReadCache, type TagReads } from '../../lib/public-read-cache';
import { TtlCache } from '../../lib/ttl-cache';
import { listCategories } from '../categories/categories.service';
import {
  listProducts,
  loadFacets,
  panelKey,
  toCards,
  withFacets,
  type ListingInput,
} from '../products/products.service';
import { listingReadTags } from '../products/listing-read-tags';
import { findCardsByIds, type ProductListRow } from '../products/products.repo';
import { requestedAdvancedFilters } from '@kiyasla/contracts/listing';
import { paginate } from '../../lib/reply';
import {
  parseQuery,
  prefixTsQuery,
  stemmedWords,
  wordConjunctions,
  wordsTsQuery,
  type ParsedQuery,
  type WordSearch,
} from './search-query';
import { readyWordIndex, wordIndexAnswered, type WordIndex } from './word-index';
import type { ListingFilters, TextSearch } from '../products/listing-filters';
import {
  productCountEstimate,
  brandProductCounts,
  closestTerms,
  matchingAmong,
  otherMatchesByPopularity,
  popularMatches,
  popularWordMatches,
  rankedCandidateCards,
  rankCandidates,
  prefixProductCounts,
  stemmedQuery,
  suggestProducts,
  textSearchSql,
  topSearches,
  wordsStartingWith,
} from './search.repo';
import { hiddenTermKeys } from './hidden-terms.repo';

/**
 * For each token, the words to look for: the token itself, or — when `known` says no word starts
 * with it — the closest words of the active products ("samsnug" → "samsung").
 */
async function correctedTokens(
  db: Database,
  q: ParsedQuery,
  known: (token: string) => boolean,
): Promise<{ alternatives: string[][]; corrected: boolean }> {
  let corrected = false;
  const alternatives = await Promise.all(
    q.tokens.map(async (token) => {
      if (token.length < 3 || known(token)) return [token];
      const close = await closestTerms(db, token);
      if (close.length === 0) return [token];
      corrected = true;
      return close;
    }),
  );
  return { alternatives, corrected };
}

/**
 * A query's alternatives (`correctedTokens`), a token being known when a word of
 * `search_lexemes` starts with it, and the indexed words each alternative starts
 * (`wordsTsQuery`). `search_lexemes` is kept complete by a product's write: a word only a product
 * created a moment ago has is not "corrected".
 */
async function tokenAlternatives(
  db: Database,
  q: ParsedQuery,
): Promise<{ alternatives: string[][]; corrected: boolean; words: Map<string, string[] | null> }> {
  const words = await wordsStartingWith(
    db,
    q.tokens.filter((t) => t.length > 1),
  );
  // Known when some word starts with it (null: more words than listed).
  const { alternatives, corrected } = await correctedTokens(db, q, (token) => words.get(token)?.length !== 0);
  const corrections = [...new Set(alternatives.flat())].filter((a) => a.length > 1 && !words.has(a));
  for (const [word, listed] of await wordsStartingWith(db, corrections)) words.set(word, listed);
  return { alternatives, corrected, words };
}

/**
 * The search page's text search of a query's alternatives: each prefix is matched through the
 * words that start with it (`wordsTsQuery`), a one-letter word as itself.
 */
function textSearchOf(
  alternatives: string[][],
  words: ReadonlyMap<string, readonly string[] | null>,
  display: string,
): TextSearch {
  return textSearchSql(
    prefixTsQuery(alternatives, { wholeSingleLetters: true }),
    display,
    wordsTsQuery(alternatives, words),
  );
}

export interface SearchResult {
  items: ProductCard[];
  pagination: Pagination;
  facets?: Facets;
  query: string;
  /** The query as it was understood after spelling corrections, when any were made. */
  correctedQuery: string | null;
  /**
   * `pagination.total` is a lower bound ("10.000+"), not a count: the search matches too many
   * products to count them for each request (see `BOUNDED_SEARCH`).
   */
  totalIsLowerBound: boolean;
}

/**
 * A relevance-sorted search without filters ranks a bounded candidate set rather than every
 * match: ranking reads each match's search_vector from TOAST, 2.5 s for the ~300,000 matches of
 * "14" at a million products (ADR 006 amendment). The results are the `candidates` most popular
 * matches ranked (rank, then popularity), followed by the other matches by popularity.
 *
 * - Where the word index serves (word-index.ts; on unless SEARCH_INDEX is false, once built), it
 *   gives the `candidates` most popular matches and the exact total from memory, whatever the
 *   number of matches. The database's ways below answer while it builds, and a query it cannot
 *   read (`wordConjunctions`).
 * - Where the word dictionary says every token is common (at least `walkFrom` products each),
 *   the candidates are the most popular products with a name, brand, model or category word
 *   starting with each token, found by walking the popularity index (`walkLimit` products at
 *   most). The share of matches among the products walked, scaled to the catalog, estimates
 *   the matches; the total reported is a round number at most half of that estimate, as a lower
 *   bound ("10.000+"), not a count.
 * - Otherwise (or when that walk finds fewer than `candidates` matches), one pass over the
 *   matches gives the most popular `candidates` and the exact total; up to `candidates`
 *   matches, every match is ranked, exactly as the listing query does.
 */
export interface BoundedSearchTuning {
  candidates: number;
  walkFrom: number;
  walkLimit: number;
}

// Measured on the 1M catalog with the bench's queries (LOG.md, 2026-11-27): 50 candidates cost
// about a third less than 100 (each ranked candidate is a TOAST read); walking from fewer
// dictionary matches made more multi-word walks fail and pay for the one pass as well.
export const BOUNDED_SEARCH: BoundedSearchTuning = {
  candidates: 50,
  walkFrom: 15_000,
  walkLimit: 10_000,
};

/** The largest of 1, 2 and 5 times a power of ten not above `n` (0 below 1): 23,456 → 20,000. */
export function roundDown125(n: number): number {
  if (n < 1) return 0;
  const power = 10 ** Math.floor(Math.log10(n));
  return [5, 2, 1].map((m) => m * power).find((v) => v <= n) ?? power;
}

// Searches follow a long tail, but its head (popular queries, their first pages) repeats all day.
const searchCache = new PublicReadCache<SearchResult>(30_000, 1_000, { name: 'search' });
// A search's filter panel, apart from its pages (as listings' are: products.service).
const searchFacetsCache = new PublicReadCache<Facets>(30_000, 1_000, { name: 'search_facets' });
// Keystrokes repeat even more: every shopper typing "kulaklık" sends the same 8 prefixes.
const suggestionCache = new PublicReadCache<Suggestion[]>(60_000, 5_000, { name: 'suggestions' });

export type SearchInput = ListingInput & { category?: string; subcategory?: string };

export function searchProducts(
  db: Database,
  rawQuery: string,
  input: SearchInput,
  /** The bounded ranking's sizes (tests make them small). */
  tuning: BoundedSearchTuning = BOUNDED_SEARCH,
): Promise<SearchResult> {
  const q = parseQuery(rawQuery);
  if (input.facets && q.tokens.length > 0) return searchWithFacets(db, q, input, tuning);
  const page = { ...input, facets: false };
  const key = JSON.stringify([q.display, page, tuning === BOUNDED_SEARCH ? null : tuning]);
  return searchCache.get(key, (tag) => runSearch(db, q, page, tag, tuning));
}

/**
 * A page of results and the filter panel, each cached on its own: the panel reads the prices of
 * every match (its bounds and counts), so a feed's churn reloads it within the bound, where the
 * page (by relevance, say) is kept until a product it shows changes.
 */
async function searchWithFacets(
  db: Database,
  q: ParsedQuery,
  input: SearchInput,
  tuning: BoundedSearchTuning,
): Promise<SearchResult> {
  const [page, facets] = await Promise.all([
    searchProducts(db, q.display, { ...input, facets: false }, tuning),
    searchFacetsCache.get(
      // panelKey keeps the category and subcategory with the other filters.
      JSON.stringify([q.display, panelKey(input)]),
      async (tag) => {
        const { alternatives, words } = await tokenAlternatives(db, q);
        const search = textSearchOf(alternatives, words, q.display);
        const scope = {
          ...(input.category ? { category: input.category } : {}),
          ...(input.subcategory ? { subcategory: input.subcategory } : {}),
          search,
        };
        return loadFacets(db, scope, input, tag);
      },
    ),
  ]);
  return withFacets(page, facets);
}

async function runSearch(
  db: Database,
  q: ParsedQuery,
  input: SearchInput,
  tag: TagReads,
  tuning: BoundedSearchTuning,
): Promise<SearchResult> {
  const empty = { items: [], pagination: { page: input.page, limit: input.limit, total: 0, pages: 0 } };
  // Nothing in the catalog changes the answer to an empty query.
  if (q.tokens.length === 0) {
    tag({});
    return { ...empty, query: q.display, correctedQuery: null, totalIsLowerBound: false };
  }
  if (isWholeCatalogRelevance(input)) {
    const fromIndex = await wordIndexSearch(db, q, input, tag, tuning);
    if (fromIndex) return fromIndex;
  }
  const { alternatives, corrected, words } = await tokenAlternatives(db, q);
  const search = textSearchOf(alternatives, words, q.display);
  const understood = understoodAs(q, alternatives, corrected);
  if (isWholeCatalogRelevance(input)) {
    return { ...(await boundedSearch(db, alternatives, search, input, tag, tuning)), ...understood };
  }
  const result = await listProducts(
    db,
    {
      ...(input.category ? { category: input.category } : {}),
      ...(input.subcategory ? { subcategory: input.subcategory } : {}),
      search,
    },
    input,
    tag,
  );
  return { ...result, ...understood, totalIsLowerBound: false };
}

function understoodAs(q: ParsedQuery, alternatives: string[][], corrected: boolean) {
  return { query: q.display, correctedQuery: corrected ? alternatives.map((a) => a[0]).join(' ') : null };
}

/**
 * Up to this many products with a phrase's words (`WordSearch.exact`), the database is asked which
 * of them have the phrase; above, it answers the search its own way. The check reads each one's
 * row and vector by id: on the 1M catalog 0.03–0.12 ms a product (LOG.md, 2026-12-02: 1,739
 * products for "nikon z30 16-50" took 201 ms, where the database's own way took 82 ms), so only a
 * phrase whose words few products have is cheaper this way.
 */
export const PHRASE_CHECK_MAX = 200;

/**
 * The matches of a search from the word index: `popular(end)` gives how many products match and
 * the `end` most popular, in order. A phrase's are the products with its words that the database
 * says have the phrase; undefined when more than `PHRASE_CHECK_MAX` have its words.
 */
export async function indexMatches(
  db: Database,
  index: WordIndex,
  words: WordSearch,
  search: Pick<TextSearch, 'where'>,
): Promise<((end: number) => { ids: string[]; total: number }) | undefined> {
  if (words.exact) return (end) => index.popularMatches(words.conjunctions, end);
  const withWords = index.popularMatches(words.conjunctions, PHRASE_CHECK_MAX + 1);
  if (withWords.total > PHRASE_CHECK_MAX) return undefined;
  const matching = await matchingAmong(db, search, withWords.ids);
  const ids = withWords.ids.filter((id) => matching.has(id));
  return (end) => ({ ids: ids.slice(0, end), total: ids.length });
}

/**
 * A relevance-sorted search of the whole catalog from the word index (word-index.ts): a token is
 * known when a word of an active product starts with it, and the index counts the matches and
 * gives the most popular as the candidates. The search's statements are the stemmed query (none
 * when its words were stemmed before), the check of a phrase's products (`PHRASE_CHECK_MAX`), and
 * the ranking of the candidates' ids with the page's cards, prepared. Undefined when the index
 * does not serve it (off, still building, a stemmed query it cannot read, a phrase whose words too
 * many products have): the database's ways answer.
 */
async function wordIndexSearch(
  db: Database,
  q: ParsedQuery,
  input: SearchInput,
  tag: TagReads,
  tuning: BoundedSearchTuning,
): Promise<SearchResult | undefined> {
  const index = await readyWordIndex(db);
  if (!index) return undefined;
  // A stemmed query the index cannot read goes to the database before any typo is looked up.
  const stemmed = await stemmedQuery(db, q.display);
  if (!stemmedWords(stemmed)) return undefined;
  const { alternatives, corrected } = await correctedTokens(db, q, (token) => index.hasWordStartingWith(token));
  const words = wordConjunctions(alternatives, stemmed)!;
  const prefixQuery = prefixTsQuery(alternatives, { wholeSingleLetters: true });
  const search = textSearchSql(prefixQuery, q.display);
  const popular = await indexMatches(db, index, words, search);
  if (!popular) return undefined;
  wordIndexAnswered(db);
  const { ids: candidates, total } = popular(tuning.candidates);
  const offset = (input.page - 1) * input.limit;
  // The page's ranked cards and their store lines in one prepared statement.
  const ranked = await rankedCandidateCards(db, prefixQuery, candidates, input.limit, offset);
  let { rows, offers } = ranked;
  // Past the ranked candidates the other matches follow, most popular first: the index's next ones.
  const more = total > candidates.length ? input.limit - rows.length : 0;
  if (more > 0) {
    const from = candidates.length + Math.max(0, offset - (ranked.matching ?? candidates.length));
    const next = await findCardsByIds(db, popular(from + more).ids.slice(from));
    rows = [...rows, ...next.rows];
    offers = [...offers, ...next.offers];
  }
  tag(
    listingReadTags(
      { brands: [], stores: [], specs: new Map(), advanced: [], search },
      input,
      rows.map((r) => r.id),
    ),
  );
  return {
    items: await toCards(db, rows, offers),
    pagination: paginate(input.page, input.limit, total),
    totalIsLowerBound: false,
    ...understoodAs(q, alternatives, corrected),
  };
}

/** A relevance-sorted search of the whole catalog: no category, filter or advanced filter. */
function isWholeCatalogRelevance(input: SearchInput): boolean {
  return (
    input.sort === 'relevance' &&
    !input.category &&
    !input.subcategory &&
    !input.featured &&
    input.brand.length === 0 &&
    input.store.length === 0 &&
    input.spec.length === 0 &&
    input.minPrice === undefined &&
    input.maxPrice === undefined &&
    requestedAdvancedFilters(input).length === 0
  );
}

// The planner's product count scales the share of matches a walk saw; it moves slowly.
const productCountCache = new TtlCache<number>(10 * 60_000);

async function boundedSearch(
  db: Database,
  alternatives: string[][],
  search: TextSearch,
  input: SearchInput,
  tag: TagReads,
  tuning: BoundedSearchTuning,
): Promise<Omit<SearchResult, 'query' | 'correctedQuery'>> {
  const filters: ListingFilters = { brands: [], stores: [], specs: new Map(), advanced: [], search };
  // The filter panel is cached on its own (searchWithFacets).
  const page = await boundedPage(db, alternatives, search, input, tuning);
  tag(
    listingReadTags(
      filters,
      input,
      page.rows.map((r) => r.id),
    ),
  );
  return {
    items: await toCards(db, page.rows),
    pagination: paginate(input.page, input.limit, page.total),
    totalIsLowerBound: page.totalIsLowerBound,
  };
}

async function boundedPage(
  db: Database,
  alternatives: string[][],
  search: TextSearch,
  input: SearchInput,
  tuning: BoundedSearchTuning,
): Promise<{ rows: ProductListRow[]; total: number; totalIsLowerBound: boolean }> {
  let candidates: string[] | undefined;
  let total = 0;
  let totalIsLowerBound = false;
  if ((await dictionaryEstimate(db, alternatives)) >= tuning.walkFrom) {
    const walk = await popularWordMatches(db, alternatives, tuning.candidates, tuning.walkLimit);
    if (walk.ids.length === tuning.candidates) {
      const products = await productCountCache.get('products', () => productCountEstimate(db));
      // Half the estimate: a safety margin for the sample's spread (50 matches: about ±15 %)
      // and for matches being more or less common among popular products than among the rest.
      const lowerBound = roundDown125(((walk.ids.length / walk.walked) * products) / 2);
      if (lowerBound >= walk.ids.length) {
        candidates = walk.ids;
        total = lowerBound;
        totalIsLowerBound = true;
      }
    }
  }
  if (!candidates) ({ ids: candidates, total } = await popularMatches(db, search, tuning.candidates));

  const offset = (input.page - 1) * input.limit;
  const ranked = await rankCandidates(db, search, candidates, input.limit, offset);
  let rows: ProductListRow[] = ranked.rows;
  // The page reaches past the ranked candidates: the other matches follow, most popular first.
  const more = !totalIsLowerBound && total <= candidates.length ? 0 : input.limit - rows.length;
  if (more > 0) {
    const rankedCount = ranked.matching ?? (await matchingAmong(db, search, candidates)).size;
    const rest = await otherMatchesByPopularity(db, search, candidates, more, Math.max(0, offset - rankedCount));
    rows = [...rows, ...rest];
  }
  return { rows, total, totalIsLowerBound };
}

/**
 * At most how many products match every token, from the word dictionary (a product counts once
 * per matching word): the smallest of the tokens' counts, each the sum over its alternatives.
 */
async function dictionaryEstimate(db: Database, alternatives: string[][]): Promise<number> {
  const counts = await prefixProductCounts(db, [...new Set(alternatives.flat())]);
  return Math.min(...alternatives.map((alts) => alts.reduce((sum, a) => sum + (counts.get(a) ?? 0), 0)));
}

// Brand names change only with the catalog; a few minutes of staleness is harmless here.
const brandCache = new TtlCache<{ brand: string; folded: string; n: number }[]>(5 * 60_000);

function brands(db: Database) {
  return brandCache.get('all', async () =>
    (await brandProductCounts(db)).map((b) => ({ ...b, folded: foldTurkish(b.brand) })).sort((a, b) => b.n - a.n),
  );
}

function startsWithAnyWord(folded: string, token: string): boolean {
  return folded.startsWith(token) || folded.includes(` ${token}`);
}

/**
 * The search box dropdown, called on every keystroke: up to 8 entries mixing matching
 * categories and brands (from in-memory lists) and the most popular matching products
 * (one indexed query).
 */
export async function suggest(db: Database, rawQuery: string, limit = SUGGESTION_LIMIT): Promise<Suggestion[]> {
  const q = parseQuery(rawQuery);
  if (q.tokens.length === 0) return [];
  // Everything below depends on the folded tokens only: "Kulak", "kulak" and "KULAK" share an
  // entry. The limit (an admin setting) is part of the key: a changed limit never reads an old list.
  return suggestionCache.get(`${limit}|${q.tokens.join(' ')}`, (tag) => loadSuggestions(db, q, limit, tag));
}

async function loadSuggestions(db: Database, q: ParsedQuery, limit: number, tag: TagReads): Promise<Suggestion[]> {
  const phrase = q.tokens.join(' ');
  const [categories, brandList, alternatives] = await Promise.all([
    listCategories(db),
    brands(db),
    q.tokens.join('').length >= 3
      ? tokenAlternatives(db, q)
      : Promise.resolve({ alternatives: q.tokens.map((t) => [t]) }),
  ]);
  const byId = new Map(categories.map((c) => [c._id, c]));
  const categoryHits: Suggestion[] = categories
    .filter((c) => startsWithAnyWord(foldTurkish(c.name), phrase) || c.slug.startsWith(phrase.replace(/ /g, '-')))
    .slice(0, 2)
    .map((c) => {
      const parent = c.parent ? byId.get(c.parent) : undefined;
      return {
        type: 'category' as const,
        _id: c._id,
        text: c.name,
        parentName: parent?.name ?? null,
        url: parent ? `/category/${parent.slug}/${c.slug}` : `/category/${c.slug}`,
      };
    });
  const brandHits: Suggestion[] = brandList
    .filter((b) => startsWithAnyWord(b.folded, phrase))
    .slice(0, 2)
    .map((b) => ({
      type: 'brand' as const,
      text: b.brand,
      productCount: b.n,
      url: `/search?q=${encodeURIComponent(b.brand)}`,
    }));
  const productLimit = Math.max(0, limit - categoryHits.length - brandHits.length);
  // All tokens must match, so the rarest token bounds the number of candidate products.
  const estimate = await dictionaryEstimate(db, alternatives.alternatives);
  const rows = await suggestProducts(db, prefixTsQuery(alternatives.alternatives), productLimit, estimate);
  const productHits: Suggestion[] = rows.map((p) => ({
    type: 'product' as const,
    _id: p.id,
    text: p.name,
    brand: p.brand,
    image: (p.images.find((i) => i.isPrimary) ?? p.images[0])?.url ?? `/api/media/products/${p.id}.svg`,
    price: p.minPrice === null ? null : kurusToTry(p.minPrice),
    url: `/product/${p.id}`,
  }));
  const shown = [...categoryHits, ...brandHits, ...productHits].slice(0, limit);
  // Matches and their order (popularity) do not read prices: only a change of a product shown
  // here, whose price it carries, alters the entry (ADR 010).
  tag({ products: shown.flatMap((s) => (s.type === 'product' ? [s._id] : [])) });
  return shown;
}

const trendingCache = new TtlCache<TrendingTerm[]>(60_000);

/** A trending candidate: the folded words it is grouped by, its most common spelling, its count. */
export interface TrendingCandidate {
  key: string;
  term: string;
  count: number;
}

/** The grouping key of a term: its folded words ("Kulaklık " and "kulaklik" are one term). */
export function trendingKey(term: string): string {
  return parseQuery(term).tokens.join(' ');
}

/**
 * Successful searches of the 7 days before `now`, grouped by their folded words and most
 * searched first. Spellings that fold to the same words count together and show the most common
 * spelling. Hidden terms are left out unless `includeHidden` (the admin screen shows them).
 */
export async function trendingCandidates(
  db: Database,
  now: Date,
  opts: { includeHidden?: boolean } = {},
): Promise<TrendingCandidate[]> {
  const since = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const includeHidden = opts.includeHidden ?? false;
  const [rows, hidden] = await Promise.all([
    topSearches(db, since, 200, { includeHidden }),
    includeHidden ? Promise.resolve(new Set<string>()) : hiddenTermKeys(db),
  ]);
  const groups = new Map<string, { total: number; best: { query: string; n: number } }>();
  for (const row of rows) {
    const key = trendingKey(row.query);
    if (!key || hidden.has(key)) continue;
    const g = groups.get(key);
    if (!g) groups.set(key, { total: row.n, best: row });
    else {
      g.total += row.n;
      if (row.n > g.best.n) g.best = row;
    }
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => b.total - a.total)
    .map(([key, g]) => ({ key, term: g.best.query, count: g.total }));
}

/**
 * Most searched successful terms of the last 7 days, without the terms an operator hid; an
 * empty log falls back to a curated list (never a hidden term either).
 */
export function trending(db: Database, limit = TRENDING_LIMIT, now = new Date()): Promise<TrendingTerm[]> {
  // Keyed by the limit (an admin setting): a changed limit never reads a list of the old length.
  return trendingCache.get(`7d|${limit}`, async () => {
    const [candidates, hidden] = await Promise.all([trendingCandidates(db, now), hiddenTermKeys(db)]);
    const terms = candidates.slice(0, limit).map((c) => ({ term: c.term, count: c.count }));
    // A young log tops up with the curated list, so the box never shows just one or two terms.
    const seen = new Set([...terms.map((t) => trendingKey(t.term)), ...hidden]);
    for (const term of CURATED_TRENDING) {
      if (terms.length >= limit) break;
      const key = trendingKey(term);
      if (!seen.has(key)) {
        seen.add(key);
        terms.push({ term, count: 0 });
      }
    }
    return terms;
  });
}

export function invalidateTrending() {
  trendingCache.clear();
}
