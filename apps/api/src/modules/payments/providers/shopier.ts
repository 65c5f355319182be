import { randomInt } from 'node:crypto';
import { kurusToTry } from '@kiyasla/contracts/money';
import { CallbackRefused, type CheckoutOrder, type VerifiedPayment } from './provider';
import { escapeHtml } from '../../../lib/html';
import { hmacBase64, sameSignature } from './hmac';

/**
 * Shopier: the shopper's browser posts a signed form to Shopier's payment page; Shopier posts the
 * result back to our callback, signed with the same API secret.
 */

export interface ShopierCredentials {
  apiKey: string;
  apiSecret: string;
  websiteIndex: string;
}

/** Shopier's currency codes. */
const CURRENCY_CODES: Record<string, string> = { TRY: '0', USD: '1', EUR: '2' };

export function shopierCurrencyCode(currency: string): string {
  const code = CURRENCY_CODES[currency];
  if (code === undefined) throw new Error(`Shopier does not take ${currency}`);
  return code;
}

/** The total as Shopier reads it: TRY with two decimals and a dot. */
export function shopierTotal(amountKurus: number): string {
  return kurusToTry(amountKurus).toFixed(2);
}

/** base64(HMAC-SHA256(random_nr + order_id + total + currency, API secret)). */
export function shopierFormSignature(
  randomNr: string,
  orderId: string,
  total: string,
  currencyCode: string,
  secret: string,
): string {
  return hmacBase64(`${randomNr}${orderId}${total}${currencyCode}`, secret);
}

/** The fields of the form the browser posts to Shopier for `order`. */
export function shopierFormFields(
  order: CheckoutOrder,
  creds: ShopierCredentials,
  randomNr: string = String(randomInt(100_000, 1_000_000)),
): Record<string, string> {
  const total = shopierTotal(order.amount);
  const currency = shopierCurrencyCode(order.currency);
  return {
    API_key: creds.apiKey,
    website_index: creds.websiteIndex,
    platform_order_id: order.orderId,
    product_name: order.planName,
    product_type: '1', // a digital service: no shipping
    buyer_name: order.buyer.firstName,
    buyer_surname: order.buyer.lastName,
    buyer_email: order.buyer.email,
    buyer_account_age: '0',
    buyer_id_nr: order.buyer.id,
    buyer_phone: '',
    billing_address: '-',
    billing_city: '-',
    billing_country: 'Türkiye',
    billing_postcode: '-',
    shipping_address: '-',
    shipping_city: '-',
    shipping_country: 'Türkiye',
    shipping_postcode: '-',
    total_order_value: total,
    currency,
    platform: '0',
    is_in_frame: '0',
    current_language: '0',
    modul_version: 'kiyasla-1.0',
    callback: order.callbackUrl,
    random_nr: randomNr,
    signature: shopierFormSignature(randomNr, order.orderId, total, currency, creds.apiSecret),
  };
}

/**
 * Checks Shopier's callback: base64(HMAC-SHA256(random_nr + platform_order_id, API secret)),
 * compared in constant time. Shopier's callback carries no amount: the order's own is used. Nor
 * is `status` (or `payment_id`) signed: the shopper can post a signed "failed" callback again as
 * "success", so fulfilment holds Shopier to the first failure it reported for an order (ADR 018).
 */
export function verifyShopierCallback(fields: Record<string, unknown>, secret: string): VerifiedPayment {
  const str = (k: string) => (typeof fields[k] === 'string' ? (fields[k] as string) : '');
  const orderId = str('platform_order_id');
  const randomNr = str('random_nr');
  const signature = str('signature');
  if (!orderId || !randomNr || !signature) throw new CallbackRefused('missing fields', orderId || null);
  if (!secret) throw new CallbackRefused('shopier secret not configured', orderId);
  if (!sameSignature(signature, hmacBase64(`${randomNr}${orderId}`, secret))) {
    throw new CallbackRefused('bad signature', orderId);
  }
  const status = str('status').toLowerCase();
  return {
    provider: 'shopier',
    orderId,
    succeeded: status === 'success',
    providerPaymentId: str('payment_id') || null,
    amount: null,
    currency: null,
    raw: { status, payment_id: str('payment_id'), installment: str('installment'), random_nr: randomNr },
  };
}

/**
 * The page that hands the browser to Shopier: a form of the signed fields, posted by the shopper's
 * click, and at once by a script when the response's CSP nonce is given (no inline script runs
 * without one).
 */
export function autoPostPage(action: string, fields: Record<string, string>, title: string, nonce?: string): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
  return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;text-align:center">
<form id="pay" method="post" action="${escapeHtml(action)}">
${inputs}
<p>Ödeme sayfasına yönlendiriliyorsunuz…</p>
<button type="submit" style="padding:.6rem 1.2rem;font-size:1rem">Ödemeye Devam Et</button>
</form>
${nonce ? `<script nonce="${escapeHtml(nonce)}">document.getElementById('pay').submit()</script>` : ''}
</body></html>`;
}
