import type { PriceAlert } from '@kiyasla/contracts/alerts';
import { apiRequest } from '~/lib/api-client';

/** PATCH /alerts/{id}/toggle: off, or on again (re-armed). */
export async function toggleAlert(id: string): Promise<PriceAlert> {
  return (await apiRequest<PriceAlert>(`/alerts/${encodeURIComponent(id)}/toggle`, { method: 'PATCH' })).data;
}
