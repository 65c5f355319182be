/**
 * The category route's clientLoader for an address with premium advanced filters (ADR 019): the
 * server rendered the page without its products (it cannot see the browser's session), so the
 * browser fetches them with the member's token. Loaded on demand: no page pays for it otherwise.
 */
import { redirect } from 'react-router';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { isApiError } from '~/lib/api-client';
import { refuseIfRateLimited } from '~/lib/rate-limited';
import { getCategoryProducts } from './api/get-category-products';
import type { CategoryPageData } from './category-page-data';

export async function withListingFromBrowser<T extends CategoryPageData>(data: T, request: Request): Promise<T> {
  try {
    const listing = await getCategoryProducts(data.categorySlug, data.subcategorySlug ?? undefined, data.state, {
      signal: request.signal,
    });
    const { pages } = listing.pagination;
    if (pages >= 1 && data.state.page > pages) {
      const url = new URL(request.url);
      url.searchParams.set('page', String(pages));
      throw redirect(`${url.pathname}${url.search}`);
    }
    return { ...data, listing, loadsInBrowser: false };
  } catch (reason) {
    if (reason instanceof Response || (reason instanceof DOMException && reason.name === 'AbortError')) throw reason;
    refuseIfRateLimited(reason);
    if (isApiError(reason) && reason.status === 403 && reason.code === 'PREMIUM_REQUIRED') {
      return { ...data, loadsInBrowser: false, premiumRequired: true };
    }
    return { ...data, loadsInBrowser: false, error: catalogMessages.productsLoadError };
  }
}
