import { useQuery } from '@tanstack/react-query';
import type { RefundState } from '@kiyasla/contracts/payments';
import { getPaymentHistory, paymentHistoryKey } from '~/entities/account/api/payment-refunds';
import { ORDER_POLL_LIMIT, ORDER_POLL_MS } from './get-order';

/**
 * The refund state of a paid order, from the caller's payment history (GET /payments/history). A
 * payment that did not raise the plan (the plan already held, the order closed or expired) stays
 * completed with its refund requested until the money is back (ADR 018, "Orders once"); an
 * automatic refund lands a moment after the payment, so a requested one is re-read every 2 s, at
 * most ORDER_POLL_LIMIT times.
 */
export function useRefundState(orderId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: paymentHistoryKey(),
    queryFn: getPaymentHistory,
    enabled: Boolean(orderId) && enabled,
    select: (items): RefundState => items.find((p) => p._id === orderId)?.refund ?? 'none',
    refetchInterval: (query) =>
      query.state.data?.find((p) => p._id === orderId)?.refund === 'requested' &&
      query.state.dataUpdateCount < ORDER_POLL_LIMIT
        ? ORDER_POLL_MS
        : false,
    refetchIntervalInBackground: true,
  });
}
