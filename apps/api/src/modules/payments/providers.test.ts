import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { User } from '@kiyasla/contracts/user';
import { payments } from '../../db/schema/payments';
import { SecretBox } from '../../lib/secret-box';
import { bearer, body, registerUser } from '../../test/accounts';
import { createTestApp, setSettings, type TestApp } from '../../test/app';
import { testConfig } from '../../test/config';
import { checkoutAs, postForm } from '../../test/payments-app';
import { sessionCache } from '../auth/session-cache';
import { CallbackRefused } from './providers/provider';
import { shopierFormFields, verifyShopierCallback } from './providers/shopier';

/*
 * The three real providers against what they send, each on a local stand-in (127.0.0.1): Shopier
 * with signatures computed here independently, Stripe through the SDK's own test-header helper,
 * iyzico through a stand-in of its checkout-form API. Nothing reaches the internet.
 */

const SHOPIER_SECRET = 'shopier-api-secret-of-the-test';
const STRIPE_WEBHOOK_SECRET = 'whsec_test_kiyasla';
const box = new SecretBox(testConfig().jwtSecret);

const hmac64 = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('base64');

interface Recorded {
  path: string;
  body: string;
  headers: IncomingMessage['headers'];
}

function standIn(handler: (path: string, body: string) => { status?: number; json: unknown }) {
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', body: raw, headers: req.headers });
      const out = handler(req.url ?? '', raw);
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out.json));
    });
  });
  return { server, seen };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// --- iyzico stand-in: initialize hands out a token; retrieve answers per token -------------------
const iyzicoResults = new Map<string, Record<string, unknown>>();
const iyzico = standIn((path, raw) => {
  const req = JSON.parse(raw || '{}') as Record<string, unknown>;
  if (path.startsWith('/payment/iyzipos/checkoutform/initialize/auth/ecom')) {
    const token = `tok_${String(req.basketId)}`;
    return {
      json: {
        status: 'success',
        token,
        conversationId: req.conversationId,
        paymentPageUrl: `https://sandbox-cpp.iyzipay.test/?token=${token}`,
      },
    };
  }
  if (path.startsWith('/payment/iyzipos/checkoutform/auth/ecom/detail')) {
    return { json: iyzicoResults.get(String(req.token)) ?? { status: 'failure', errorMessage: 'token bulunamadı' } };
  }
  return { status: 404, json: { status: 'failure' } };
});

// --- Stripe stand-in: creates Checkout Sessions ----------------------------------------------------
const stripe = standIn((path, raw) => {
  if (path === '/v1/checkout/sessions') {
    const form = new URLSearchParams(raw);
    const id = `cs_test_${form.get('client_reference_id')}`;
    return { json: { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` } };
  }
  return { status: 404, json: { error: { message: 'not here' } } };
});

let t: TestApp;
beforeAll(async () => {
  const [iyzicoUrl, stripeUrl] = await Promise.all([listen(iyzico.server), listen(stripe.server)]);
  t = await createTestApp({
    config: {
      payments: {
        shopierPaymentUrl: 'http://127.0.0.1:9/shopier-pay',
        stripeApiUrl: stripeUrl,
        iyzicoBaseUrl: iyzicoUrl,
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  iyzico.server.close();
  stripe.server.close();
});

const checkout = (token: string, planId: string) => checkoutAs(t, token, planId);

async function me(token: string): Promise<User> {
  sessionCache.clear();
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const data = body<{ data: { user?: User } & User }>(res).data;
  return data.user ?? data;
}

async function orderRow(id: string) {
  const [row] = await t.db.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

describe('Shopier signatures', () => {
  const order = {
    orderId: '9d0b6c1e-2f4a-4c55-9a51-0c7e2b1d3f10',
    planId: 'yearly-premium',
    planName: 'Yıllık Premium',
    amount: 33750,
    currency: 'TRY',
    buyer: { id: 'u1', firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com' },
    returnUrl: 'http://localhost:3000/premium/callback?order=x',
    callbackUrl: 'http://localhost:3000/api/payments/callback/shopier',
  };

  it('signs the form as base64(HMAC-SHA256(random_nr + order_id + total + currency, secret))', () => {
    const f = shopierFormFields(order, { apiKey: 'key', apiSecret: SHOPIER_SECRET, websiteIndex: '1' }, '482913');
    expect(f).toMatchObject({
      total_order_value: '337.50',
      currency: '0',
      random_nr: '482913',
      buyer_email: 'ayse@example.com',
    });
    expect(f.signature).toBe(hmac64(`482913${order.orderId}337.500`, SHOPIER_SECRET));
  });

  it('accepts a callback signed as base64(HMAC-SHA256(random_nr + platform_order_id, secret)) and nothing else', () => {
    const fields = {
      platform_order_id: order.orderId,
      status: 'success',
      payment_id: '771234',
      installment: '0',
      random_nr: '100200',
      signature: hmac64(`100200${order.orderId}`, SHOPIER_SECRET),
    };
    expect(verifyShopierCallback(fields, SHOPIER_SECRET)).toMatchObject({
      provider: 'shopier',
      orderId: order.orderId,
      succeeded: true,
      providerPaymentId: '771234',
    });
    expect(() => verifyShopierCallback({ ...fields, random_nr: '100201' }, SHOPIER_SECRET)).toThrow(CallbackRefused);
    expect(() =>
      verifyShopierCallback({ ...fields, signature: hmac64(`100200${order.orderId}`, 'another') }, SHOPIER_SECRET),
    ).toThrow(CallbackRefused);
    expect(() => verifyShopierCallback({ ...fields, signature: 'c2hvcnQ=' }, SHOPIER_SECRET)).toThrow(CallbackRefused);
    expect(() => verifyShopierCallback(fields, '')).toThrow(CallbackRefused);
  });
});

describe('Shopier end to end', () => {
  beforeAll(async () => {
    await setSettings(t, 'payment', {
      provider: 'shopier',
      shopierApiKey: box.seal('shopier-key'),
      shopierApiSecret: box.seal(SHOPIER_SECRET),
      shopierWebsiteIndex: '1',
    });
  });

  it('our page posts the signed form to Shopier; the signed callback grants the plan, a forged one nothing', async () => {
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'monthly');
    expect(data.provider).toBe('shopier');
    const page = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="http://127.0.0.1:9/shopier-pay"');
    // The form posts itself with the response's CSP nonce (no other inline script may run).
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.body)?.[1] ?? '';
    expect(value('signature')).toBe(hmac64(`${value('random_nr')}${data.orderId}29.990`, SHOPIER_SECRET));

    const forged = await postForm(t, '/api/payments/callback/shopier', {
      platform_order_id: data.orderId,
      status: 'success',
      payment_id: 'p-1',
      installment: '0',
      random_nr: '5555',
      signature: hmac64(`5555${data.orderId}`, 'guessed-secret'),
    });
    expect(forged.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=failed`);
    expect((await me(u.token)).isPremium).toBe(false);

    const real = await postForm(t, '/api/payments/callback/shopier', {
      platform_order_id: data.orderId,
      status: 'success',
      payment_id: 'p-1',
      installment: '0',
      random_nr: '5555',
      signature: hmac64(`5555${data.orderId}`, SHOPIER_SECRET),
    });
    expect(real.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=success`);
    expect((await me(u.token)).subscription.plan).toBe('monthly-premium');
    expect((await orderRow(data.orderId)).providerPaymentId).toBe('p-1');
  });
});

describe('Stripe', () => {
  beforeAll(async () => {
    await setSettings(t, 'payment', {
      provider: 'stripe',
      stripeSecretKey: box.seal('sk_test_kiyasla'),
      webhookSecret: box.seal(STRIPE_WEBHOOK_SECRET),
    });
  });

  const sdk = new Stripe('sk_test_kiyasla');
  function event(orderId: string, overrides: Record<string, unknown> = {}) {
    return JSON.stringify({
      id: `evt_${orderId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_test_${orderId}`,
          object: 'checkout.session',
          client_reference_id: orderId,
          metadata: { orderId },
          payment_status: 'paid',
          amount_total: 33750,
          currency: 'try',
          payment_intent: `pi_${orderId}`,
          ...overrides,
        },
      },
    });
  }
  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  it('opens a Checkout Session and grants the plan only from a verified webhook, once', async () => {
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'yearly');
    expect(data).toMatchObject({
      provider: 'stripe',
      url: `https://checkout.stripe.test/c/pay/cs_test_${data.orderId}`,
    });
    const sent = new URLSearchParams(stripe.seen.at(-1)!.body);
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('33750');
    expect(sent.get('line_items[0][price_data][currency]')).toBe('try');
    expect(sent.get('customer_email')).toBe(u.user.email);
    expect(sent.get('success_url')).toBe(`http://localhost:3000/premium/callback?order=${data.orderId}`);
    expect((await orderRow(data.orderId)).providerRef).toBe(`cs_test_${data.orderId}`);

    // The return to /premium/callback proves nothing: still pending.
    expect((await me(u.token)).isPremium).toBe(false);

    const payload = event(data.orderId);
    const bad = await webhook(payload, sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(bad.statusCode).toBe(400);
    expect((await me(u.token)).isPremium).toBe(false);

    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
    expect((await webhook(payload, header)).statusCode).toBe(200);
    const first = await me(u.token);
    expect(first.subscription.plan).toBe('yearly-premium');
    expect((await webhook(payload, header)).statusCode).toBe(200);
    expect((await me(u.token)).subscription.startDate).toBe(first.subscription.startDate);
    expect(await orderRow(data.orderId)).toMatchObject({
      status: 'completed',
      providerPaymentId: `pi_${data.orderId}`,
    });
  });

  it('refuses a signed event whose amount or currency is not the order’s', async () => {
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'yearly');
    for (const overrides of [{ amount_total: 100 }, { currency: 'usd' }]) {
      const payload = event(data.orderId, overrides);
      const res = await webhook(
        payload,
        sdk.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
      );
      expect(res.statusCode).toBe(400);
    }
    expect((await orderRow(data.orderId)).status).toBe('pending');
    expect((await me(u.token)).isPremium).toBe(false);
  });
});

describe('iyzico', () => {
  beforeAll(async () => {
    await setSettings(t, 'payment', {
      provider: 'iyzico',
      iyzicoApiKey: box.seal('sandbox-api-key'),
      iyzicoSecretKey: box.seal('sandbox-secret-key'),
    });
  });

  it('opens the checkout form and grants the plan after retrieving a successful result server-side', async () => {
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'lifetime');
    expect(data).toMatchObject({
      provider: 'iyzico',
      url: `https://sandbox-cpp.iyzipay.test/?token=tok_${data.orderId}`,
    });
    const init = iyzico.seen.at(-1)!;
    expect(init.headers.authorization).toMatch(/^IYZWSv2 /);
    expect(JSON.parse(init.body)).toMatchObject({
      price: '1429.99',
      paidPrice: '1429.99',
      currency: 'TRY',
      basketId: data.orderId,
      callbackUrl: 'http://localhost:3000/api/payments/callback/iyzico',
    });

    const token = `tok_${data.orderId}`;
    // Unknown token at iyzico: nothing granted.
    const unknown = await postForm(t, '/api/payments/callback/iyzico', { token: 'tok_forged' });
    expect(unknown.headers.location).toBe('/premium/callback?status=failed');

    // iyzico says the amount paid was another: refused.
    const result = {
      status: 'success',
      paymentStatus: 'SUCCESS',
      paymentId: '24680',
      price: 1429.99,
      paidPrice: 1.0,
      currency: 'TRY',
      basketId: data.orderId,
      conversationId: data.orderId,
      token,
    };
    iyzicoResults.set(token, result);
    expect((await postForm(t, '/api/payments/callback/iyzico', { token })).headers.location).toMatch(/status=failed$/);
    expect((await me(u.token)).isPremium).toBe(false);

    iyzicoResults.set(token, { ...result, paidPrice: 1429.99 });
    const ok = await postForm(t, '/api/payments/callback/iyzico', { token });
    expect(ok.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=success`);
    const user = await me(u.token);
    expect(user.subscription).toMatchObject({ plan: 'lifetime-premium', endDate: null, autoRenew: false });
    expect(await orderRow(data.orderId)).toMatchObject({ status: 'completed', providerPaymentId: '24680' });
    expect(iyzico.seen.at(-1)!.path).toBe('/payment/iyzipos/checkoutform/auth/ecom/detail');
  });
});
