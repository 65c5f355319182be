import { apiRequest } from '~/lib/api-client';

/** PATCH /notifications/{id}/read. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PATCH' });
}
