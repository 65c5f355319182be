import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { adminUsersKey } from './admin-users-keys';

/** DELETE /admin/users/{id}: closes the account (confirmed first). */
export async function deleteAdminUser(id: string): Promise<void> {
  await apiRequest(`/admin/users/${id}`, { method: 'DELETE' });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    meta: { errorToast: { title: 'Kullanıcı silinemedi', fallback: 'Bir hata oluştu' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
