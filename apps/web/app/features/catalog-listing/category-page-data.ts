/**
 * What the category route's loader gathers: the category (and, for a subcategory, its parent
 * with the sibling list), the listing page with facets, and the page's meta texts.
 */
import type { AppLoadContext } from 'react-router';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { isApiError } from '~/lib/api-client';
import { refuseIfRateLimited } from '~/lib/rate-limited';
import {
  DEFAULT_SORT,
  hasActiveFilters,
  parseListingParams,
  type ListingState,
} from '~/entities/listing/utils/listing-params';
import { getCategory, type CategoryWithFamily } from './api/get-category';
import { getCategoryProducts, type ProductListing } from './api/get-category-products';
import { categoryName, subcategoryName } from './utils/category-names';
import { isFoldedAddress, movedCategoryAddress } from './category-slug-redirect.server';
import { catalogBrandSearch } from './category-brand-redirect.server';

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
  /**
   * A later page of a filtered or re-sorted listing: kept out of the index (`noindex, follow`)
   * and without a canonical link. ADR 007 points every variant at the plain listing with its page
   * kept, which is right for page 1 (the variants of one listing, consolidated on it) but not
   * beyond: `?brand=Apple&page=2` holds other products than `?page=2`, so that canonical would
   * name a different page (search engines ignore or distrust such a hint) and page 1 is not its
   * equivalent either. Its links are still followed, so the products it lists stay reachable.
   */
  variantPage: boolean;
}

export type CategoryPageResult =
  | { kind: 'page'; data: CategoryPageData; status: number }
  /** The requested page is past the last one: go to the last page instead. */
  | { kind: 'redirect'; page: number }
  /**
   * A malformed or upper-case slug that folds to an existing category's
   * (category-slug-redirect.server.ts), or a brand in another case than the catalogue's
   * (category-brand-redirect.server.ts).
   */
  | { kind: 'moved'; location: string };

const isNotFound = (reason: unknown) => isApiError(reason) && reason.status === 404;
/** The API refuses a slug outside its format (400 VALIDATION_ERROR): no such category either. */
const isMalformed = (reason: unknown) => isApiError(reason) && reason.status === 400;
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
  const malformed = own.status === 'rejected' && isMalformed(own.reason);
  // Slugs are lower case: one the API does not know in another case (`Telefon`) may fold to one.
  const unfolded =
    own.status === 'rejected' && isNotFound(own.reason) && !isFoldedAddress(categorySlug, subcategorySlug);
  if (malformed || unfolded) {
    const location = await movedCategoryAddress(categorySlug, subcategorySlug, url, init);
    if (location) return { kind: 'moved', location };
  }
  const notFound =
    malformed ||
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
    variantPage: state.page > 1 && (hasActiveFilters(state) || state.sort !== DEFAULT_SORT),
  };
  if (notFound) return { kind: 'page', data: { ...data, listing: null, loadsInBrowser: false }, status: 404 };

  if (listing.status === 'rejected') {
    const reason: unknown = listing.reason;
    if (reason instanceof DOMException && reason.name === 'AbortError') throw reason;
    if (isPremiumRequired(reason)) return { kind: 'page', data: { ...data, premiumRequired: true }, status: 403 };
    const status = isApiError(reason) && reason.status >= 500 ? reason.status : 500;
    return { kind: 'page', data: { ...data, error: catalogMessages.productsLoadError }, status };
  }

  if (!listing.value) return { kind: 'page', data, status: 200 };
  const brands = listing.value.facets?.brands;
  const brandSearch = state.brands.length > 0 && brands ? catalogBrandSearch(url.searchParams, brands) : null;
  if (brandSearch) return { kind: 'moved', location: `${url.pathname}${brandSearch}` };
  const { pages } = listing.value.pagination;
  if (pages >= 1 && state.page > pages) return { kind: 'redirect', page: pages };
  return { kind: 'page', data, status: 200 };
}
