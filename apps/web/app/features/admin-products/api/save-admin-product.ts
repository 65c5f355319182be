import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, AdminProductCreate } from '@kiyasla/contracts/admin-products';
import { apiRequest } from '~/lib/api-client';
import { adminProductsKey } from './admin-products-keys';

/** POST /admin/products, or PUT /admin/products/{id} when `id` is given (the product modals). */
export async function saveAdminProduct(id: string | null, input: AdminProductCreate): Promise<AdminProduct> {
  const { data } = await apiRequest<AdminProduct>(id ? `/admin/products/${id}` : '/admin/products', {
    method: id ? 'PUT' : 'POST',
    json: input,
  });
  return data;
}

export function useSaveAdminProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: AdminProductCreate }) => saveAdminProduct(id, input),
    // The modal shows the message and the field errors itself.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductsKey }),
  });
}
