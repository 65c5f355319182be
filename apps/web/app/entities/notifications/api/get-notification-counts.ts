import { useQuery } from '@tanstack/react-query';
import type { NotificationCounts } from '@kiyasla/contracts/notifications';
import { apiRequest } from '~/lib/api-client';
import { useAuth } from '~/entities/session/auth-context';
import { notificationKeys } from './query-keys';

/** The header badges poll this often (the fallback of live updates). */
const COUNTS_REFRESH_MS = 30_000;
const NONE: NotificationCounts = { unread: 0, activeAlerts: 0 };

/** GET /notifications/counts: unread notifications and armed price alerts; zeros for visitors. */
export function useNotificationCounts(): NotificationCounts {
  const { status, user } = useAuth();
  const userId = status === 'authenticated' && user ? user._id : '';
  const { data } = useQuery({
    queryKey: notificationKeys.counts(userId),
    queryFn: async () => (await apiRequest<NotificationCounts>('/notifications/counts')).data,
    enabled: userId !== '',
    refetchInterval: COUNTS_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });
  return userId && data ? data : NONE;
}
