import { createRequire } from 'node:module';
import { kurusToTry, tryToKurus } from '@kiyasla/contracts/money';
import { CallbackRefused, type CheckoutOrder, type CheckoutStart, type VerifiedPayment } from './provider';

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
  };
}
