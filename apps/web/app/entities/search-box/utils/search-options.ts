/**
 * What the search box's dropdown offers, as one flat, ordered list of options in labelled
 * groups: while typing, the suggestions (categories, brands, products) and "all results";
 * in the empty box, the recent and the trending searches.
 */
import type { Suggestion, TrendingTerm } from '@kiyasla/contracts/search';
import { searchHref } from './search-href';

export type SearchOption =
  | { kind: 'suggestion'; key: string; suggestion: Suggestion }
  | { kind: 'recent'; key: string; term: string }
  | { kind: 'trending'; key: string; term: string }
  /** "Show all results for …": submits what is typed. */
  | { kind: 'search'; key: string; term: string };

export interface SearchOptionGroup {
  id: 'categories' | 'brands' | 'products' | 'recent' | 'trending' | 'all';
  /** The group's visible label; the lone "all results" option has none. */
  label: string | null;
  options: SearchOption[];
}

function suggestionKey(s: Suggestion): string {
  return s.type === 'brand' ? `brand:${s.text}` : `${s.type}:${s._id}`;
}

const GROUPS = [
  { id: 'categories', type: 'category', label: 'Kategoriler' },
  { id: 'brands', type: 'brand', label: 'Markalar' },
  { id: 'products', type: 'product', label: 'Ürünler' },
] as const;

/** The typed term's groups; "all results" is always offered last, even with no suggestion. */
export function suggestionGroups(suggestions: readonly Suggestion[], term: string): SearchOptionGroup[] {
  const groups: SearchOptionGroup[] = [];
  for (const { id, type, label } of GROUPS) {
    const options = suggestions
      .filter((s) => s.type === type)
      .map((suggestion): SearchOption => ({ kind: 'suggestion', key: suggestionKey(suggestion), suggestion }));
    if (options.length > 0) groups.push({ id, label, options });
  }
  const trimmed = term.trim();
  if (trimmed) groups.push({ id: 'all', label: null, options: [{ kind: 'search', key: 'search', term: trimmed }] });
  return groups;
}

/** The empty box: 'Son Aramalar' and 'Popüler Aramalar'. */
export function emptyBoxGroups(recent: readonly string[], trending: readonly TrendingTerm[]): SearchOptionGroup[] {
  const groups: SearchOptionGroup[] = [];
  if (recent.length > 0) {
    groups.push({
      id: 'recent',
      label: 'Son Aramalar',
      options: recent.map((term) => ({ kind: 'recent', key: `recent:${term}`, term })),
    });
  }
  if (trending.length > 0) {
    groups.push({
      id: 'trending',
      label: 'Popüler Aramalar',
      options: trending.map(({ term }) => ({ kind: 'trending', key: `trending:${term}`, term })),
    });
  }
  return groups;
}

export function flattenOptions(groups: readonly SearchOptionGroup[]): SearchOption[] {
  return groups.flatMap((group) => group.options);
}

export interface OptionTarget {
  href: string;
  /** The term to remember among the recent searches, when choosing the option is a search. */
  searchTerm: string | null;
}

/** Where choosing an option leads: a product, a category, a brand's results or a search. */
export function optionTarget(option: SearchOption): OptionTarget | null {
  if (option.kind === 'suggestion') {
    const s = option.suggestion;
    if (s.type === 'product') return { href: `/product/${encodeURIComponent(s._id)}`, searchTerm: null };
    if (s.type === 'category') return { href: s.url, searchTerm: null };
    return { href: s.url, searchTerm: s.text };
  }
  const href = searchHref(option.term);
  return href ? { href, searchTerm: option.term.trim() } : null;
}
