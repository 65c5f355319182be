import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReview, ReviewModerationStatus } from '@kiyasla/contracts/admin-reviews';
import { ownerDataKey } from '~/entities/session/api/query-keys';
import { apiRequest } from '~/lib/api-client';

export const adminReviewsKey = [...ownerDataKey, 'admin', 'reviews'] as const;

export interface AdminReviewFilters {
  search: string;
  status: ReviewModerationStatus;
}

export const EMPTY_REVIEW_FILTERS: AdminReviewFilters = { search: '', status: 'pending' };

/** GET /admin/reviews: page size 10, filters as the form submitted them. */
export async function getAdminReviews(page: number, filters: AdminReviewFilters) {
  const params = new URLSearchParams({ page: String(page), limit: '10', status: filters.status });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  const { data, pagination } = await apiRequest<AdminReview[]>(`/admin/reviews?${params.toString()}`);
  return { reviews: data, pagination: pagination ?? { page, pages: 1, total: data.length, limit: 10 } };
}

export function useAdminReviews(page: number, filters: AdminReviewFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...adminReviewsKey, page, filters],
      queryFn: () => getAdminReviews(page, filters),
      placeholderData: keepPreviousData,
    }),
  );
}
