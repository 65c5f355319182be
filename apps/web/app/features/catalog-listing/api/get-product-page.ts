import type { ProductCard } from '@kiyasla/contracts/catalog';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { apiRequest, type ApiRequestInit } from '~/lib/api-client';

/** `GET /products?page&limit`: one page of the whole catalogue (newest first), for the sitemap. */
export async function getProductPage(
  page: number,
  limit: number,
  init?: ApiRequestInit,
): Promise<{ products: ProductCard[]; pagination: Pagination }> {
  const result = await apiRequest<ProductCard[]>(`/products?page=${page}&limit=${limit}&sort=newest`, {
    ...init,
    method: 'GET',
  });
  return {
    products: result.data,
    pagination: result.pagination ?? { page, pages: page, total: result.data.length, limit },
  };
}
