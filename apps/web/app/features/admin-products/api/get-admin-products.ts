import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@kiyasla/contracts/admin-products';
import { apiRequest } from '~/lib/api-client';
import { adminProductsKey } from './admin-products-keys';

export interface AdminProductFilters {
  search: string;
  category: string;
  isActive: '' | 'true' | 'false';
}

export const EMPTY_PRODUCT_FILTERS: AdminProductFilters = { search: '', category: '', isActive: '' };

/** GET /admin/products: page size 10, filters as the form submitted them. */
export async function getAdminProducts(page: number, filters: AdminProductFilters) {
  const params = new URLSearchParams({ page: String(page), limit: '10' });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.isActive) params.set('isActive', filters.isActive);
  const { data, pagination } = await apiRequest<AdminProduct[]>(`/admin/products?${params.toString()}`);
  return { products: data, pagination: pagination ?? { page, pages: 1, total: data.length, limit: 10 } };
}

export function useAdminProducts(page: number, filters: AdminProductFilters) {
  return useQuery({
    queryKey: [...adminProductsKey, 'list', page, filters],
    queryFn: () => getAdminProducts(page, filters),
    placeholderData: keepPreviousData,
  });
}
