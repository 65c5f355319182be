/**
 * What the category route's loader gathers: the category (and, for a subcategory, its parent
 * with the sibling list), the listing page with facets, and the page's meta texts.
 */
import type { AppLoadContext } from 'react-router';
import { messages } from '@kiyasla/contracts/messages';
import { isApiError } from '~/lib/api-client';
import { refuseIfRateLimited } from '~/lib/rate-limited';
import { parseListingParams, type ListingState } from '~/entities/listing/utils/listing-params';
import { getCategory, type CategoryWithFamily } from './api/get-category';
import { getCategoryProducts, type ProductListing } from './api/get-category-products';
import { categoryName, subcategoryName } from './utils/category-names';

export interface CategoryPageData {
  status: 'ok' | 'not-found';
  categorySlug: string;
  subcategorySlug: string | null;
  /** Display names: the category, and the subcategory on a two-level route. */
  categoryTitle: string;
  subcategoryTitle: string | null;
  /** The page's own category (the subcategory on a two-level route). */
  category: CategoryWithFamily | null;
  /** The top-level category (children = the subcategory links). */
  topCategory: CategoryWithFamily | null;
  listing: ProductListing | null;
  /** The products could not be loaded (the 'Hata' panel). */
  error: string | null;
  /** The address asks for premium advanced filters the caller's plan does not have (403). */
  premiumRequired: boolean;
  /**
   * The address asks for advanced filters and this is the server: it cannot see the browser's
   * session (ADR 009), so the browser loads the products itself (the route's clientLoader).
   */
  loadsInBrowser: boolean;
  state: ListingState;
}

export type CategoryPageResult =
  | { kind: 'page'; data: CategoryPageData; status: number }
  /** The requested page is past the last one: go to the last page instead. */
  | { kind: 'redirect'; page: number };

const isNotFound = (reason: unknown) => isApiError(reason) && reason.status === 404;
const isPremiumRequired = (reason: unknown) =>
  isApiError(reason) && reason.status === 403 && reason.code === 'PREMIUM_REQUIRED';

export async function loadCategoryPage(
  categorySlug: string,
  subcategorySlug: string | undefined,
  url: URL,
  init: { context?: AppLoadContext; signal?: AbortSignal },
): Promise<CategoryPageResult> {
  const state = parseListingParams(url.searchParams);
  const loadsInBrowser = state.advanced.length > 0 && typeof document === 'undefined';
  const [own, parent, listing] = await Promise.allSettled([
    getCategory(categorySlug, subcategorySlug, init),
    subcategorySlug ? getCategory(categorySlug, undefined, init) : Promise.resolve(null),
    loadsInBrowser ? Promise.resolve(null) : getCategoryProducts(categorySlug, subcategorySlug, state, init),
  ]);

  for (const result of [own, parent, listing]) if (result.status === 'rejected') refuseIfRateLimited(result.reason);
  const category = own.status === 'fulfilled' ? own.value : null;
  const topCategory = subcategorySlug ? (parent.status === 'fulfilled' ? parent.value : null) : category;
  const notFound =
    (own.status === 'rejected' && isNotFound(own.reason)) ||
    (listing.status === 'rejected' && isNotFound(listing.reason));

  const data: CategoryPageData = {
    status: notFound ? 'not-found' : 'ok',
    categorySlug,
    subcategorySlug: subcategorySlug ?? null,
    categoryTitle: categoryName(categorySlug, topCategory?.name),
    subcategoryTitle: subcategorySlug ? subcategoryName(categorySlug, subcategorySlug, category?.name) : null,
    category,
    topCategory,
    listing: listing.status === 'fulfilled' ? listing.value : null,
    error: null,
    premiumRequired: false,
    loadsInBrowser,
    state,
  };
  if (notFound) return { kind: 'page', data: { ...data, listing: null, loadsInBrowser: false }, status: 404 };

  if (listing.status === 'rejected') {
    const reason: unknown = listing.reason;
    if (reason instanceof DOMException && reason.name === 'AbortError') throw reason;
    if (isPremiumRequired(reason)) return { kind: 'page', data: { ...data, premiumRequired: true }, status: 403 };
    const status = isApiError(reason) && reason.status >= 500 ? reason.status : 500;
    return { kind: 'page', data: { ...data, error: messages.catalog.productsLoadError }, status };
  }

  if (!listing.value) return { kind: 'page', data, status: 200 };
  const { pages } = listing.value.pagination;
  if (pages >= 1 && state.page > pages) return { kind: 'redirect', page: pages };
  return { kind: 'page', data, status: 200 };
}
