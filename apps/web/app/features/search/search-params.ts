/**
 * The search page's address: `/search?q=<term>` plus the listing's filters, sort, view and
 * page. Search results add "relevance" to the catalogue's sorts and use it by default.
 */
import { SEARCH_SORT_OPTIONS } from '@kiyasla/contracts/constants';
import { listingSearch, type ListingState, type SortConfig } from '~/entities/listing/utils/listing-params';
import { SEARCH_TERM_MAX_LENGTH } from '~/entities/search-box/utils/search-href';

export const SEARCH_SORTS: SortConfig = { options: SEARCH_SORT_OPTIONS, fallback: 'relevance' };

/** Listing changes keep the term. */
export const SEARCH_KEPT_PARAMS: readonly string[] = ['q'];

/** The term of the address, trimmed and cut to what the API accepts. */
export function searchTermOf(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, SEARCH_TERM_MAX_LENGTH);
}

/** `/search?q=…&brand=…&page=2`: the term first, then the listing state (defaults left out). */
export function searchPageHref(q: string, state: ListingState): string {
  return `/search${listingSearch(state, { sorts: SEARCH_SORTS, keep: [['q', q]] })}`;
}
