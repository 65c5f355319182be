/**
 * The counts behind the header badges. Each count has one source; features that arrive later
 * (auth, favorites, notifications, alerts) replace the placeholder sources here, and the
 * header needs no change.
 *
 * - comparison: the session comparison list (sessionStorage `comparisonList`), re-read on
 *   the `comparisonChanged` event.
 * - favorites: 0 while signed out; else the favorites list's total, recounted on every
 *   `favoritesChanged` broadcast of this tab or another (entities/favorites/utils/favorites-sync, spec §4).
 * - notifications (unread) and price alerts (active): 0 while signed out.
 */
import { useComparisonList } from '~/entities/comparison-list/comparison-list';
import { useFavoritesCount } from '~/entities/favorites/hooks/use-favorites-count';

export interface HeaderCounts {
  favorites: number;
  notifications: number;
  priceAlerts: number;
  comparison: number;
}

export function useHeaderCounts(): HeaderCounts {
  const comparison = useComparisonList().length;
  const favorites = useFavoritesCount();
  return { favorites, notifications: 0, priceAlerts: 0, comparison };
}
