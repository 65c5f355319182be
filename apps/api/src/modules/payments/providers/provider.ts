import type { PaymentProvider as ProviderId } from '@kiyasla/contracts/settings';

/** What a provider needs to open its payment page for one order. */
export interface CheckoutOrder {
  /** Our order id (payments.id): the provider carries it back in its callback. */
  orderId: string;
  planId: string;
  planName: string;
  /** Kuruş to charge. */
  amount: number;
  currency: string;
  buyer: { id: string; firstName: string; lastName: string; email: string };
  /** The shopper's return page: PUBLIC_URL/premium/callback?order=… */
  returnUrl: string;
  /** Our server-to-server callback address of this provider. */
  callbackUrl: string;
}

export interface CheckoutStart {
  /** The page the browser opens in a new tab. */
  url: string;
  /** The provider's reference of the order when it makes one at checkout (Stripe session, iyzico token). */
  providerRef?: string;
}

/**
 * A callback or webhook whose signature (or server-side retrieval) checked out. Fulfilment still
 * compares the order, amount and currency against what was recorded at checkout.
 */
export interface VerifiedPayment {
  provider: ProviderId;
  orderId: string;
  succeeded: boolean;
  /** The provider's id of the payment (unique per provider): a replay of it grants nothing. */
  providerPaymentId: string | null;
  /** Kuruş and currency the provider reports as paid, when it reports them. */
  amount: number | null;
  currency: string | null;
  raw: Record<string, unknown>;
}

/** A refused callback: logged with its reason, answered without detail. */
export class CallbackRefused extends Error {
  constructor(
    readonly reason: string,
    readonly orderId: string | null = null,
  ) {
    super(reason);
    this.name = 'CallbackRefused';
  }
}

export interface PaymentProviderAdapter {
  readonly id: ProviderId;
  createCheckout(order: CheckoutOrder): Promise<CheckoutStart>;
}
