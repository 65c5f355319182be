import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAnalytics, AnalyticsPeriod } from '@kiyasla/contracts/admin-analytics';
import { ownerDataKey } from '~/entities/session/api/query-keys';
import { apiRequest } from '~/lib/api-client';

/** GET /admin/analytics?period=…: the analytics page's figures. */
export async function getAdminAnalytics(period: AnalyticsPeriod): Promise<AdminAnalytics> {
  return (await apiRequest<AdminAnalytics>(`/admin/analytics?period=${period}`)).data;
}

export const adminAnalyticsQuery = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: [...ownerDataKey, 'admin', 'analytics', period] as const,
    queryFn: () => getAdminAnalytics(period),
    placeholderData: keepPreviousData,
  });

export function useAdminAnalytics(period: AnalyticsPeriod) {
  return useQuery(adminAnalyticsQuery(period));
}
