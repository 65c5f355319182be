import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSubscriptionHistory } from '@kiyasla/contracts/admin-subscriptions';
import { apiRequest } from '~/lib/api-client';
import { adminSubscriptionsKey } from './admin-subscriptions-keys';

/** GET /admin/subscriptions/{userId}: the member's subscription and payment history (the view button). */
export async function getSubscriptionHistory(userId: string): Promise<AdminSubscriptionHistory> {
  return (await apiRequest<AdminSubscriptionHistory>(`/admin/subscriptions/${userId}`)).data;
}

export const subscriptionHistoryQuery = (userId: string) =>
  queryOptions({
    queryKey: [...adminSubscriptionsKey, 'history', userId],
    queryFn: () => getSubscriptionHistory(userId),
  });

export function useSubscriptionHistory(userId: string) {
  return useQuery(subscriptionHistoryQuery(userId));
}
