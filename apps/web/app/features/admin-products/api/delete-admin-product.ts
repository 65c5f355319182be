import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { adminProductsKey } from './admin-products-keys';

/** DELETE /admin/products/{id}: refused while offers, reviews, favorites or alerts depend on it (the toast says why). */
export async function deleteAdminProduct(id: string): Promise<void> {
  await apiRequest(`/admin/products/${id}`, { method: 'DELETE' });
}

export function useDeleteAdminProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminProduct,
    meta: { errorToast: { title: 'Ürün silinemedi', fallback: 'Bir hata oluştu' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductsKey }),
  });
}
