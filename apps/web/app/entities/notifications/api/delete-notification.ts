import { apiRequest } from '~/lib/api-client';

/** DELETE /notifications/{id}. */
export async function deleteNotification(id: string): Promise<void> {
  await apiRequest(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
