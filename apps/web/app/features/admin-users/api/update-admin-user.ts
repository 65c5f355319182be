import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserUpdate } from '@kiyasla/contracts/admin-users';
import { apiRequest } from '~/lib/api-client';
import { adminUsersKey } from './admin-users-keys';

/** PUT /admin/users/{id}: role and active flag (the edit modal). */
export async function updateAdminUser(id: string, input: AdminUserUpdate): Promise<AdminUser> {
  const { data } = await apiRequest<AdminUser>(`/admin/users/${id}`, { method: 'PUT', json: input });
  return data;
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUserUpdate }) => updateAdminUser(id, input),
    meta: { errorToast: { title: 'Kullanıcı güncellenemedi', fallback: 'Bir hata oluştu' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
