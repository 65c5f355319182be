import { useQuery } from '@tanstack/react-query';
import type { PaymentOrder } from '@kiyasla/contracts/payments';
import { apiGet } from '~/lib/api-client';

/** GET /payments/orders/{id}: one of the caller's orders and its status. */
export function getOrder(id: string): Promise<PaymentOrder> {
  return apiGet<PaymentOrder>(`/payments/orders/${encodeURIComponent(id)}`);
}

/** How long the result page follows a pending order before saying it is still being processed. */
export const ORDER_POLL_MS = 2_000;
export const ORDER_POLL_LIMIT = 30;

/**
 * The order, re-read every 2 s while it is pending (a Stripe webhook may arrive after the
 * shopper is back), at most ORDER_POLL_LIMIT times.
 */
export function useOrder(id: string | null) {
  return useQuery({
    queryKey: ['payments', 'order', id],
    queryFn: () => getOrder(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < ORDER_POLL_LIMIT ? ORDER_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
}
