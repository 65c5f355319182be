import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Review, ReviewSummary } from '@kiyasla/contracts/catalog';
import type { ReviewSort } from '@kiyasla/contracts/catalog-constants';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { REVIEW_PAGE_SIZE } from '@kiyasla/contracts/constants';
import { apiRequest, type ApiRequestInit } from '~/lib/api-client';

export interface ReviewsInput {
  productId: string;
  page: number;
  sort: ReviewSort;
  /** Only reviews with this many stars (1–5); null for all. */
  rating: number | null;
}

export interface ReviewsPage {
  reviews: Review[];
  pagination: Pagination;
  summary: ReviewSummary;
}

/** `GET /products/{id}/reviews?page&limit=10&sort&rating`: one page of approved reviews and the summary. */
export async function getProductReviews(input: ReviewsInput, init?: ApiRequestInit): Promise<ReviewsPage> {
  const params = new URLSearchParams({ page: String(input.page), limit: String(REVIEW_PAGE_SIZE), sort: input.sort });
  if (input.rating !== null) params.set('rating', String(input.rating));
  const result = await apiRequest<Review[]>(`/products/${encodeURIComponent(input.productId)}/reviews?${params}`, {
    ...init,
    method: 'GET',
  });
  return {
    reviews: result.data,
    pagination: result.pagination ?? { page: input.page, pages: 1, total: result.data.length, limit: REVIEW_PAGE_SIZE },
    summary: (result.extras?.summary as ReviewSummary | undefined) ?? { average: 0, count: 0, distribution: {} },
  };
}

export function reviewsQueryOptions(input: ReviewsInput) {
  return queryOptions({
    queryKey: ['products', input.productId, 'reviews', input] as const,
    queryFn: ({ signal }) => getProductReviews(input, { signal }),
  });
}

export function useProductReviews(input: ReviewsInput) {
  return useQuery({ ...reviewsQueryOptions(input), placeholderData: keepPreviousData });
}
