import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSubscriptionItem, SUBSCRIPTION_PLAN_FILTERS } from '@kiyasla/contracts/admin-subscriptions';
import { ADMIN_PAGE_SIZE } from '@kiyasla/contracts/admin-stores';
import type { SubscriptionStatus } from '@kiyasla/contracts/constants';
import { apiRequest } from '~/lib/api-client';
import { adminSubscriptionsKey } from './admin-subscriptions-keys';

export interface SubscriptionFilters {
  search: string;
  plan: '' | (typeof SUBSCRIPTION_PLAN_FILTERS)[number];
  status: '' | SubscriptionStatus;
}

export const EMPTY_SUBSCRIPTION_FILTERS: SubscriptionFilters = { search: '', plan: '', status: '' };

/** GET /admin/subscriptions: page size 10, filters as the form submitted them. */
export async function getAdminSubscriptions(page: number, filters: SubscriptionFilters) {
  const params = new URLSearchParams({ page: String(page), limit: String(ADMIN_PAGE_SIZE) });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.plan) params.set('plan', filters.plan);
  if (filters.status) params.set('status', filters.status);
  const { data, pagination } = await apiRequest<AdminSubscriptionItem[]>(`/admin/subscriptions?${params.toString()}`);
  return {
    subscriptions: data,
    pagination: pagination ?? { page, pages: 1, total: data.length, limit: ADMIN_PAGE_SIZE },
  };
}

export const adminSubscriptionsQuery = (page: number, filters: SubscriptionFilters) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, 'list', page, filters],
    queryFn: () => getAdminSubscriptions(page, filters),
    placeholderData: keepPreviousData,
  });

export function useAdminSubscriptions(page: number, filters: SubscriptionFilters) {
  return useQuery(adminSubscriptionsQuery(page, filters));
}
