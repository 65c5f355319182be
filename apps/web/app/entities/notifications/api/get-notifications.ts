import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@kiyasla/contracts/envelope';
import type { Notification } from '@kiyasla/contracts/notifications';
import { apiRequest } from '~/lib/api-client';
import { useAuth } from '~/entities/session/auth-context';
import { notificationKeys } from './query-keys';

export interface NotificationsPage {
  items: Notification[];
  pagination: Pagination | undefined;
  unreadCount: number;
}

export type NotificationTab = 'all' | 'price' | 'system';

/** GET /notifications?page&type: one page, newest first, with the unread count. */
export async function getNotifications(tab: NotificationTab, page: number): Promise<NotificationsPage> {
  const params = new URLSearchParams({ page: String(page) });
  if (tab !== 'all') params.set('type', tab);
  const { data, pagination, extras } = await apiRequest<Notification[]>(`/notifications?${params}`);
  const unread = extras?.unreadCount;
  return { items: Array.isArray(data) ? data : [], pagination, unreadCount: typeof unread === 'number' ? unread : 0 };
}

export const notificationsQuery = (userId: string, tab: NotificationTab, page: number) =>
  queryOptions({
    queryKey: notificationKeys.list(userId, tab, page),
    queryFn: () => getNotifications(tab, page),
    staleTime: 10_000,
  });

export function useNotifications(tab: NotificationTab, page: number) {
  const { status, user } = useAuth();
  const userId = status === 'authenticated' && user ? user._id : '';
  return useQuery({ ...notificationsQuery(userId, tab, page), enabled: userId !== '' });
}
