import type { PriceAlert } from '@kiyasla/contracts/alerts';
import { apiRequest } from '~/lib/api-client';

/** PUT /alerts/{id}: a new target re-arms the alert. */
export async function updateAlertTarget(id: string, targetPrice: number): Promise<PriceAlert> {
  return (await apiRequest<PriceAlert>(`/alerts/${encodeURIComponent(id)}`, { method: 'PUT', json: { targetPrice } }))
    .data;
}
