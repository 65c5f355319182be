import { useQuery } from '@tanstack/react-query';
import type { AdminProductOffer } from '@kiyasla/contracts/admin-products';
import { apiGet } from '~/lib/api-client';
import { adminProductsKey } from './admin-products-keys';

/** GET /admin/products/{id}/offers: the store offers the product's prices come from, with their freshness. */
export function useProductOffers(productId: string) {
  return useQuery({
    queryKey: [...adminProductsKey, 'offers', productId],
    queryFn: () => apiGet<AdminProductOffer[]>(`/admin/products/${productId}/offers`),
  });
}
