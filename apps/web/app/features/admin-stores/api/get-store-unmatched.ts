import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FeedUnmatchedItem } from '@kiyasla/contracts/admin-stores';
import { apiRequest } from '~/lib/api-client';
import { adminStoresKey } from './admin-stores-keys';

/** GET /admin/stores/{id}/unmatched: items no product matched, unresolved first, 10 a page. */
export async function getStoreUnmatched(storeId: string, page: number) {
  const { data, pagination } = await apiRequest<FeedUnmatchedItem[]>(
    `/admin/stores/${storeId}/unmatched?page=${page}&limit=10`,
  );
  return { items: data, pagination: pagination ?? { page, pages: 1, total: data.length, limit: 10 } };
}

export function useStoreUnmatched(storeId: string, page: number) {
  return useQuery({
    queryKey: [...adminStoresKey, 'unmatched', storeId, page],
    queryFn: () => getStoreUnmatched(storeId, page),
    placeholderData: keepPreviousData,
  });
}
