import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { adminStoresKey } from './admin-stores-keys';

/** DELETE /admin/stores/{id}: refused (409 STORE_HAS_OFFERS) while the store has offers. */
export async function deleteAdminStore(id: string): Promise<void> {
  await apiRequest(`/admin/stores/${id}`, { method: 'DELETE' });
}

export function useDeleteAdminStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminStore,
    meta: { errorToast: { title: 'Mağaza silinemedi', fallback: 'Bir hata oluştu' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminStoresKey }),
  });
}
