import type { QueryClient } from '@tanstack/react-query';
import type { NotificationCounts } from '@kiyasla/contracts/notifications';
import { apiRequest } from '~/lib/api-client';
import { notificationKeys } from './query-keys';

/** The price alerts entity's query key root (its lists show Tetiklendi when an alert fires). */
const PRICE_ALERTS_KEY = ['price-alerts'] as const;

/**
 * The live header counts (GET /api/notifications/stream, server-sent events). Loaded on demand
 * by useNotificationCounts, only for a signed-in user, so public pages' initial JavaScript stays
 * the same. EventSource cannot send the Authorization header: each connection starts with a
 * one-minute ticket (POST /notifications/stream-ticket). When the stream breaks (server restart,
 * network, the stream's 30-minute end) it is closed and reopened with a new ticket after a
 * backoff (1 s doubling to 1 min); meanwhile `onLive(false)` lets the caller poll.
 */
export function connectLiveCounts(
  queryClient: QueryClient,
  userId: string,
  onLive: (live: boolean) => void,
): () => void {
  let before: NotificationCounts | null = null;
  // The badge takes the counts; a changed count refreshes the lists, so an open
  // /notifications or /price-alerts page follows without a reload.
  const onCounts = (counts: NotificationCounts) => {
    queryClient.setQueryData(notificationKeys.counts(userId), counts);
    if (before && before.unread !== counts.unread) {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    }
    if (before && before.activeAlerts !== counts.activeAlerts) {
      void queryClient.invalidateQueries({ queryKey: PRICE_ALERTS_KEY });
    }
    before = counts;
  };
  if (typeof EventSource === 'undefined') return () => undefined;
  let closed = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = 1_000;

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(open, retryMs * (0.75 + Math.random() * 0.5));
    retryMs = Math.min(retryMs * 2, 60_000);
  };

  async function open() {
    if (closed) return;
    try {
      const { data } = await apiRequest<{ ticket: string }>('/notifications/stream-ticket', { method: 'POST' });
      if (closed) return;
      const es = new EventSource(`/api/notifications/stream?ticket=${encodeURIComponent(data.ticket)}`);
      source = es;
      es.addEventListener('counts', (event) => {
        retryMs = 1_000;
        onLive(true);
        onCounts(JSON.parse((event as MessageEvent<string>).data) as NotificationCounts);
      });
      es.onerror = () => {
        es.close();
        if (source === es) source = null;
        onLive(false);
        schedule();
      };
    } catch {
      onLive(false);
      schedule();
    }
  }

  void open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}
