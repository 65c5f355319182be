import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductProsCons } from '@kiyasla/contracts/comparisons';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

/** `GET /products/{id}/pros-cons` (premium): the analysis against the product's nearest-priced peers. */
export function getProsCons(productId: string, init?: ApiRequestInit) {
  return apiGet<ProductProsCons>(`/products/${encodeURIComponent(productId)}/pros-cons`, init);
}

export function prosConsQueryOptions(productId: string, userId: string) {
  return queryOptions({
    // Per account: a plan change (another user in this tab) must not reuse an answer.
    queryKey: ['products', productId, 'pros-cons', userId] as const,
    queryFn: ({ signal }) => getProsCons(productId, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Fetched in the browser when the premium member opens the tab. */
export function useProsCons(productId: string, userId: string) {
  return useQuery(prosConsQueryOptions(productId, userId));
}
