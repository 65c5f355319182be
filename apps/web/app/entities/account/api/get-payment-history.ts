import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentRecord } from '@kiyasla/contracts/account';
import { apiGet } from '~/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /auth/payments: the account's premium payments, newest first (money in TRY). */
export function getPaymentHistory(): Promise<PaymentRecord[]> {
  return apiGet<PaymentRecord[]>('/auth/payments');
}

export const paymentHistoryQuery = () =>
  queryOptions({ queryKey: accountKeys.payments(), queryFn: getPaymentHistory, staleTime: 30_000 });

export function usePaymentHistory() {
  return useQuery(paymentHistoryQuery());
}
