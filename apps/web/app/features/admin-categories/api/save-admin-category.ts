import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminCategoryCreate } from '@kiyasla/contracts/admin-categories';
import { apiRequest } from '~/lib/api-client';
import { adminCategoriesKey } from './admin-categories-keys';

/** POST /admin/categories, or PUT /admin/categories/{id} when `id` is given (the category modals). */
export async function saveAdminCategory(id: string | null, input: AdminCategoryCreate): Promise<AdminCategory> {
  const { data } = await apiRequest<AdminCategory>(id ? `/admin/categories/${id}` : '/admin/categories', {
    method: id ? 'PUT' : 'POST',
    json: input,
  });
  return data;
}

export function useSaveAdminCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AdminCategoryCreate }) => saveAdminCategory(id, input),
    // The modal shows the message and the field errors itself.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCategoriesKey }),
  });
}
