import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSubscriptionMessages as m, type AdminRefundResult } from '@kiyasla/contracts/admin-subscriptions';
import { apiRequest } from '~/lib/api-client';
import { adminSubscriptionsKey } from './admin-subscriptions-keys';

/** POST /admin/subscriptions/payments/{paymentId}/refund: once; the server says how the money went back. */
export async function refundPayment(paymentId: string): Promise<{ result: AdminRefundResult; message: string }> {
  const { data, message } = await apiRequest<AdminRefundResult>(`/admin/subscriptions/payments/${paymentId}/refund`, {
    method: 'POST',
  });
  return { result: data, message: message ?? m.refunded };
}

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    meta: { errorToast: { title: m.refundError, fallback: 'Bir hata oluştu' } },
    // The list, the statistics and the open history all change with a refund.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscriptionsKey }),
  });
}
