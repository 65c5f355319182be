import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationCounts } from '@kiyasla/contracts/notifications';
import { apiRequest } from '~/lib/api-client';
import { useAuth } from '~/entities/session/auth-context';
import { notificationKeys } from './query-keys';

/** Without the live stream the header badges poll this often. */
const COUNTS_REFRESH_MS = 30_000;
const NONE: NotificationCounts = { unread: 0, activeAlerts: 0 };

/**
 * GET /notifications/counts: unread notifications and armed price alerts; zeros for visitors.
 * While signed in the counts also arrive live over server-sent events (live-counts.ts, loaded on
 * demand); polling is the fallback while the stream is down. A changed count refreshes the
 * notification and alert lists too, so an open /notifications or /price-alerts page follows.
 */
export function useNotificationCounts(): NotificationCounts {
  const { status, user } = useAuth();
  const userId = status === 'authenticated' && user ? user._id : '';
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./live-counts').then((m) => {
      if (!cancelled) stop = m.connectLiveCounts(queryClient, userId, setLive);
    });
    return () => {
      cancelled = true;
      stop?.();
      setLive(false);
    };
  }, [userId, queryClient]);

  const { data } = useQuery({
    queryKey: notificationKeys.counts(userId),
    queryFn: async () => (await apiRequest<NotificationCounts>('/notifications/counts')).data,
    enabled: userId !== '',
    refetchInterval: live ? false : COUNTS_REFRESH_MS,
    refetchOnWindowFocus: !live,
    staleTime: 10_000,
  });
  return userId && data ? data : NONE;
}
