/**
 * The counts behind the header badges. Each count has one source; features that arrive later
 * (auth, favorites, notifications, alerts) replace the placeholder sources here, and the
 * header needs no change.
 *
 * - comparison: the session comparison list (sessionStorage `comparisonList`), re-read on
 *   the `comparisonChanged` event.
 * - favorites: 0 while signed out; else the favorites list's total, recounted on every
 *   `favoritesChanged` broadcast of this tab or another (entities/favorites/utils/favorites-sync, spec §4).
 * - notifications (unread) and price alerts (active, not triggered): 0 while signed out; else
 *   GET /notifications/counts, polled every 30 s and after every alert or notification write.
 */
import { useComparisonList } from '~/entities/comparison-list/comparison-list';
import { useFavoritesCount } from '~/entities/favorites/hooks/use-favorites-count';
import { useNotificationCounts } from '~/entities/notifications/api/get-notification-counts';

export interface HeaderCounts {
  favorites: number;
  notifications: number;
  priceAlerts: number;
  comparison: number;
}

export function useHeaderCounts(): HeaderCounts {
  const comparison = useComparisonList().length;
  const favorites = useFavoritesCount();
  const { unread, activeAlerts } = useNotificationCounts();
  return { favorites, notifications: unread, priceAlerts: activeAlerts, comparison };
}
