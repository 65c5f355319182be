import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedComparisonPage } from '@kiyasla/contracts/comparisons';
import { MAX_PAGE_SIZE } from '@kiyasla/contracts/constants';
import { apiGet } from '~/lib/api-client';
import { comparisonKeys } from './query-keys';

/** GET /comparisons?page=1&limit=100: the user's saved comparisons (data.data), newest first. */
export function getSavedComparisons(): Promise<SavedComparisonPage> {
  return apiGet<SavedComparisonPage>(`/comparisons?page=1&limit=${MAX_PAGE_SIZE}`);
}

export const savedComparisonsQuery = (userId: string) =>
  queryOptions({ queryKey: comparisonKeys.saved(userId), queryFn: getSavedComparisons, staleTime: 30_000 });

/** The sidebar list; disabled for visitors (pass ''). */
export function useSavedComparisons(userId: string) {
  return useQuery({ ...savedComparisonsQuery(userId), enabled: userId !== '' });
}
