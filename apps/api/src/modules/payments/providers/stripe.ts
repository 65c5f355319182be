import Stripe from 'stripe';
import {
  CallbackRefused,
  ProviderRefundError,
  type ChargeResult,
  type CheckoutOrder,
  type CheckoutStart,
  type RefundResult,
  type RenewalCharge,
  type StoredCredential,
  type VerifiedPayment,
} from './provider';

/**
 * Stripe Checkout through the official SDK. The browser's return proves nothing: the plan is
 * granted only from a webhook whose `Stripe-Signature` verifies (`constructEvent`).
 */

export function stripeClient(secretKey: string, apiUrl: string): Stripe {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

export async function createStripeCheckout(client: Stripe, order: CheckoutOrder): Promise<CheckoutStart> {
  const session = await client.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: order.currency.toLowerCase(),
            unit_amount: order.amount,
            product_data: { name: order.planName },
          },
        },
      ],
      // A renewing plan keeps the card for the off-session renewal charges (ADR 018): Checkout makes a
      // Customer and saves the payment method the shopper pays with on it.
      ...(order.renews
        ? order.customerRef
          ? { customer: order.customerRef }
          : { customer_email: order.buyer.email, customer_creation: 'always' as const }
        : { customer_email: order.buyer.email }),
      ...(order.renews
        ? {
            payment_intent_data: {
              setup_future_usage: 'off_session' as const,
              metadata: { orderId: order.orderId, userId: order.buyer.id, plan: order.planId },
            },
          }
        : {}),
      client_reference_id: order.orderId,
      // The session ends with the order (ADR 018, "Orders once"): nothing can be paid on it after.
      ...(order.expiresAt ? { expires_at: Math.floor(order.expiresAt.getTime() / 1000) } : {}),
      metadata: { orderId: order.orderId, userId: order.buyer.id, plan: order.planId },
      success_url: order.returnUrl,
      cancel_url: `${order.returnUrl}&status=failed`,
      locale: 'tr',
    },
    { idempotencyKey: `checkout-${order.orderId}` },
  );
  if (!session.url) throw new Error('Stripe returned a session without a url');
  return { url: session.url, providerRef: session.id };
}

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const FAILED_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

/**
 * Verifies a webhook (raw body + Stripe-Signature header) and reads the order's outcome from it.
 * null: a verified event that is no order's outcome (another type, or a session still unpaid).
 */
export function verifyStripeWebhook(
  client: Stripe,
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  webhookSecret: string,
): VerifiedPayment | null {
  if (!webhookSecret) throw new CallbackRefused('stripe webhook secret not configured');
  if (!signatureHeader) throw new CallbackRefused('missing Stripe-Signature');
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch {
    throw new CallbackRefused('bad signature');
  }
  if (!PAID_EVENTS.has(event.type) && !FAILED_EVENTS.has(event.type)) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.client_reference_id ?? session.metadata?.orderId ?? '';
  if (!orderId) throw new CallbackRefused('session without order');
  const paid = PAID_EVENTS.has(event.type) && session.payment_status === 'paid';
  if (PAID_EVENTS.has(event.type) && !paid && session.payment_status === 'unpaid') return null; // async: wait
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  return {
    provider: 'stripe',
    orderId,
    succeeded: paid,
    providerPaymentId: paid ? (intent ?? session.id) : null,
    amount: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
    raw: { event: event.id, type: event.type, session: session.id, payment_status: session.payment_status },
    paidAt: typeof event.created === 'number' ? new Date(event.created * 1000) : undefined,
    // The payment method is read from the payment intent at the first renewal (no call out here).
    credential:
      paid && customer && intent ? { customerRef: customer, methodRef: null, sourcePaymentRef: intent } : undefined,
  };
}

const KURUS_CURRENCY = (currency: string) => currency.toLowerCase();

/**
 * Charges a renewal off-session: a PaymentIntent confirmed at once on the saved payment method,
 * with the attempt's idempotency key, so a retried call (a timeout, a crashed worker) returns the
 * same PaymentIntent instead of charging again. A declined card is a `declined` result; anything
 * else that fails (network, 5xx) throws and the attempt stays in doubt, to be retried with the
 * same key.
 */
export async function chargeStripe(
  client: Stripe,
  cred: StoredCredential,
  charge: RenewalCharge,
): Promise<ChargeResult> {
  let methodRef = cred.methodRef;
  if (!methodRef && cred.sourcePaymentRef) {
    const source = await client.paymentIntents.retrieve(cred.sourcePaymentRef);
    methodRef = typeof source.payment_method === 'string' ? source.payment_method : (source.payment_method?.id ?? null);
  }
  if (!cred.customerRef || !methodRef) {
    return { kind: 'declined', code: 'no_payment_method', message: 'kayıtlı bir ödeme yöntemi yok' };
  }
  try {
    const intent = await client.paymentIntents.create(
      {
        amount: charge.amount,
        currency: KURUS_CURRENCY(charge.currency),
        customer: cred.customerRef,
        payment_method: methodRef,
        off_session: true,
        confirm: true,
        description: charge.description,
        metadata: {
          orderId: charge.orderId,
          userId: charge.buyer.id,
          kind: 'renewal',
          attempt: String(charge.attempt),
        },
      },
      { idempotencyKey: `renewal-${charge.orderId}-${charge.attempt}` },
    );
    if (intent.status === 'succeeded') {
      return {
        kind: 'paid',
        providerPaymentId: intent.id,
        amount: intent.amount_received || intent.amount,
        currency: intent.currency.toUpperCase(),
        methodRef,
        raw: { paymentIntent: intent.id, status: intent.status },
      };
    }
    if (intent.status === 'processing') throw new Error(`payment intent ${intent.id} is still processing`);
    return {
      kind: 'declined',
      code: intent.status === 'requires_action' ? 'authentication_required' : intent.status,
      message: intent.last_payment_error?.message ?? intent.status,
      methodRef,
    };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      return {
        kind: 'declined',
        code: err.decline_code ?? err.code ?? 'card_declined',
        message: err.message,
        methodRef,
      };
    }
    throw err;
  }
}

/**
 * Refunds a payment in full. The idempotency key is our payment's id: a retried or concurrent call
 * gets the same Refund back from Stripe, never a second one.
 */
export async function refundStripe(
  client: Stripe,
  paymentId: string,
  providerPaymentId: string,
): Promise<RefundResult> {
  let refund: Stripe.Refund;
  try {
    refund = await client.refunds.create(
      { payment_intent: providerPaymentId, metadata: { paymentId } },
      { idempotencyKey: `refund-${paymentId}` },
    );
  } catch (err) {
    // Stripe's own code (charge_disputed, charge_already_refunded, …) for the operator; a network
    // failure too: the retry carries the same key, so it can never refund twice.
    if (err instanceof Stripe.errors.StripeError) {
      throw new ProviderRefundError(err.code ?? err.type, err.message);
    }
    throw err;
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    throw new ProviderRefundError(`refund_${refund.status}`, refund.failure_reason ?? refund.status);
  }
  return { providerRefundId: refund.id, raw: { refund: refund.id, status: refund.status } };
}
