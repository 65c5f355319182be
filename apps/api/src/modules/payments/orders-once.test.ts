import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { CheckoutResponse, PaymentHistoryItem, PaymentOrder } from '@kiyasla/contracts/payments';
import { notifications } from '../../db/schema/notifications';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { bearer, body, registerUser } from '../../test/accounts';
import { setSettings, type TestApp } from '../../test/app';
import { usePaymentsApp, formOf, mailsTo, postForm, userRow } from '../../test/payments-app';
import type { StripeStandIn } from '../../test/payment-stand-ins';
import { sessionCache } from '../auth/session-cache';
import { runRenewals } from './renewals';
import type { PaymentsDeps } from './payments.service';

/*
 * One plan, one charge (ADR 018, amendment "Orders once"): at most one open purchase order per
 * member, whatever the retries and parallel requests; an open order expires; and money that a
 * provider still takes for an order that cannot raise the plan — the member already has it or a
 * higher one, the order was closed or expired meanwhile, the account was deleted — is refunded
 * at once (or flagged for the operator when the provider has no refund API), never reported as
 * a success.
 */

const STRIPE_WEBHOOK_SECRET = 'whsec_orders_once';
const SHOPIER_SECRET = 'shopier-secret-of-orders-once';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const world = usePaymentsApp({
  stripeWebhookSecret: STRIPE_WEBHOOK_SECRET,
  shopierSecret: SHOPIER_SECRET,
  settings: { provider: 'demo' },
});
let t: TestApp;
let stripe: StripeStandIn;
let deps: PaymentsDeps;
beforeAll(() => {
  ({ t, stripe, deps } = world());
});

const useProvider = (provider: 'demo' | 'stripe' | 'iyzico' | 'shopier') => setSettings(t, 'payment', { provider });

function checkoutRaw(token: string, planId: string) {
  return t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: bearer(token), payload: { planId } });
}

async function checkout(token: string, planId: string): Promise<CheckoutResponse> {
  const res = await checkoutRaw(token, planId);
  expect(res.statusCode, res.body).toBe(201);
  return body<{ data: CheckoutResponse }>(res).data;
}

/** A demo checkout and the pay/cancel forms of its page, as the shopper's open tab holds them. */
async function demoCheckout(token: string, planId: string) {
  const data = await checkout(token, planId);
  const page = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
  expect(page.statusCode).toBe(200);
  return { data, pay: formOf(page.body, 'Onayla'), cancel: formOf(page.body, 'İptal') };
}

const payDemo = (fields: Record<string, string>) => postForm(t, '/api/payments/callback/demo', fields);

async function orderRow(id: string) {
  const [row] = await t.db.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function ordersOf(userId: string) {
  return t.db.db.select().from(payments).where(eq(payments.userId, userId));
}

async function notices(userId: string) {
  return t.db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'system')));
}

async function orderStatus(token: string, id: string): Promise<PaymentOrder> {
  const res = await t.app.inject({ method: 'GET', url: `/api/payments/orders/${id}`, headers: bearer(token) });
  return body<{ data: PaymentOrder }>(res).data;
}

/** Makes the member a yearly holder, as another purchase (or an operator) would have. */
async function giveYearly(userId: string) {
  await t.db.db
    .update(users)
    .set({
      subscriptionPlan: 'yearly-premium',
      subscriptionStatus: 'active',
      subscriptionPrice: 33750,
      subscriptionStart: new Date(Date.now() - DAY),
      subscriptionEnd: new Date(Date.now() + 300 * DAY),
      nextRenewalDate: new Date(Date.now() + 300 * DAY),
      autoRenew: true,
    })
    .where(eq(users.id, userId));
  sessionCache.clear();
}

function stripeWebhook(orderId: string, amount: number) {
  const payload = JSON.stringify({
    id: `evt_${orderId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_test_${orderId}`,
        object: 'checkout.session',
        client_reference_id: orderId,
        payment_status: 'paid',
        amount_total: amount,
        currency: 'try',
        customer: `cus_${orderId}`,
        payment_intent: `pi_${orderId}`,
      },
    },
  });
  const sdk = new Stripe('sk_test_orders_once');
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
    },
    payload,
  });
}

describe('at most one open purchase order per member', () => {
  it('five checkouts of the same plan at once open one order and hand out the same page', async () => {
    await useProvider('demo');
    const u = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkoutRaw(u.token, 'monthly')));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((r) => body<{ data: CheckoutResponse }>(r).data.orderId));
    expect(ids.size).toBe(1);
    const open = (await ordersOf(u.user._id)).filter((o) => o.status === 'pending');
    expect(open).toHaveLength(1);
  });

  it('a checkout of another plan closes the open order; a payment still made on its page is refunded, not a second plan', async () => {
    await useProvider('demo');
    const u = await registerUser(t.app);
    const monthly = await demoCheckout(u.token, 'monthly');
    const yearly = await demoCheckout(u.token, 'yearly');
    expect(monthly.data.orderId).not.toBe(yearly.data.orderId);
    expect(await orderRow(monthly.data.orderId)).toMatchObject({ status: 'failed', lastError: 'superseded' });
    expect((await ordersOf(u.user._id)).filter((o) => o.status === 'pending')).toHaveLength(1);

    const paid = await payDemo(yearly.pay);
    expect(paid.headers.location).toBe(`/premium/callback?order=${yearly.data.orderId}&status=success`);
    // The closed order's page was still open in another tab, and the shopper paid it too.
    const late = await payDemo(monthly.pay);
    expect(late.headers.location).toBe(`/premium/callback?order=${monthly.data.orderId}&status=refunded`);
    expect(await orderRow(monthly.data.orderId)).toMatchObject({ status: 'refunded' });
    expect((await orderStatus(u.token, monthly.data.orderId)).status).toBe('refunded');
    expect(await userRow(t, u.user._id)).toMatchObject({
      subscriptionPlan: 'yearly-premium',
      subscriptionPrice: 33750,
    });
    expect(await mailsTo(t, 'email.payment-receipt', u.user.email)).toHaveLength(1);
    expect(await mailsTo(t, 'email.refund', u.user.email)).toHaveLength(1);
    const told = await notices(u.user._id);
    expect(told.map((n) => n.title)).toEqual(['Ödemeniz iade edildi']);
    expect(told[0]!.message).toContain('yeni bir sipariş');
  });

  it('Stripe: the same plan again hands out the same Checkout Session, which ends with the order', async () => {
    await useProvider('stripe');
    const u = await registerUser(t.app);
    const first = await checkout(u.token, 'yearly');
    const again = await checkout(u.token, 'yearly');
    expect(again).toEqual(first);
    const created = stripe.seen.filter(
      (r) =>
        r.path === '/v1/checkout/sessions' && new URLSearchParams(r.body).get('client_reference_id') === first.orderId,
    );
    expect(new Set(created.map((r) => r.headers['idempotency-key']))).toEqual(new Set([`checkout-${first.orderId}`]));
    const order = await orderRow(first.orderId);
    const expiresAt = Number(new URLSearchParams(created[0]!.body).get('expires_at'));
    expect(expiresAt).toBe(Math.floor((order.createdAt.getTime() + HOUR) / 1000));
  });
});

describe('a paid order that does not raise the plan is refunded, never reported as a success', () => {
  it('the same plan paid twice (a page cancelled, then paid after all): the second payment is refunded', async () => {
    await useProvider('demo');
    const u = await registerUser(t.app);
    const a = await demoCheckout(u.token, 'monthly');
    await payDemo(a.cancel);
    expect((await orderRow(a.data.orderId)).status).toBe('failed');
    const b = await demoCheckout(u.token, 'monthly');
    expect((await payDemo(b.pay)).headers.location).toContain('status=success');
    const before = await userRow(t, u.user._id);

    const late = await payDemo(a.pay);
    expect(late.headers.location).toBe(`/premium/callback?order=${a.data.orderId}&status=refunded`);
    expect(await orderRow(a.data.orderId)).toMatchObject({ status: 'refunded' });
    const after = await userRow(t, u.user._id);
    expect(after.subscriptionEnd).toEqual(before.subscriptionEnd);
    // Revenue: one plan, one payment kept.
    const kept = (await ordersOf(u.user._id)).filter((o) => o.status === 'completed');
    expect(kept.map((o) => o.id)).toEqual([b.data.orderId]);
    expect(await mailsTo(t, 'email.payment-receipt', u.user.email)).toHaveLength(1);
    expect((await notices(u.user._id))[0]!.message).toContain('zaten bu veya daha yüksek bir plan');
    // A replay of the same callback changes nothing more.
    expect((await payDemo(a.pay)).headers.location).toContain('status=refunded');
    expect(await mailsTo(t, 'email.refund', u.user.email)).toHaveLength(1);
  });

  it('one order paid twice (its page open in two tabs): the second payment is recorded on its own and refunded', async () => {
    await useProvider('demo');
    const u = await registerUser(t.app);
    const a = await demoCheckout(u.token, 'monthly');
    // The same order's page again (a second tab): a pay form with a payment of its own.
    const again = await t.app.inject({ method: 'GET', url: new URL(a.data.url).pathname });
    const secondPay = formOf(again.body, 'Onayla');
    expect(secondPay.payment_id).not.toBe(a.pay.payment_id);
    expect((await payDemo(a.pay)).headers.location).toContain('status=success');
    const before = await userRow(t, u.user._id);

    const twice = await payDemo(secondPay);
    const back = new URL(twice.headers.location as string, 'http://x');
    expect(back.searchParams.get('status')).toBe('refunded');
    const secondId = back.searchParams.get('order')!;
    expect(secondId).not.toBe(a.data.orderId);
    const second = await orderRow(secondId);
    expect(second).toMatchObject({ status: 'refunded', userId: u.user._id, amount: 2999, kind: 'checkout' });
    expect(second.raw).toMatchObject({ unapplied: 'second_payment', secondOf: a.data.orderId });
    expect(await orderStatus(u.token, secondId)).toMatchObject({ status: 'refunded' });
    // The first payment and the plan it bought stand; one receipt, one refund mail.
    expect(await orderRow(a.data.orderId)).toMatchObject({ status: 'completed' });
    expect((await userRow(t, u.user._id)).subscriptionEnd).toEqual(before.subscriptionEnd);
    expect(await mailsTo(t, 'email.payment-receipt', u.user.email)).toHaveLength(1);
    expect(await mailsTo(t, 'email.refund', u.user.email)).toHaveLength(1);
    // The provider delivers the second payment again, twice at once: nothing more.
    await Promise.all([payDemo(secondPay), payDemo(secondPay)]);
    expect((await ordersOf(u.user._id)).map((o) => o.status).sort()).toEqual(['completed', 'refunded']);
    expect(await mailsTo(t, 'email.refund', u.user.email)).toHaveLength(1);
  });

  it('Stripe: a lower plan paid by a yearly holder is refunded through Stripe, once', async () => {
    await useProvider('stripe');
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'monthly');
    await giveYearly(u.user._id);
    expect((await stripeWebhook(data.orderId, 2999)).statusCode).toBe(200);
    expect(await orderRow(data.orderId)).toMatchObject({ status: 'refunded' });
    const refunds = stripe.seen.filter(
      (r) => r.path === '/v1/refunds' && new URLSearchParams(r.body).get('payment_intent') === `pi_${data.orderId}`,
    );
    expect(refunds.map((r) => r.headers['idempotency-key'])).toEqual([`refund-${data.orderId}`]);
    expect(await userRow(t, u.user._id)).toMatchObject({ subscriptionPlan: 'yearly-premium', autoRenew: true });
    // Stripe delivers the webhook again: nothing more.
    expect((await stripeWebhook(data.orderId, 2999)).statusCode).toBe(200);
    expect(
      stripe.seen.filter(
        (r) => r.path === '/v1/refunds' && new URLSearchParams(r.body).get('payment_intent') === `pi_${data.orderId}`,
      ),
    ).toHaveLength(1);
  });

  it('Shopier (no refund API): flagged for the operator as a refund request, the member told, the page not a success', async () => {
    await useProvider('shopier');
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'monthly');
    await giveYearly(u.user._id);
    const sign = (s: string) => createHmac('sha256', SHOPIER_SECRET).update(s).digest('base64');
    const back = await postForm(t, '/api/payments/callback/shopier', {
      platform_order_id: data.orderId,
      status: 'success',
      payment_id: `shp-${data.orderId}`,
      installment: '0',
      random_nr: '5151',
      signature: sign(`5151${data.orderId}`),
    });
    expect(back.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=refund_pending`);
    const row = await orderRow(data.orderId);
    expect(row).toMatchObject({ status: 'completed' });
    expect(row.refundRequestedAt).not.toBeNull();
    expect(row.raw).toMatchObject({ unapplied: 'plan_not_higher' });
    expect(await userRow(t, u.user._id)).toMatchObject({ subscriptionPlan: 'yearly-premium' });
    expect(await mailsTo(t, 'email.payment-receipt', u.user.email)).toHaveLength(0);
    const told = await notices(u.user._id);
    expect(told.map((n) => n.title)).toEqual(['Ödemeniz iade edilecek']);
    const history = await t.app.inject({ method: 'GET', url: '/api/payments/history', headers: bearer(u.token) });
    expect(body<{ data: PaymentHistoryItem[] }>(history).data.find((p) => p._id === data.orderId)?.refund).toBe(
      'requested',
    );
  });
});

describe('open orders expire', () => {
  it('an order older than an hour is closed: its page says so, a payment still made is refunded, the pass closes the rest', async () => {
    await useProvider('demo');
    const u = await registerUser(t.app);
    const old = await demoCheckout(u.token, 'monthly');
    await t.db.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - HOUR - 60_000) })
      .where(eq(payments.id, old.data.orderId));
    const page = await t.app.inject({ method: 'GET', url: new URL(old.data.url).pathname });
    expect(page.body).toContain('Bu sipariş artık açık değil');
    const late = await payDemo(old.pay);
    expect(late.headers.location).toBe(`/premium/callback?order=${old.data.orderId}&status=refunded`);
    expect(await orderRow(old.data.orderId)).toMatchObject({ status: 'refunded' });
    expect((await userRow(t, u.user._id)).subscriptionPlan).toBe('free');

    // Another member's order left open: the lifecycle pass closes it once it is an hour old.
    const v = await registerUser(t.app);
    const left = await checkout(v.token, 'yearly');
    await runRenewals(deps, new Date(Date.now() + 30 * 60_000));
    expect((await orderRow(left.orderId)).status).toBe('pending');
    await runRenewals(deps, new Date(Date.now() + HOUR + 60_000));
    expect(await orderRow(left.orderId)).toMatchObject({ status: 'failed', lastError: 'expired' });
    // A new checkout opens a new order.
    const fresh = await checkout(v.token, 'yearly');
    expect(fresh.orderId).not.toBe(left.orderId);
  });
});

describe('a deleted account', () => {
  it('deletion closes its open orders and renewals (not one being charged); a payment still made is refunded', async () => {
    await useProvider('demo');
    const u = await registerUser(t.app);
    const yearly = await demoCheckout(u.token, 'yearly');
    const renewal = (periodStart: Date, lockedUntil: Date | null) => ({
      userId: u.user._id,
      provider: 'demo',
      plan: 'monthly-premium' as const,
      amount: 2999,
      currency: 'TRY',
      status: 'pending' as const,
      kind: 'renewal',
      periodStart,
      nextAttemptAt: periodStart,
      lockedUntil,
    });
    const [open, charging] = await t.db.db
      .insert(payments)
      .values([
        renewal(new Date(Date.now() + 2 * DAY), null),
        renewal(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000)),
      ])
      .returning();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(u.token),
      payload: { password: u.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await orderRow(yearly.data.orderId)).toMatchObject({ status: 'failed', lastError: 'account_deleted' });
    expect(await orderRow(open!.id)).toMatchObject({ status: 'failed', lastError: 'account_deleted' });
    // Its charge is in flight: its outcome is recorded (and refunded) by the renewal pass.
    expect((await orderRow(charging!.id)).status).toBe('pending');

    const paid = await payDemo(yearly.pay);
    expect(paid.headers.location).toBe(`/premium/callback?order=${yearly.data.orderId}&status=refunded`);
    expect(await orderRow(yearly.data.orderId)).toMatchObject({ status: 'refunded' });
    expect(await userRow(t, u.user._id)).toMatchObject({ subscriptionPlan: 'free' });
    expect(await mailsTo(t, 'email.payment-receipt', u.user.email)).toHaveLength(0);
  });
});
