import { queryOptions } from '@tanstack/react-query';
import type { NotificationSettings } from '@kiyasla/contracts/notification-settings';
import { apiGet } from '~/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /auth/notification-settings (defaults when the user never saved any). */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiGet<NotificationSettings>('/auth/notification-settings');
}

export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: accountKeys.notificationSettings(), queryFn: getNotificationSettings });
