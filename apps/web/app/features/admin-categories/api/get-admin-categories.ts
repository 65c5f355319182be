import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CATEGORY_DROPDOWN_LIMIT, type AdminCategory } from '@kiyasla/contracts/admin-categories';
import { apiRequest } from '~/lib/api-client';
import { adminCategoriesKey } from './admin-categories-keys';

/** GET /admin/categories: tree order, 10 a page, `search` sent to the server. */
export async function getAdminCategories(page: number, search: string, limit = 10) {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search.trim()) params.set('search', search.trim());
  const { data, pagination } = await apiRequest<AdminCategory[]>(`/admin/categories?${params.toString()}`);
  return { categories: data, pagination: pagination ?? { page, pages: 1, total: data.length, limit } };
}

export function useAdminCategories(page: number, search: string) {
  return useQuery({
    queryKey: [...adminCategoriesKey, 'list', page, search],
    queryFn: () => getAdminCategories(page, search),
    placeholderData: keepPreviousData,
  });
}

/** The first 100 categories, for a parent or category dropdown (specification §9). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: [...adminCategoriesKey, 'options'],
    queryFn: async () => (await getAdminCategories(1, '', CATEGORY_DROPDOWN_LIMIT)).categories,
  });
}
