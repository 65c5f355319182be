import type { Facets, ProductCard } from '@kiyasla/contracts/catalog';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { LISTING_PAGE_SIZE } from '@kiyasla/contracts/constants';
import { apiRequest, type ApiRequestInit } from '~/lib/api-client';
import { listingApiParams, type ListingState } from '~/entities/listing/utils/listing-params';

export interface SearchResults {
  products: ProductCard[];
  pagination: Pagination;
  facets: Facets | null;
  /** The term as the server understood it (trimmed). */
  query: string;
  /** The term after spelling corrections ("samsnug" → "samsung"), or null when none was needed. */
  correctedQuery: string | null;
  /** `pagination.total` is a lower bound (too many matches to count): shown as "10.000+". */
  totalIsLowerBound: boolean;
}

/** `GET /search?q=` with the listing's filters, sort and page, plus the filter panel's facets. */
export async function getSearchResults(q: string, state: ListingState, init?: ApiRequestInit): Promise<SearchResults> {
  const params = new URLSearchParams({ q });
  for (const [key, value] of listingApiParams(state, { facets: true })) params.append(key, value);
  const result = await apiRequest<ProductCard[]>(`/search?${params}`, { ...init, method: 'GET' });
  const extras = result.extras ?? {};
  return {
    products: result.data,
    pagination: result.pagination ?? {
      page: state.page,
      pages: result.data.length > 0 ? 1 : 0,
      total: result.data.length,
      limit: LISTING_PAGE_SIZE,
    },
    facets: (extras.facets as Facets | undefined) ?? null,
    query: typeof extras.query === 'string' ? extras.query : q,
    correctedQuery: typeof extras.correctedQuery === 'string' ? extras.correctedQuery : null,
    totalIsLowerBound: extras.totalIsLowerBound === true,
  };
}
