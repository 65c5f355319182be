import { apiRequest } from '~/lib/api-client';

/** DELETE /alerts/{id}. */
export async function deleteAlert(id: string): Promise<void> {
  await apiRequest(`/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
