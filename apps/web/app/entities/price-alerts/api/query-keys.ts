import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the signed-in user's price alerts; the user id keeps accounts apart. */
export const alertKeys = {
  all: ['price-alerts'] as const,
  list: (userId: string) => [...alertKeys.all, 'list', userId] as const,
  check: (userId: string, productId: string) => [...alertKeys.all, 'check', userId, productId] as const,
};

/** The header badge counts (notifications entity) hang under this key too. */
export const NOTIFICATION_COUNTS_KEY = ['notification-counts'] as const;

/** After any alert write: the list, every product check and the header badge read again. */
export function invalidateAlerts(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: alertKeys.all }),
    queryClient.invalidateQueries({ queryKey: NOTIFICATION_COUNTS_KEY }),
  ]).then(() => undefined);
}
