import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentHistoryItem } from '@kiyasla/contracts/payments';
import { accountKeys } from './query-keys';
import { apiGet, apiRequest } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The caller's payments with their refund state (GET /payments/history), under the account's keys. */
export const paymentHistoryKey = () => [...accountKeys.all, 'payment-history'] as const;

export function getPaymentHistory(): Promise<PaymentHistoryItem[]> {
  return apiGet<PaymentHistoryItem[]>('/payments/history');
}

export const paymentHistoryQuery = () =>
  queryOptions({ queryKey: paymentHistoryKey(), queryFn: getPaymentHistory, staleTime: 30_000 });

export function usePaymentHistory() {
  return useQuery(paymentHistoryQuery());
}

/** POST /payments/refund: the member asks for one payment's refund (the operator carries it out). */
export async function requestRefund(paymentId: string): Promise<string | undefined> {
  const { message } = await apiRequest<{ paymentId: string; refundRequestedAt: string }>('/payments/refund', {
    method: 'POST',
    json: { paymentId },
  });
  return message;
}

export function useRequestRefund(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestRefund,
    meta: { errorToast: { title: 'İade talebi gönderilemedi', fallback: 'Bir hata oluştu. Lütfen tekrar deneyin.' } },
    onSuccess: async (message) => {
      toast.success('İade talebiniz alındı', message);
      onDone();
      await Promise.all([
        client.invalidateQueries({ queryKey: paymentHistoryKey() }),
        client.invalidateQueries({ queryKey: accountKeys.payments() }),
      ]);
    },
    onError: () => {
      // The row may have changed meanwhile (already asked, window passed): show what stands now.
      void client.invalidateQueries({ queryKey: paymentHistoryKey() });
    },
  });
}
