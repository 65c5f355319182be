/**
 * The search route's clientLoader for an address with premium advanced filters (ADR 019): the
 * server rendered the page without results (it cannot see the browser's session), so the browser
 * fetches them with the member's token. Loaded on demand: no page pays for it otherwise.
 */
import { redirect } from 'react-router';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { isApiError } from '~/lib/api-client';
import { refuseIfRateLimited } from '~/lib/rate-limited';
import { getSearchResults } from './api/get-search-results';
import type { SearchPageData } from './search-page-data';

export async function withResultsFromBrowser<T extends SearchPageData>(data: T, request: Request): Promise<T> {
  try {
    const results = await getSearchResults(data.q, data.state, { signal: request.signal });
    const { pages } = results.pagination;
    if (pages >= 1 && data.state.page > pages) {
      const url = new URL(request.url);
      url.searchParams.set('page', String(pages));
      throw redirect(`${url.pathname}${url.search}`);
    }
    return { ...data, results, loadsInBrowser: false };
  } catch (reason) {
    if (reason instanceof Response || (reason instanceof DOMException && reason.name === 'AbortError')) throw reason;
    refuseIfRateLimited(reason);
    if (isApiError(reason) && reason.status === 403 && reason.code === 'PREMIUM_REQUIRED') {
      return { ...data, loadsInBrowser: false, premiumRequired: true };
    }
    return { ...data, loadsInBrowser: false, error: catalogMessages.searchError };
  }
}
