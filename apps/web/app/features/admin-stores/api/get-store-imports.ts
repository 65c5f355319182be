import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FeedImport } from '@kiyasla/contracts/admin-stores';
import { apiRequest } from '~/lib/api-client';
import { adminStoresKey } from './admin-stores-keys';

/** GET /admin/stores/{id}/imports: the import history with each report, newest first, 10 a page. */
export async function getStoreImports(storeId: string, page: number) {
  const { data, pagination } = await apiRequest<FeedImport[]>(`/admin/stores/${storeId}/imports?page=${page}&limit=10`);
  return { imports: data, pagination: pagination ?? { page, pages: 1, total: data.length, limit: 10 } };
}

export function useStoreImports(storeId: string, page: number) {
  return useQuery({
    queryKey: [...adminStoresKey, 'imports', storeId, page],
    queryFn: () => getStoreImports(storeId, page),
    placeholderData: keepPreviousData,
  });
}
