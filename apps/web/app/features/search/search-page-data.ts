/**
 * What the search route's loader gathers: the results page with facets for the term, or —
 * for a blank term or a search without hits — the trending searches to suggest instead.
 */
import type { AppLoadContext } from 'react-router';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import type { TrendingTerm } from '@kiyasla/contracts/search';
import { parseListingParams, type ListingState } from '~/entities/listing/utils/listing-params';
import { getTrendingSearches } from '~/entities/search-box/api/get-trending-searches';
import { isApiError } from '~/lib/api-client';
import { refuseIfRateLimited } from '~/lib/rate-limited';
import { getSearchResults, type SearchResults } from './api/get-search-results';
import { SEARCH_SORTS, searchTermOf } from './search-params';

export interface SearchPageData {
  /** The term from the address, trimmed; '' shows the prompt instead of results. */
  q: string;
  state: ListingState;
  results: SearchResults | null;
  /** The search failed: 'Arama sırasında bir hata oluştu', with no results. */
  error: string | null;
  /** The address asks for premium advanced filters the caller's plan does not have (403). */
  premiumRequired: boolean;
  /** Advanced filters on the server: the browser loads the results with its session (the route's clientLoader). */
  loadsInBrowser: boolean;
  trending: TrendingTerm[];
}

export type SearchPageResult =
  | { kind: 'page'; data: SearchPageData; status: number }
  /** The requested page is past the last one: go to the last page instead. */
  | { kind: 'redirect'; page: number };

type Init = { context?: AppLoadContext; signal?: AbortSignal };

const isAbort = (reason: unknown) => reason instanceof DOMException && reason.name === 'AbortError';

async function trendingOrNothing(init: Init): Promise<TrendingTerm[]> {
  try {
    return await getTrendingSearches(init);
  } catch (reason) {
    if (isAbort(reason)) throw reason;
    // Suggestions are a nicety: the page works without them.
    return [];
  }
}

export async function loadSearchPage(url: URL, init: Init): Promise<SearchPageResult> {
  const q = searchTermOf(url.searchParams);
  const state = parseListingParams(url.searchParams, SEARCH_SORTS);
  const base: SearchPageData = {
    q,
    state,
    results: null,
    error: null,
    premiumRequired: false,
    loadsInBrowser: false,
    trending: [],
  };
  if (!q) return { kind: 'page', data: { ...base, trending: await trendingOrNothing(init) }, status: 200 };
  if (state.advanced.length > 0 && typeof document === 'undefined') {
    return { kind: 'page', data: { ...base, loadsInBrowser: true }, status: 200 };
  }

  let results: SearchResults;
  try {
    results = await getSearchResults(q, state, init);
  } catch (reason) {
    if (isAbort(reason)) throw reason;
    refuseIfRateLimited(reason);
    if (isApiError(reason) && reason.status === 403 && reason.code === 'PREMIUM_REQUIRED') {
      return { kind: 'page', data: { ...base, premiumRequired: true }, status: 403 };
    }
    // The API's own status when it answered (a 4xx for a refused filter), else a gateway failure.
    const status = isApiError(reason) && reason.status >= 400 ? reason.status : 502;
    return { kind: 'page', data: { ...base, error: catalogMessages.searchError }, status };
  }

  const { pages, total } = results.pagination;
  if (pages >= 1 && state.page > pages) return { kind: 'redirect', page: pages };
  const trending = total === 0 ? await trendingOrNothing(init) : [];
  return { kind: 'page', data: { ...base, results, trending }, status: 200 };
}
