import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PaidPlanId } from '@kiyasla/contracts/plans';
import { isApiError } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { openPaymentTab } from '../utils/open-payment-tab';

/**
 * Buys a plan: opens the provider's page in a new tab and shows this tab the order's result page
 * (/premium/callback), which follows the order until the provider has answered. The checkout
 * call's code is fetched at the click: the plans page is public and its first load stays small.
 */
export function usePurchase() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<PaidPlanId | null>(null);

  async function purchase(planId: PaidPlanId) {
    if (pending) return;
    // Synchronously within the click: a tab opened after an await is a blocked pop-up.
    const tab = openPaymentTab();
    setPending(planId);
    try {
      const { startCheckout } = await import('../api/start-checkout');
      const checkout = await startCheckout(planId);
      tab.go(checkout.url);
      void navigate(`/premium/callback?order=${checkout.orderId}&status=pending`);
    } catch (error) {
      tab.close();
      toast.error('Ödeme başlatılamadı', isApiError(error) ? error.message : 'Bir hata oluştu. Lütfen tekrar deneyin.');
    } finally {
      setPending(null);
    }
  }

  return { purchase, pending };
}
