import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSubscriptionStats } from '@kiyasla/contracts/admin-subscriptions';
import { apiRequest } from '~/lib/api-client';
import { adminSubscriptionsKey } from './admin-subscriptions-keys';

/** GET /admin/subscriptions/stats: the four cards and the statistics modal. */
export async function getSubscriptionStats(): Promise<AdminSubscriptionStats> {
  return (await apiRequest<AdminSubscriptionStats>('/admin/subscriptions/stats')).data;
}

export const subscriptionStatsQuery = () =>
  queryOptions({ queryKey: [...adminSubscriptionsKey, 'stats'], queryFn: getSubscriptionStats });

export function useSubscriptionStats() {
  return useQuery(subscriptionStatsQuery());
}
