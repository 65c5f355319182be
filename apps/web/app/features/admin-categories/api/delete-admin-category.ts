import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { adminCategoriesKey } from './admin-categories-keys';

/** DELETE /admin/categories/{id}: refused while it holds products or subcategories (the toast says why). */
export async function deleteAdminCategory(id: string): Promise<void> {
  await apiRequest(`/admin/categories/${id}`, { method: 'DELETE' });
}

export function useDeleteAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminCategory,
    meta: { errorToast: { title: 'Kategori silinemedi', fallback: 'Bir hata oluştu' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCategoriesKey }),
  });
}
