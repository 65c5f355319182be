import { createRequire } from 'node:module';
import { kurusToTry, tryToKurus } from '@kiyasla/contracts/money';
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
 * iyzico's hosted checkout form through the official `iyzipay` package. The browser comes back to
 * our callback with a token only; the result is retrieved server-side with our keys and checked
 * (status, order, amount, currency) before anything is granted.
 */

type Callback<T> = (err: unknown, result: T) => void;
interface IyzipayResult {
  status?: string;
  errorMessage?: string;
  [key: string]: unknown;
}
interface IyzipayClient {
  checkoutFormInitialize: { create(req: Record<string, unknown>, cb: Callback<IyzipayResult>): void };
  checkoutForm: { retrieve(req: Record<string, unknown>, cb: Callback<IyzipayResult>): void };
  payment: {
    create(req: Record<string, unknown>, cb: Callback<IyzipayResult>): void;
    retrieve(req: Record<string, unknown>, cb: Callback<IyzipayResult>): void;
  };
  refundV2: { create(req: Record<string, unknown>, cb: Callback<IyzipayResult>): void };
}
type IyzipayCtor = new (config: { apiKey: string; secretKey: string; uri: string }) => IyzipayClient;

const Iyzipay = createRequire(import.meta.url)('iyzipay') as IyzipayCtor;

export const IYZICO_SANDBOX_URL = 'https://sandbox-api.iyzipay.com';
export const IYZICO_LIVE_URL = 'https://api.iyzipay.com';

export function iyzicoClient(apiKey: string, secretKey: string, uri: string): IyzipayClient {
  return new Iyzipay({ apiKey, secretKey, uri });
}

function call<T>(fn: (cb: Callback<T>) => void): Promise<T> {
  return new Promise((resolve, reject) => fn((err, result) => (err ? reject(err) : resolve(result))));
}

export async function createIyzicoCheckout(
  client: IyzipayClient,
  order: CheckoutOrder,
  buyerIp: string,
): Promise<CheckoutStart> {
  const price = kurusToTry(order.amount).toFixed(2);
  const name = `${order.buyer.firstName} ${order.buyer.lastName}`;
  const address = { contactName: name, city: 'İstanbul', country: 'Turkey', address: 'Dijital hizmet' };
  const result = await call<IyzipayResult>((cb) =>
    client.checkoutFormInitialize.create(
      {
        locale: 'tr',
        conversationId: order.orderId,
        price,
        paidPrice: price,
        currency: order.currency,
        basketId: order.orderId,
        paymentGroup: 'SUBSCRIPTION',
        callbackUrl: order.callbackUrl,
        enabledInstallments: [1],
        // The buyer's stored-card key from an earlier purchase: a card saved on the form joins it.
        ...(order.customerRef ? { cardUserKey: order.customerRef } : {}),
        buyer: {
          id: order.buyer.id,
          name: order.buyer.firstName,
          surname: order.buyer.lastName,
          email: order.buyer.email,
          // iyzico requires a national id; a digital subscription collects none (iyzico's documented placeholder).
          identityNumber: '11111111111',
          registrationAddress: address.address,
          ip: buyerIp,
          city: address.city,
          country: address.country,
        },
        billingAddress: address,
        basketItems: [{ id: order.planId, name: order.planName, category1: 'Üyelik', itemType: 'VIRTUAL', price }],
      },
      cb,
    ),
  );
  const url = result.paymentPageUrl;
  const token = result.token;
  if (result.status !== 'success' || typeof url !== 'string' || typeof token !== 'string') {
    throw new Error(`iyzico checkout refused: ${String(result.errorMessage ?? result.status)}`);
  }
  return { url, providerRef: token };
}

/** Retrieves the checkout form's result for `token` and reads the order's outcome from it. */
export async function retrieveIyzicoPayment(client: IyzipayClient, token: string): Promise<VerifiedPayment> {
  if (!token) throw new CallbackRefused('missing token');
  const result = await call<IyzipayResult>((cb) => client.checkoutForm.retrieve({ locale: 'tr', token }, cb));
  if (result.status !== 'success') throw new CallbackRefused(`retrieve failed: ${String(result.errorMessage ?? '')}`);
  const orderId = typeof result.basketId === 'string' ? result.basketId : '';
  if (!orderId || result.conversationId !== orderId)
    throw new CallbackRefused('result without our order', orderId || null);
  if (result.token !== undefined && result.token !== token) throw new CallbackRefused('token mismatch', orderId);
  const paid = result.paymentStatus === 'SUCCESS';
  const paidPrice = Number(result.paidPrice);
  return {
    provider: 'iyzico',
    orderId,
    succeeded: paid,
    providerPaymentId: paid && result.paymentId != null ? String(result.paymentId) : null,
    amount: Number.isFinite(paidPrice) ? tryToKurus(paidPrice) : -1,
    currency: typeof result.currency === 'string' ? result.currency : null,
    raw: { token, paymentStatus: result.paymentStatus, paymentId: result.paymentId, fraudStatus: result.fraudStatus },
    // A card the shopper chose to save on iyzico's form: its keys charge the renewals.
    credential:
      paid && typeof result.cardUserKey === 'string' && typeof result.cardToken === 'string'
        ? { customerRef: result.cardUserKey, methodRef: result.cardToken, sourcePaymentRef: null }
        : undefined,
  };
}

function paidResult(result: IyzipayResult, charge: RenewalCharge): ChargeResult | null {
  if (result.status !== 'success' || result.paymentStatus === 'FAILURE') return null;
  if (result.basketId !== undefined && result.basketId !== charge.orderId) return null;
  const paidPrice = Number(result.paidPrice);
  return {
    kind: 'paid',
    providerPaymentId: String(result.paymentId),
    amount: Number.isFinite(paidPrice) ? tryToKurus(paidPrice) : charge.amount,
    currency: typeof result.currency === 'string' ? result.currency : charge.currency,
    raw: { paymentId: result.paymentId, conversationId: result.conversationId, fraudStatus: result.fraudStatus },
  };
}

/**
 * Charges a renewal on the stored card (cardUserKey + cardToken), without 3-D Secure: the shopper
 * authenticated when saving it. iyzico takes no idempotency key, so the attempt's conversation id
 * (`order:attempt`) is the key: an attempt whose earlier claim may have reached iyzico is first
 * looked up by it, and charged only when iyzico has no payment under it.
 */
export async function chargeIyzico(
  client: IyzipayClient,
  cred: StoredCredential,
  charge: RenewalCharge,
  buyerIp: string,
): Promise<ChargeResult> {
  if (!cred.customerRef || !cred.methodRef) {
    return { kind: 'declined', code: 'no_payment_method', message: 'kayıtlı bir kart yok' };
  }
  const conversationId = `${charge.orderId}:${charge.attempt}`;
  if (charge.inDoubt) {
    const earlier = await call<IyzipayResult>((cb) =>
      client.payment.retrieve({ locale: 'tr', conversationId, paymentConversationId: conversationId }, cb),
    );
    const found = paidResult(earlier, charge);
    if (found) return found;
  }
  const price = kurusToTry(charge.amount).toFixed(2);
  const name = `${charge.buyer.firstName} ${charge.buyer.lastName}`;
  const address = { contactName: name, city: 'İstanbul', country: 'Turkey', address: 'Dijital hizmet' };
  const result = await call<IyzipayResult>((cb) =>
    client.payment.create(
      {
        locale: 'tr',
        conversationId,
        price,
        paidPrice: price,
        currency: charge.currency,
        installment: 1,
        basketId: charge.orderId,
        paymentChannel: 'WEB',
        paymentGroup: 'SUBSCRIPTION',
        paymentCard: { cardUserKey: cred.customerRef, cardToken: cred.methodRef },
        buyer: {
          id: charge.buyer.id,
          name: charge.buyer.firstName,
          surname: charge.buyer.lastName,
          email: charge.buyer.email,
          identityNumber: '11111111111',
          registrationAddress: address.address,
          ip: buyerIp,
          city: address.city,
          country: address.country,
        },
        billingAddress: address,
        basketItems: [{ id: charge.planId, name: charge.planName, category1: 'Üyelik', itemType: 'VIRTUAL', price }],
      },
      cb,
    ),
  );
  const paid = paidResult(result, charge);
  if (paid) return paid;
  if (result.status === 'failure' && result.errorCode !== undefined) {
    return {
      kind: 'declined',
      code: `iyzico_${String(result.errorCode)}`,
      message: String(result.errorMessage ?? 'ödeme reddedildi'),
    };
  }
  throw new Error(`iyzico answered without a result: ${String(result.errorMessage ?? result.status)}`);
}

/**
 * Refunds a payment in full through iyzico's refund (v2, by payment id). iyzico takes no
 * idempotency key; the service marks the refund in progress in the payment's row before calling,
 * and iyzico itself refuses to refund more than was paid.
 */
export async function refundIyzico(
  client: IyzipayClient,
  payment: { id: string; providerPaymentId: string; amount: number; currency: string },
  ip: string,
): Promise<RefundResult> {
  const result = await call<IyzipayResult>((cb) =>
    client.refundV2.create(
      {
        locale: 'tr',
        conversationId: `refund:${payment.id}`,
        paymentId: payment.providerPaymentId,
        price: kurusToTry(payment.amount).toFixed(2),
        currency: payment.currency,
        ip,
      },
      cb,
    ),
  );
  if (result.status !== 'success') {
    throw new ProviderRefundError(
      `iyzico_${String(result.errorCode ?? 'refund_failed')}`,
      String(result.errorMessage ?? 'iade reddedildi'),
    );
  }
  return {
    providerRefundId: result.paymentId != null ? `${String(result.paymentId)}:refund` : null,
    raw: { status: result.status, paymentId: result.paymentId, price: result.price },
  };
}
