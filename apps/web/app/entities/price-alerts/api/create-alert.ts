import type { PriceAlert } from '@kiyasla/contracts/alerts';
import { apiRequest } from '~/lib/api-client';

export interface NewAlert {
  product: string;
  targetPrice: number;
  triggerType?: 'below' | 'above';
  store?: string | null;
}

/** POST /alerts: 400 with §5's messages, 403 PREMIUM_REQUIRED / ALERTS_LIMIT, 409 ALERT_EXISTS. */
export async function createAlert(input: NewAlert): Promise<PriceAlert> {
  return (await apiRequest<PriceAlert>('/alerts', { method: 'POST', json: input })).data;
}
