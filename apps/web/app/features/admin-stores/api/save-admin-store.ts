import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminStore, AdminStoreCreate } from '@kiyasla/contracts/admin-stores';
import { apiRequest } from '~/lib/api-client';
import { adminStoresKey } from './admin-stores-keys';

/** POST /admin/stores, or PUT /admin/stores/{id} when `id` is given (the store form). */
export async function saveAdminStore(id: string | null, input: AdminStoreCreate): Promise<AdminStore> {
  const { data } = await apiRequest<AdminStore>(id ? `/admin/stores/${id}` : '/admin/stores', {
    method: id ? 'PUT' : 'POST',
    json: input,
  });
  return data;
}

export function useSaveAdminStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AdminStoreCreate }) => saveAdminStore(id, input),
    // The form shows the message and the field errors itself.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminStoresKey }),
  });
}
