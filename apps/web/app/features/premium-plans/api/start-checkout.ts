import type { CheckoutResponse } from '@kiyasla/contracts/payments';
import type { PaidPlanId } from '@kiyasla/contracts/plans';
import { apiRequest } from '~/lib/api-client';

/** POST /payments/checkout: a pending order and the provider's payment page for it. */
export async function startCheckout(planId: PaidPlanId): Promise<CheckoutResponse> {
  const { data } = await apiRequest<CheckoutResponse>('/payments/checkout', { method: 'POST', json: { planId } });
  return data;
}
