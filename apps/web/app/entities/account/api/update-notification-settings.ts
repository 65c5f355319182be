import type { NotificationSettings, NotificationSettingsUpdate } from '@kiyasla/contracts/notification-settings';
import { apiRequest } from '~/lib/api-client';

/** PUT /auth/notification-settings with any subset of the settings; answers the full object. */
export async function updateNotificationSettings(input: NotificationSettingsUpdate): Promise<NotificationSettings> {
  const { data } = await apiRequest<NotificationSettings>('/auth/notification-settings', {
    method: 'PUT',
    json: input,
  });
  return data;
}
