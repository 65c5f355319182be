import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceAlert } from '@kiyasla/contracts/alerts';
import { apiRequest } from '~/lib/api-client';
import { useAuth } from '~/entities/session/auth-context';
import { alertKeys } from './query-keys';

/** GET /alerts: every alert of the user, newest first (the page holds up to 100). */
export async function getAlerts(): Promise<PriceAlert[]> {
  const { data } = await apiRequest<PriceAlert[]>('/alerts');
  return Array.isArray(data) ? data : [];
}

export const alertsQuery = (userId: string) =>
  queryOptions({ queryKey: alertKeys.list(userId), queryFn: getAlerts, staleTime: 30_000 });

/** The alerts of a signed-in user; disabled for visitors. */
export function useAlerts() {
  const { status, user } = useAuth();
  const userId = status === 'authenticated' && user ? user._id : '';
  return useQuery({ ...alertsQuery(userId), enabled: userId !== '' });
}
