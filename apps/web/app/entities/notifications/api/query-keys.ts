import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the signed-in user's notifications and of the header counts. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string, tab: string, page: number) => [...notificationKeys.all, userId, tab, page] as const,
  counts: (userId: string) => ['notification-counts', userId] as const,
};

/** After a write: the lists and the header badge read again. */
export function invalidateNotifications(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['notification-counts'] }),
  ]).then(() => undefined);
}
