import { apiRequest } from '~/lib/api-client';

/** PATCH /notifications/read-all. */
export async function markAllNotificationsRead(): Promise<void> {
  await apiRequest('/notifications/read-all', { method: 'PATCH' });
}
