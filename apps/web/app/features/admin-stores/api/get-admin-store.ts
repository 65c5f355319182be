import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStore } from '@kiyasla/contracts/admin-stores';
import { apiGet } from '~/lib/api-client';
import { adminStoresKey } from './admin-stores-keys';

/** GET /admin/stores/{id}: one store with its feed settings, offer counts and last import. */
export const adminStoreQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminStoresKey, 'one', id],
    queryFn: () => apiGet<AdminStore>(`/admin/stores/${id}`),
  });

export function useAdminStore(id: string) {
  return useQuery(adminStoreQuery(id));
}
