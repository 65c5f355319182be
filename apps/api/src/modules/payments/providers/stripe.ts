import Stripe from 'stripe';
import { CallbackRefused, type CheckoutOrder, type CheckoutStart, type VerifiedPayment } from './provider';

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
      customer_email: order.buyer.email,
      client_reference_id: order.orderId,
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
  return {
    provider: 'stripe',
    orderId,
    succeeded: paid,
    providerPaymentId: paid ? (intent ?? session.id) : null,
    amount: session.amount_total ?? null,
    currency: session.currency ? session.currency.toUpperCase() : null,
    raw: { event: event.id, type: event.type, session: session.id, payment_status: session.payment_status },
  };
}
