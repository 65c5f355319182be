import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStore } from '@kiyasla/contracts/admin-stores';
import { apiRequest } from '~/lib/api-client';
import { adminStoresKey } from './admin-stores-keys';

/** GET /admin/stores: page size 10, `q` searches the names. */
export async function getAdminStores(page: number, q: string) {
  const params = new URLSearchParams({ page: String(page), limit: '10' });
  if (q.trim()) params.set('q', q.trim());
  const { data, pagination } = await apiRequest<AdminStore[]>(`/admin/stores?${params.toString()}`);
  return { stores: data, pagination: pagination ?? { page, pages: 1, total: data.length, limit: 10 } };
}

export function useAdminStores(page: number, q: string) {
  return useQuery(
    queryOptions({
      queryKey: [...adminStoresKey, 'list', page, q],
      queryFn: () => getAdminStores(page, q),
      placeholderData: keepPreviousData,
    }),
  );
}
