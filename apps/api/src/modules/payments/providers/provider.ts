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
  /** A time-bound plan that renews: the provider keeps the card for the renewal charges. */
  renews?: boolean;
  /** The provider's customer of this buyer from an earlier purchase (Stripe customer, iyzico cardUserKey). */
  customerRef?: string | null;
  /** When the order stops taking payments (a purchase order's bound); a provider page that can end then does. */
  expiresAt?: Date;
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
  /** What the provider keeps to charge the buyer again without them (a renewing plan's card). */
  credential?: Omit<StoredCredential, 'provider'> | undefined;
  /** When the provider says the payment was made (signed), for a callback delivered late. */
  paidAt?: Date | undefined;
}

/**
 * A provider's handle on a member's saved card (ADR 018): never a card number, only the
 * provider's own references. Stripe: customer + payment method (or the first payment intent, from
 * which the method is read at the first renewal); iyzico: cardUserKey + cardToken; demo: a token.
 */
export interface StoredCredential {
  provider: ProviderId;
  customerRef: string | null;
  methodRef: string | null;
  sourcePaymentRef: string | null;
}

/** One renewal attempt of one renewal order. */
export interface RenewalCharge {
  orderId: string;
  /** The attempt's number: with the order id, the charge's idempotency key. */
  attempt: number;
  /** Kuruş. */
  amount: number;
  currency: string;
  planId: string;
  planName: string;
  description: string;
  buyer: { id: string; firstName: string; lastName: string; email: string };
  /** Whether an earlier claim of this same attempt may have reached the provider (a crashed worker). */
  inDoubt: boolean;
}

/**
 * A renewal attempt's outcome. `declined` is final for the attempt (the card was refused); a
 * provider or network failure is thrown instead, leaving the attempt in doubt (retried with the
 * same idempotency key).
 */
export type ChargeResult =
  | {
      kind: 'paid';
      providerPaymentId: string;
      amount: number;
      currency: string;
      /** The payment method used, when it was resolved during the charge (kept for the next one). */
      methodRef?: string | null;
      raw: Record<string, unknown>;
    }
  | { kind: 'declined'; code: string; message: string; methodRef?: string | null };

export interface RefundResult {
  providerRefundId: string | null;
  raw: Record<string, unknown>;
}

/** The provider refused or failed a refund: the payment stays completed and can be retried. */
export class ProviderRefundError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'ProviderRefundError';
  }
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
