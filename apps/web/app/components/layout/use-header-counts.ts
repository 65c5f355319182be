/**
 * The counts behind the header badges. Each count has one source; features that arrive later
 * (auth, favorites, notifications, alerts) replace the placeholder sources here, and the
 * header needs no change.
 *
 * - comparison: the session comparison list (sessionStorage `comparisonList`), re-read on
 *   the `comparisonChanged` event.
 * - favorites: 0 while signed out; re-read on the `favoritesChanged` event that the
 *   favorites feature broadcasts after each change (spec §4).
 * - notifications (unread) and price alerts (active): 0 while signed out.
 */
import { useEffect, useState } from 'react';
import { useComparisonList } from '~/lib/comparison-list';

export const FAVORITES_CHANGED_EVENT = 'favoritesChanged';

export interface HeaderCounts {
  favorites: number;
  notifications: number;
  priceAlerts: number;
  comparison: number;
}

type CountReader = () => number | Promise<number>;

/** Placeholder until auth exists: anonymous users have no favorites. */
const readFavoritesCount: CountReader = () => 0;

/** A count that is re-read whenever `eventName` fires on window. Starts at 0 (SSR-safe). */
function useEventDrivenCount(eventName: string, read: CountReader): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let active = true;
    const refresh = () => {
      Promise.resolve(read())
        .then((value) => {
          if (active) setCount(value);
        })
        .catch(() => {
          // A failed recount keeps the last known value; the badge is not worth an error.
        });
    };
    refresh();
    window.addEventListener(eventName, refresh);
    return () => {
      active = false;
      window.removeEventListener(eventName, refresh);
    };
  }, [eventName, read]);
  return count;
}

export function useHeaderCounts(): HeaderCounts {
  const comparison = useComparisonList().length;
  const favorites = useEventDrivenCount(FAVORITES_CHANGED_EVENT, readFavoritesCount);
  return { favorites, notifications: 0, priceAlerts: 0, comparison };
}
