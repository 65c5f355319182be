import type { ProductCard } from '@kiyasla/contracts/catalog';
import { HOME_PRODUCT_FETCH, HOME_SECTION_SIZE } from '~/lib/ui-constants';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

/**
 * `GET /products?limit=8&sort=newest`. The specification fills both home sections from this
 * one fetch: 'Son Eklenen Ürünler' shows the first 4, 'Popüler Ürünler' the next 4.
 */
export function getLatestProducts(init?: ApiRequestInit): Promise<ProductCard[]> {
  return apiGet<ProductCard[]>(`/products?limit=${HOME_PRODUCT_FETCH}&sort=newest`, init);
}

export function splitHomeSections(products: readonly ProductCard[]): {
  latest: ProductCard[];
  popular: ProductCard[];
} {
  return {
    latest: products.slice(0, HOME_SECTION_SIZE),
    popular: products.slice(HOME_SECTION_SIZE, HOME_SECTION_SIZE * 2),
  };
}
