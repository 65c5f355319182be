import { useQuery } from '@tanstack/react-query';
import { CATEGORY_DROPDOWN_LIMIT, type AdminCategory } from '@kiyasla/contracts/admin-categories';
import { ownerDataKey } from '~/entities/session/api/query-keys';
import { apiGet } from '~/lib/api-client';

/** GET /admin/categories?limit=100: the category dropdown of the filters and the form (specification §9). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: [...ownerDataKey, 'admin', 'categories', 'options'],
    queryFn: () => apiGet<AdminCategory[]>(`/admin/categories?page=1&limit=${CATEGORY_DROPDOWN_LIMIT}`),
  });
}
