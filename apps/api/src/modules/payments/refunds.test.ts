import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { PaymentHistoryItem } from '@kiyasla/contracts/payments';
import { payments } from '../../db/schema/payments';
import { AppError } from '../../lib/errors';
import { bearer, body, registerUser } from '../../test/accounts';
import { setSettings, type TestApp } from '../../test/app';
import { checkoutAs, paymentRow, usePaymentsApp, postForm, userRow } from '../../test/payments-app';
import type { IyzicoStandIn, StripeStandIn } from '../../test/payment-stand-ins';
import { refundPayment, REFUND_LEASE_MS, type PaymentsDeps } from './payments.service';

/*
 * Refunds through each provider (ADR 018, "Refunds"), against local stand-ins: Stripe's Refunds
 * API with the payment's id as idempotency key, iyzico's refund through `iyzipay`, the demo
 * provider at once, Shopier confirmed by the operator. Once under a retry, a crash and a race; a
 * provider failure leaves the payment completed and can be retried. And the member's side: the
 * history with each payment's refund state, and the request.
 */

const STRIPE_WEBHOOK_SECRET = 'whsec_refunds';
const SHOPIER_SECRET = 'shopier-secret-of-the-refunds';
const DAY = 86_400_000;

const world = usePaymentsApp({
  stripeWebhookSecret: STRIPE_WEBHOOK_SECRET,
  shopierSecret: SHOPIER_SECRET,
  settings: { enableRefunds: true },
});
let t: TestApp;
let stripe: StripeStandIn;
let iyzico: IyzicoStandIn;
let deps: PaymentsDeps;
beforeAll(() => {
  ({ t, stripe, iyzico, deps } = world());
});

const checkout = (token: string, planId: string) => checkoutAs(t, token, planId);

const row = (id: string) => paymentRow(t, id);

/** A member who paid `plan` through Stripe (a verified webhook). */
async function stripeBuyer(plan = 'monthly') {
  await setSettings(t, 'payment', { provider: 'stripe' });
  const u = await registerUser(t.app);
  const data = await checkout(u.token, plan);
  const payload = JSON.stringify({
    id: `evt_${data.orderId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_test_${data.orderId}`,
        object: 'checkout.session',
        client_reference_id: data.orderId,
        payment_status: 'paid',
        amount_total: Math.round(data.amount * 100),
        currency: 'try',
        customer: `cus_${data.orderId}`,
        payment_intent: `pi_${data.orderId}`,
      },
    },
  });
  const sdk = new Stripe('sk_test_refunds');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
    },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return { u, orderId: data.orderId };
}

const refundsOf = (orderId: string) =>
  stripe.seen.filter(
    (r) => r.path === '/v1/refunds' && new URLSearchParams(r.body).get('payment_intent') === `pi_${orderId}`,
  );

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('refunds through Stripe', () => {
  it('refunds once with the payment id as idempotency key and ends the plan it bought', async () => {
    const { u, orderId } = await stripeBuyer();
    const refunded = await refundPayment(deps, orderId, new Date());
    expect(refunded).toMatchObject({ id: orderId, status: 'refunded', refund: { mode: 'provider' } });
    expect(refunded!.refund.message).toBe('Ödeme Stripe üzerinden iade edildi.');
    expect(refunded!.providerRefundId).toMatch(/^re_/);
    const sent = refundsOf(orderId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund-${orderId}`);
    expect(await userRow(t, u.user._id)).toMatchObject({ subscriptionPlan: 'free', autoRenew: false });
    // A second call: already refunded, nothing sent.
    expect(await refundPayment(deps, orderId, new Date())).toBeNull();
    expect(refundsOf(orderId)).toHaveLength(1);
  });

  it('leaves the payment completed with a clear error when Stripe refuses, and refunds on the retry', async () => {
    const { orderId } = await stripeBuyer();
    stripe.nextRefunds.push('error');
    const err = await refusal(refundPayment(deps, orderId, new Date()));
    expect(err).toMatchObject({ status: 502, code: 'REFUND_PROVIDER_FAILED' });
    expect(err.message).toBe(
      'Stripe iadeyi gerçekleştiremedi. Ödeme tamamlanmış olarak kaldı; lütfen biraz sonra tekrar deneyin.',
    );
    expect(await row(orderId)).toMatchObject({
      status: 'completed',
      refundStartedAt: null,
      refundError: 'charge_disputed',
    });

    expect(await refundPayment(deps, orderId, new Date())).toMatchObject({ status: 'refunded', refundError: null });
    expect(stripe.refunds.get(`refund-${orderId}`)).toBeTruthy();
  });

  it('two refunds at once: one reaches Stripe, the other is told it is in progress', async () => {
    const { orderId } = await stripeBuyer();
    // Stripe holds the refund that reaches it until the other call has settled: had both claimed
    // the payment, both would wait at Stripe and neither would settle.
    let release!: () => void;
    stripe.refundHold = new Promise<void>((r) => (release = r));
    try {
      const calls = [refundPayment(deps, orderId, new Date()), refundPayment(deps, orderId, new Date())];
      const settled = calls.map((c) =>
        c.then(
          (v) => ({ ok: v }),
          (err: unknown) => ({ err }),
        ),
      );
      const bothAtStripe = (async () => {
        while (refundsOf(orderId).length < 2) await new Promise((r) => setTimeout(r, 20));
        return { both: true } as const;
      })();
      const first = await Promise.race([...settled, bothAtStripe]);
      expect(first).toMatchObject({ err: { status: 409, code: 'REFUND_IN_PROGRESS' } });
      release();
      const results = await Promise.all(settled);
      expect(results.filter((r) => 'ok' in r && r.ok?.status === 'refunded')).toHaveLength(1);
    } finally {
      stripe.refundHold = null;
      release();
    }
    expect(refundsOf(orderId)).toHaveLength(1);
    expect((await row(orderId)).status).toBe('refunded');
  });

  it('after a crash between Stripe’s refund and our record, the retry gets the same refund back', async () => {
    const { orderId } = await stripeBuyer();
    const payment = await row(orderId);
    // A worker claimed the refund, Stripe refunded, and the worker died before recording it.
    await refundPayment({ ...deps }, orderId, new Date()).then(async (r) => {
      expect(r?.status).toBe('refunded');
      // Put the row back as the crashed worker left it: claimed, still completed.
      await t.db.db
        .update(payments)
        .set({ status: 'completed', refundedAt: null, providerRefundId: null, refundStartedAt: new Date() })
        .where(eq(payments.id, orderId));
    });
    const before = stripe.refunds.size;
    // Within the lease: in progress. After it: retried, Stripe replays the same refund.
    expect(await refusal(refundPayment(deps, orderId, new Date()))).toMatchObject({ code: 'REFUND_IN_PROGRESS' });
    const later = new Date(Date.now() + REFUND_LEASE_MS + 1_000);
    const retried = await refundPayment(deps, orderId, later);
    expect(retried).toMatchObject({ status: 'refunded', providerRefundId: 're_' + String(before) });
    expect(stripe.refunds.size).toBe(before);
    expect(refundsOf(orderId).map((r) => r.headers['idempotency-key'])).toEqual([
      `refund-${orderId}`,
      `refund-${orderId}`,
    ]);
    expect(payment.status).toBe('completed');
  });
});

describe('refunds through iyzico, the demo provider and Shopier', () => {
  it('iyzico: refunds the payment through iyzipay once; a refusal keeps it completed', async () => {
    await setSettings(t, 'payment', { provider: 'iyzico' });
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'yearly');
    const token = `tok_${data.orderId}`;
    iyzico.results.set(token, {
      status: 'success',
      paymentStatus: 'SUCCESS',
      paymentId: '880011',
      paidPrice: 337.5,
      currency: 'TRY',
      basketId: data.orderId,
      conversationId: data.orderId,
      token,
    });
    expect((await postForm(t, '/api/payments/callback/iyzico', { token })).headers.location).toContain(
      'status=success',
    );
    const paid = await row(data.orderId);

    iyzico.nextRefunds.push('error');
    expect(await refusal(refundPayment(deps, data.orderId, new Date()))).toMatchObject({
      status: 502,
      code: 'REFUND_PROVIDER_FAILED',
    });
    expect(await row(data.orderId)).toMatchObject({ status: 'completed', refundError: 'iyzico_5092' });

    const [a, b] = await Promise.allSettled([
      refundPayment(deps, data.orderId, new Date(), { ip: '10.1.2.3' }),
      refundPayment(deps, data.orderId, new Date(), { ip: '10.1.2.3' }),
    ]);
    expect([a, b].filter((r) => r.status === 'fulfilled' && r.value)).toHaveLength(1);
    const calls = iyzico.seen.filter(
      (r) => r.path === '/v2/payment/refund' && r.body.includes(paid.providerPaymentId!),
    );
    expect(calls).toHaveLength(2); // the refused one and the one that refunded
    expect(JSON.parse(calls[1]!.body)).toMatchObject({
      paymentId: paid.providerPaymentId,
      price: '337.5',
      currency: 'TRY',
      ip: '10.1.2.3',
    });
    expect((await row(data.orderId)).status).toBe('refunded');
  });

  it('demo: refunded at once, said to be a test', async () => {
    await setSettings(t, 'payment', { provider: 'demo' });
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'monthly');
    const page = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
    const form = page.body.split('<form').find((f) => f.includes('Onayla'))!;
    const fields: Record<string, string> = {};
    for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = m[2]!;
    await postForm(t, '/api/payments/callback/demo', fields);
    const r = await refundPayment(deps, data.orderId, new Date());
    expect(r).toMatchObject({ status: 'refunded', refund: { mode: 'instant' } });
    expect(r!.refund.message).toBe('Test ödemesi iade edildi (demo sağlayıcı: gerçek para hareketi yok).');
  });

  it('Shopier: no refund API, so the operator’s call records the refund made in Shopier’s panel, and says so', async () => {
    await setSettings(t, 'payment', { provider: 'shopier' });
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'monthly');
    const sign = (s: string) => createHmac('sha256', SHOPIER_SECRET).update(s).digest('base64');
    await postForm(t, '/api/payments/callback/shopier', {
      platform_order_id: data.orderId,
      status: 'success',
      payment_id: `shp-${data.orderId}`,
      installment: '0',
      random_nr: '77',
      signature: sign(`77${data.orderId}`),
    });
    const r = await refundPayment(deps, data.orderId, new Date());
    expect(r).toMatchObject({ status: 'refunded', refund: { mode: 'manual', providerRefundId: null } });
    expect(r!.refund.message).toContain('Shopier panelinden iade ettiğinizi onayladınız');
  });
});

describe('the member’s refund request and history', () => {
  it('lists payments with their refund state: eligible, requested after the request, refunded after the refund', async () => {
    const { u, orderId } = await stripeBuyer();
    const history = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/payments/history', headers: bearer(u.token) });
      expect(res.statusCode).toBe(200);
      return body<{ data: PaymentHistoryItem[] }>(res).data;
    };
    const [first] = await history();
    expect(first).toMatchObject({
      _id: orderId,
      status: 'completed',
      refund: 'eligible',
      kind: 'checkout',
      amount: 29.99,
    });
    expect(new Date(first!.refundDeadline!).getTime() - new Date(first!.completedAt!).getTime()).toBe(14 * DAY);

    await setSettings(t, 'payment', { enableRefunds: false });
    expect((await history())[0]!.refund).toBe('none');
    await setSettings(t, 'payment', { enableRefunds: true });

    const req = await t.app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: bearer(u.token),
      payload: { paymentId: orderId },
    });
    expect(req.statusCode).toBe(200);
    expect((await history())[0]).toMatchObject({ refund: 'requested' });
    expect(refundsOf(orderId)).toHaveLength(0);

    await refundPayment(deps, orderId, new Date());
    expect((await history())[0]).toMatchObject({ refund: 'refunded', status: 'refunded' });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/payments/history' });
    expect(anonymous.statusCode).toBe(401);
  });
});
