import type { Facets, ProductCard } from '@kiyasla/contracts/catalog';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { LISTING_PAGE_SIZE } from '@kiyasla/contracts/constants';
import { apiRequest, type ApiRequestInit } from '~/lib/api-client';
import { listingApiParams, type ListingState } from '~/entities/listing/utils/listing-params';

export interface ProductListing {
  products: ProductCard[];
  pagination: Pagination;
  facets: Facets | null;
}

/**
 * `GET /categories/{slug}/products` (or `/categories/{sub}/products?parent={slug}`) with the
 * listing's filters, sort and page, plus the filter panel's facet counts.
 */
export async function getCategoryProducts(
  categorySlug: string,
  subcategorySlug: string | undefined,
  state: ListingState,
  init?: ApiRequestInit,
): Promise<ProductListing> {
  const params = listingApiParams(state, { facets: true });
  const scope = subcategorySlug ?? categorySlug;
  if (subcategorySlug) params.set('parent', categorySlug);
  const result = await apiRequest<ProductCard[]>(`/categories/${encodeURIComponent(scope)}/products?${params}`, {
    ...init,
    method: 'GET',
  });
  return {
    products: result.data,
    pagination: result.pagination ?? {
      page: state.page,
      pages: result.data.length > 0 ? 1 : 0,
      total: result.data.length,
      limit: LISTING_PAGE_SIZE,
    },
    facets: (result.extras?.facets as Facets | undefined) ?? null,
  };
}
