import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ComparisonResult } from '@kiyasla/contracts/comparisons';
import { COMPARISON_MIN } from '@kiyasla/contracts/constants';
import { apiRequest } from '~/lib/api-client';
import { comparisonKeys } from './query-keys';

/** POST /comparisons/compare {productIds}: items, aligned spec rows, summary, pros/cons for premium. */
export async function compareProducts(productIds: readonly string[], signal?: AbortSignal): Promise<ComparisonResult> {
  const { data } = await apiRequest<ComparisonResult>('/comparisons/compare', {
    method: 'POST',
    json: { productIds },
    ...(signal ? { signal } : {}),
  });
  return data;
}

/** `viewer`: the user id, or '' for visitors (the answer differs for premium users). */
export const comparisonResultQuery = (productIds: readonly string[], viewer: string) =>
  queryOptions({
    queryKey: comparisonKeys.result(productIds, viewer),
    queryFn: ({ signal }) => compareProducts(productIds, signal),
    staleTime: 60_000,
  });

/** The comparison of the session list; idle below 2 products. */
export function useComparisonResult(productIds: readonly string[], viewer: string, enabled: boolean) {
  return useQuery({
    ...comparisonResultQuery(productIds, viewer),
    enabled: enabled && productIds.length >= COMPARISON_MIN,
    // Removing one product keeps the old table on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
