import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@kiyasla/contracts/admin-stats';
import { ownerDataKey } from '~/entities/session/api/query-keys';
import { apiRequest } from '~/lib/api-client';

/** GET /admin/stats: the dashboard's figures. */
export async function getAdminStats(): Promise<AdminStats> {
  return (await apiRequest<AdminStats>('/admin/stats')).data;
}

export const adminStatsQuery = () =>
  queryOptions({ queryKey: [...ownerDataKey, 'admin', 'stats'] as const, queryFn: getAdminStats });

export function useAdminStats() {
  return useQuery(adminStatsQuery());
}
