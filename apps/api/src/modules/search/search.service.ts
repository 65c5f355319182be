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
import { listProducts, type ListingInput } from '../products/products.service';
import { parseQuery, prefixTsQuery, type ParsedQuery } from './search-query';
import {
  brandProductCounts,
  closestTerms,
  prefixProductCounts,
  suggestProducts,
  textSearchSql,
  topSearches,
  unknownTokens,
} from './search.repo';
import { hiddenTermKeys } from './hidden-terms.repo';

/**
 * For each token, the words to look for: the token itself, or — when no indexed word starts
 * with it — the closest indexed words ("samsnug" → "samsung").
 */
async function tokenAlternatives(
  db: Database,
  q: ParsedQuery,
): Promise<{ alternatives: string[][]; corrected: boolean }> {
  const unknown = await unknownTokens(db, q.tokens);
  let corrected = false;
  const alternatives = await Promise.all(
    q.tokens.map(async (token) => {
      if (!unknown.has(token)) return [token];
      const close = await closestTerms(db, token);
      if (close.length === 0) return [token];
      corrected = true;
      return close;
    }),
  );
  return { alternatives, corrected };
}

export interface SearchResult {
  items: ProductCard[];
  pagination: Pagination;
  facets?: Facets;
  query: string;
  /** The query as it was understood after spelling corrections, when any were made. */
  correctedQuery: string | null;
}

// Searches follow a long tail, but its head (popular queries, their first pages) repeats all day.
const searchCache = new PublicReadCache<SearchResult>(30_000, 1_000);
// Keystrokes repeat even more: every shopper typing "kulaklık" sends the same 8 prefixes.
const suggestionCache = new PublicReadCache<Suggestion[]>(60_000, 5_000);

export function searchProducts(
  db: Database,
  rawQuery: string,
  input: ListingInput & { category?: string; subcategory?: string },
): Promise<SearchResult> {
  const q = parseQuery(rawQuery);
  return searchCache.get(JSON.stringify([q.display, input]), (tag) => runSearch(db, q, input, tag));
}

async function runSearch(
  db: Database,
  q: ParsedQuery,
  input: ListingInput & { category?: string; subcategory?: string },
  tag: TagReads,
): Promise<SearchResult> {
  const empty = { items: [], pagination: { page: input.page, limit: input.limit, total: 0, pages: 0 } };
  // Nothing in the catalog changes the answer to an empty query.
  if (q.tokens.length === 0) {
    tag({});
    return { ...empty, query: q.display, correctedQuery: null };
  }
  const { alternatives, corrected } = await tokenAlternatives(db, q);
  const search = textSearchSql(prefixTsQuery(alternatives), q.display);
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
  return {
    ...result,
    query: q.display,
    correctedQuery: corrected ? alternatives.map((a) => a[0]).join(' ') : null,
  };
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
  const counts = await prefixProductCounts(db, [...new Set(alternatives.alternatives.flat())]);
  const estimate = Math.min(
    ...alternatives.alternatives.map((alts) => alts.reduce((sum, a) => sum + (counts.get(a) ?? 0), 0)),
  );
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
