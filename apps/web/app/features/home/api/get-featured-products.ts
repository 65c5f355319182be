import type { ProductCard } from '@kiyasla/contracts/catalog';
import { FEATURED_PRODUCT_COUNT } from '~/lib/ui-constants';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

/** `GET /products?featured=true&limit=4`: the home page's featured products. */
export function getFeaturedProducts(init?: ApiRequestInit): Promise<ProductCard[]> {
  return apiGet<ProductCard[]>(`/products?featured=true&limit=${FEATURED_PRODUCT_COUNT}`, init);
}
