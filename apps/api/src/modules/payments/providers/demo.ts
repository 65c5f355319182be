import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { kurusToTry } from '@kiyasla/contracts/money';
import { formatTry } from './format';
import {
  CallbackRefused,
  type ChargeResult,
  type RenewalCharge,
  type StoredCredential,
  type VerifiedPayment,
} from './provider';
import { escapeHtml } from '../../../lib/html';
import { hmacBase64, sameSignature } from './hmac';

/**
 * The built-in demo provider (ADR 018): a local "payment page" clearly marked as a test payment.
 * Its pay and cancel buttons post a callback signed like Shopier's (base64 HMAC-SHA256 over the
 * random number, order, total, currency, status and payment id), and the callback goes through
 * the same verification and fulfilment as a real provider's. No network, no card.
 */

/** The demo's signing key, derived from the server secret: nobody without it can forge a callback. */
export function demoSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('kiyasla:demo-payments').digest('base64');
}

export interface DemoOrder {
  orderId: string;
  planName: string;
  amount: number;
  currency: string;
  buyerName: string;
  buyerEmail: string;
}

function signaturePayload(f: Record<string, string>): string {
  return `${f.random_nr}${f.order_id}${f.total}${f.currency}${f.status}${f.payment_id}`;
}

/** The signed fields of the demo page's pay ('success') or cancel ('failed') button. */
export function demoCallbackFields(
  order: Pick<DemoOrder, 'orderId' | 'amount' | 'currency'>,
  status: 'success' | 'failed',
  secret: string,
): Record<string, string> {
  const f: Record<string, string> = {
    order_id: order.orderId,
    status,
    total: kurusToTry(order.amount).toFixed(2),
    currency: order.currency,
    payment_id: status === 'success' ? `demo_${randomUUID()}` : '',
    random_nr: randomBytes(8).toString('hex'),
  };
  f.signature = hmacBase64(signaturePayload(f), secret);
  return f;
}

export function verifyDemoCallback(fields: Record<string, unknown>, secret: string): VerifiedPayment {
  const f: Record<string, string> = {};
  for (const k of ['order_id', 'status', 'total', 'currency', 'payment_id', 'random_nr', 'signature']) {
    const v = fields[k];
    f[k] = typeof v === 'string' ? v : '';
  }
  const orderId = f.order_id ?? '';
  if (!orderId || !f.random_nr || !f.signature) throw new CallbackRefused('missing fields', orderId || null);
  if (!sameSignature(f.signature, hmacBase64(signaturePayload(f), secret))) {
    throw new CallbackRefused('bad signature', orderId);
  }
  const total = Number(f.total);
  return {
    provider: 'demo',
    orderId,
    succeeded: f.status === 'success',
    providerPaymentId: f.payment_id || null,
    amount: Number.isFinite(total) ? Math.round(total * 100) : -1,
    currency: f.currency ?? '',
    raw: { status: f.status, payment_id: f.payment_id, random_nr: f.random_nr },
  };
}

function hiddenInputs(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
}

/** The demo checkout page: server-rendered, no script, Turkish, marked as a test payment. */
export function demoCheckoutPage(order: DemoOrder, action: string, secret: string, state: 'open' | 'closed'): string {
  const pay = demoCallbackFields(order, 'success', secret);
  const cancel = demoCallbackFields(order, 'failed', secret);
  const e = escapeHtml;
  const body =
    state === 'open'
      ? `<form method="post" action="${e(action)}">${hiddenInputs(pay)}
<button type="submit" class="pay">Test Ödemesini Onayla (${e(formatTry(order.amount, order.currency))})</button></form>
<form method="post" action="${e(action)}">${hiddenInputs(cancel)}
<button type="submit" class="cancel">Ödemeyi İptal Et</button></form>`
      : `<p class="closed">Bu sipariş artık açık değil. Sonucu Kıyasla’daki ödeme sonucu sayfasında görebilirsiniz.</p>`;
  return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Test Ödemesi – Kıyasla</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f9;color:#141827;margin:0;padding:1.5rem}
@media (prefers-color-scheme:dark){body{background:#0f1220;color:#eef0f7}.card{background:#1a1f33!important;border-color:#2c3350!important}dd,dt{color:inherit}}
.card{max-width:30rem;margin:2rem auto;background:#fff;border:1px solid #dde0ea;border-radius:1rem;padding:1.5rem}
.banner{background:#fde68a;color:#5b3b00;border-radius:.5rem;padding:.6rem .8rem;font-weight:700;text-align:center}
h1{font-size:1.3rem;margin:1rem 0 .25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:1rem 0}
dt{color:#5b6178}dd{margin:0;font-weight:600;word-break:break-all}
form{margin:.6rem 0}button{width:100%;padding:.8rem;font-size:1rem;border-radius:.6rem;border:0;cursor:pointer}
.pay{background:#4f46e5;color:#fff;font-weight:700}.cancel{background:transparent;border:1px solid #9aa0b4;color:inherit}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}.note{font-size:.85rem;color:#5b6178}
</style></head>
<body><main class="card">
<p class="banner" role="note">TEST ÖDEMESİ – Gerçek bir ödeme alınmaz, kart bilgisi istenmez.</p>
<h1>Kıyasla Demo Ödeme Sayfası</h1>
<p class="note">Bu sayfa, ödeme sağlayıcısı yapılandırılmadığında kullanılan yerleşik deneme sağlayıcısıdır.</p>
<dl><dt>Plan</dt><dd>${e(order.planName)}</dd><dt>Tutar</dt><dd>${e(formatTry(order.amount, order.currency))}</dd>
<dt>Alıcı</dt><dd>${e(order.buyerName)}</dd><dt>E-posta</dt><dd>${e(order.buyerEmail)}</dd>
<dt>Sipariş no</dt><dd>${e(order.orderId)}</dd></dl>
${body}
</main></body></html>`;
}

/** The demo provider's stored "card" of a renewing plan: a random token, no card behind it. */
export function demoCardToken(): string {
  return `demo_tok_${randomBytes(12).toString('hex')}`;
}

/**
 * The demo provider's test card that is always refused (like Stripe's 4000 0000 0000 0002): a
 * stored token with this prefix declines every renewal, so a renewal's failure path can be shown
 * and tested without a real provider.
 */
export const DEMO_DECLINING_TOKEN_PREFIX = 'demo_decline_';

/**
 * A demo renewal charge: paid at once, with a payment id derived from the attempt's key (the same
 * attempt charged twice is the same payment), or declined for the declining test token.
 */
export function chargeDemo(cred: StoredCredential, charge: RenewalCharge): ChargeResult {
  if (!cred.methodRef) return { kind: 'declined', code: 'no_payment_method', message: 'kayıtlı bir kart yok' };
  if (cred.methodRef.startsWith(DEMO_DECLINING_TOKEN_PREFIX)) {
    return { kind: 'declined', code: 'card_declined', message: 'Test kartı reddedildi' };
  }
  const id = createHash('sha256').update(`renewal-${charge.orderId}-${charge.attempt}`).digest('hex').slice(0, 24);
  return {
    kind: 'paid',
    providerPaymentId: `demo_ren_${id}`,
    amount: charge.amount,
    currency: charge.currency,
    raw: { demo: true },
  };
}
