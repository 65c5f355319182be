import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { PaymentHistoryItem } from '@kiyasla/contracts/payments';
import { notifications } from '../db/schema/notifications';
import { paymentCredentials } from '../db/schema/payment-credentials';
import { payments } from '../db/schema/payments';
import { priceAlerts } from '../db/schema/price-alerts';
import { users } from '../db/schema/users';
import { SecretBox } from '../lib/secret-box';
import type { MailService } from '../mail/mail.service';
import { isPremiumRow } from '../modules/auth/user.presenter';
import { sessionCache } from '../modules/auth/session-cache';
import { saveCredential } from '../modules/payments/credentials';
import type { PaymentsDeps } from '../modules/payments/payments.service';
import { DEMO_DECLINING_TOKEN_PREFIX } from '../modules/payments/providers/demo';
import { openRenewalOrders, runRenewals } from '../modules/payments/renewals';
import { addMonths } from '../modules/payments/subscription';
import { bearer, body, registerUser } from '../test/accounts';
import { setSettings, type TestApp } from '../test/app';
import { checkoutAs, usePaymentsApp, formOf, mailsTo, postForm, userRow } from '../test/payments-app';
import { testConfig } from '../test/config';
import type { IyzicoStandIn, StripeStandIn } from '../test/payment-stand-ins';
import { expireSubscriptions } from './subscription-lifecycle';

/*
 * Automatic renewal (ADR 018): the demo card, Stripe off-session PaymentIntents and iyzico's
 * stored card, each against its local stand-in; success, declines with retries over the grace
 * period and the expiry after it, cancelled plans, two job instances at once, an attempt whose
 * answer was lost, and the payment link of a plan without a card (Shopier). With
 * TEST_DATABASE_URL set, the same file runs on PostgreSQL, where the racing passes really overlap.
 */

const DAY = 86_400_000;
const MIN = 60_000;
const SHOPIER_SECRET = 'shopier-secret-of-the-renewals';
const STRIPE_WEBHOOK_SECRET = 'whsec_renewals';
const box = new SecretBox(testConfig().jwtSecret);
const ctx = { publicUrl: 'http://localhost:3000', siteName: 'Kıyasla' };

// The passes' e-mails stay in the outbox to be read here (a kick would send them and drop the body).
const world = usePaymentsApp({
  stripeWebhookSecret: STRIPE_WEBHOOK_SECRET,
  shopierSecret: SHOPIER_SECRET,
  settings: { provider: 'demo' },
  mail: (app) =>
    ({ enqueue: app.app.mail.enqueue.bind(app.app.mail), kick: () => undefined }) as unknown as MailService,
});
let t: TestApp;
let stripe: StripeStandIn;
let iyzico: IyzicoStandIn;
let deps: PaymentsDeps;
beforeAll(() => {
  ({ t, stripe, iyzico, deps } = world());
});

const useProvider = (provider: 'demo' | 'stripe' | 'iyzico' | 'shopier') => setSettings(t, 'payment', { provider });

async function renewalOrders(userId: string) {
  return t.db.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal')));
}

async function systemNotices(userId: string) {
  return t.db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'system')));
}

const checkout = (token: string, planId: string) => checkoutAs(t, token, planId);

/** A new member who bought `plan` through the demo page; returns them and their renewal date. */
async function demoMember(plan = 'monthly') {
  await useProvider('demo');
  const u = await registerUser(t.app);
  const data = await checkout(u.token, plan);
  const page = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
  const paid = await postForm(t, '/api/payments/callback/demo', formOf(page.body, 'Onayla'));
  expect(paid.headers.location).toContain('status=success');
  const row = await userRow(t, u.user._id);
  expect(row.nextRenewalDate).not.toBeNull();
  const date = row.nextRenewalDate!;
  return { u, date, at: (offset: number) => new Date(date.getTime() + offset) };
}

describe('renewal with the demo card', () => {
  it('keeps a sealed demo token at checkout and renews once from the old end date, with two instances racing', async () => {
    const { u, date, at } = await demoMember();
    const [cred] = await t.db.db.select().from(paymentCredentials).where(eq(paymentCredentials.userId, u.user._id));
    expect(cred).toMatchObject({ provider: 'demo' });
    expect(cred!.methodRef).toMatch(/^enc:v1:/);
    expect(box.open(cred!.methodRef!)).toMatch(/^demo_tok_/);

    // Four days ahead nothing happens; three days ahead the order and its reminder, once.
    await runRenewals(deps, at(-4 * DAY));
    expect(await renewalOrders(u.user._id)).toHaveLength(0);
    await Promise.all([openRenewalOrders(deps, at(-2 * DAY)), openRenewalOrders(deps, at(-2 * DAY))]);
    await runRenewals(deps, at(-2 * DAY));
    const [order] = await renewalOrders(u.user._id);
    expect(await renewalOrders(u.user._id)).toHaveLength(1);
    expect(order).toMatchObject({ status: 'pending', provider: 'demo', plan: 'monthly-premium', amount: 2999 });
    expect(order!.periodStart).toEqual(date);
    expect(order!.nextAttemptAt).toEqual(date);
    // 20 % KDV included in ₺29,99.
    expect(order!.taxAmount).toBe(500);
    const reminders = await mailsTo(t, 'email.renewal-reminder', u.user.email);
    expect(reminders).toHaveLength(1);
    expect(String(reminders[0]!.payload.text)).toContain(
      'kayıtlı kartınızdan (Test ödemesi (demo)) ₺29,99 tahsil edilecek',
    );

    // Not charged before the date.
    await runRenewals(deps, at(-MIN));
    expect((await renewalOrders(u.user._id))[0]!.status).toBe('pending');

    // Two instances at the date, then a third pass: one charge, one period, one receipt.
    await Promise.all([runRenewals(deps, at(MIN)), runRenewals(deps, at(MIN))]);
    await runRenewals(deps, at(2 * MIN));
    const [paid] = await renewalOrders(u.user._id);
    expect(paid).toMatchObject({ status: 'completed', attempts: 1, lockedUntil: null });
    expect(paid!.providerPaymentId).toMatch(/^demo_ren_/);
    const row = await userRow(t, u.user._id);
    expect(row).toMatchObject({ subscriptionPlan: 'monthly-premium', subscriptionStatus: 'active', autoRenew: true });
    expect(row.subscriptionStart).toEqual(date);
    expect(row.subscriptionEnd).toEqual(addMonths(date, 1));
    expect(row.nextRenewalDate).toEqual(addMonths(date, 1));
    const receipts = await mailsTo(t, 'email.payment-receipt', u.user.email);
    expect(receipts.filter((r) => String(r.payload.subject).includes('yenilendi'))).toHaveLength(1);
    expect(await expireSubscriptions(t.db.db, ctx, at(3 * MIN))).not.toContain(u.user._id);
    expect((await renewalOrders(u.user._id)).length).toBe(1);
  });

  it('retries a declined card after 1, 2 and 3 days with premium kept through the grace, tells the member each time, then expires', async () => {
    const { u, date, at } = await demoMember();
    await saveCredential(
      t.db.db,
      t.app.config.jwtSecret,
      u.user._id,
      (await t.db.db.select().from(payments).where(eq(payments.userId, u.user._id)))[0]!.id,
      {
        provider: 'demo',
        customerRef: null,
        methodRef: `${DEMO_DECLINING_TOKEN_PREFIX}card`,
        sourcePaymentRef: null,
      },
    );
    const alert = await t.db.db.execute(sql`
      insert into price_alerts (user_id, product_id, target_price, is_active)
      select ${u.user._id}::uuid, id, 100, true from products limit 1 returning id`);
    expect(alert).toBeTruthy();

    await runRenewals(deps, at(-2 * DAY));
    await runRenewals(deps, at(MIN));
    let [order] = await renewalOrders(u.user._id);
    expect(order).toMatchObject({ status: 'pending', attempts: 1, lastError: 'card_declined' });
    expect(order!.nextAttemptAt).toEqual(at(MIN + DAY));
    let row = await userRow(t, u.user._id);
    // Premium stays on for the grace period (seven days past the renewal date).
    expect(row.subscriptionEnd).toEqual(at(7 * DAY));
    expect(row.nextRenewalDate).toEqual(date);
    expect(isPremiumRow(row, at(3 * DAY))).toBe(true);
    expect(await mailsTo(t, 'email.renewal-failed', u.user.email)).toHaveLength(1);
    const notices = await systemNotices(u.user._id);
    expect(notices.map((n) => n.title)).toEqual(['Premium yenileme ödemeniz alınamadı']);
    expect(notices[0]!.message).toContain('kart reddedildi');
    // The member's history shows the declined renewal, its reason and its next attempt.
    const history = await t.app.inject({ method: 'GET', url: '/api/payments/history', headers: bearer(u.token) });
    expect(body<{ data: PaymentHistoryItem[] }>(history).data.find((p) => p.kind === 'renewal')).toMatchObject({
      status: 'pending',
      attempts: 1,
      declineReason: 'kart reddedildi',
      nextAttemptAt: at(MIN + DAY).toISOString(),
    });

    // Not due again yet; the expiry pass leaves it alone.
    await runRenewals(deps, at(2 * MIN));
    expect(await expireSubscriptions(t.db.db, ctx, at(2 * MIN))).not.toContain(u.user._id);
    expect((await renewalOrders(u.user._id))[0]!.attempts).toBe(1);

    await runRenewals(deps, at(DAY + 2 * MIN));
    expect((await renewalOrders(u.user._id))[0]!.attempts).toBe(2);
    await runRenewals(deps, at(3 * DAY + 3 * MIN));
    expect((await renewalOrders(u.user._id))[0]!.attempts).toBe(3);
    // The fourth and last attempt: the order fails, the plan stops renewing and ends.
    await Promise.all([runRenewals(deps, at(6 * DAY + 4 * MIN)), runRenewals(deps, at(6 * DAY + 4 * MIN))]);
    [order] = await renewalOrders(u.user._id);
    expect(order).toMatchObject({ status: 'failed', attempts: 4, nextAttemptAt: null });
    row = await userRow(t, u.user._id);
    expect(row).toMatchObject({ autoRenew: false, nextRenewalDate: null });
    const expired = await expireSubscriptions(t.db.db, ctx, at(6 * DAY + 5 * MIN));
    expect(expired).toContain(u.user._id);
    expect(await userRow(t, u.user._id)).toMatchObject({ subscriptionPlan: 'free', subscriptionStatus: 'expired' });
    const alerts = await t.db.db.select().from(priceAlerts).where(eq(priceAlerts.userId, u.user._id));
    expect(alerts.map((a) => a.isActive)).toEqual([false]);
    expect(await mailsTo(t, 'email.renewal-failed', u.user.email)).toHaveLength(4);
    expect(await mailsTo(t, 'email.subscription-expired', u.user.email)).toHaveLength(1);
    expect((await systemNotices(u.user._id)).map((n) => n.title).sort()).toEqual([
      'Premium yenileme ödemeniz alınamadı',
      'Premium yenileme ödemeniz alınamadı',
      'Premium yenileme ödemeniz alınamadı',
      'Premium üyeliğiniz yenilenemedi',
    ]);
    expect((await renewalOrders(u.user._id)).filter((o) => o.status === 'completed')).toHaveLength(0);
  });

  it('renews from the renewal date when the card works again on a retry', async () => {
    const { u, date, at } = await demoMember('yearly');
    const firstPayment = (await t.db.db.select().from(payments).where(eq(payments.userId, u.user._id)))[0]!.id;
    const card = (methodRef: string) =>
      saveCredential(t.db.db, t.app.config.jwtSecret, u.user._id, firstPayment, {
        provider: 'demo',
        customerRef: null,
        methodRef,
        sourcePaymentRef: null,
      });
    await card(`${DEMO_DECLINING_TOKEN_PREFIX}x`);
    await runRenewals(deps, at(-DAY));
    await runRenewals(deps, at(MIN));
    await card('demo_tok_new_card');
    await runRenewals(deps, at(DAY + 2 * MIN));
    const [order] = await renewalOrders(u.user._id);
    expect(order).toMatchObject({ status: 'completed', attempts: 2, amount: 33750 });
    const row = await userRow(t, u.user._id);
    expect(row.subscriptionEnd).toEqual(addMonths(date, 12));
    expect(row.nextRenewalDate).toEqual(addMonths(date, 12));
    expect(await mailsTo(t, 'email.renewal-failed', u.user.email)).toHaveLength(1);
  });

  it('never renews a cancelled plan, and cancelling during the grace ends premium at the renewal date', async () => {
    const a = await demoMember();
    const cancel = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/cancel', headers: bearer(token) });
    expect((await cancel(a.u.token)).statusCode).toBe(200);
    await runRenewals(deps, a.at(-2 * DAY));
    await runRenewals(deps, a.at(MIN));
    expect(await renewalOrders(a.u.user._id)).toHaveLength(0);
    expect(await mailsTo(t, 'email.renewal-reminder', a.u.user.email)).toHaveLength(0);
    expect(await expireSubscriptions(t.db.db, ctx, a.at(MIN))).toContain(a.u.user._id);

    // A plan in its grace (one decline), then cancelled: the open order closes, premium ends at the date.
    const b = await demoMember();
    const pay = (await t.db.db.select().from(payments).where(eq(payments.userId, b.u.user._id)))[0]!.id;
    await saveCredential(t.db.db, t.app.config.jwtSecret, b.u.user._id, pay, {
      provider: 'demo',
      customerRef: null,
      methodRef: `${DEMO_DECLINING_TOKEN_PREFIX}y`,
      sourcePaymentRef: null,
    });
    await runRenewals(deps, b.at(-DAY));
    await runRenewals(deps, b.at(MIN));
    expect((await userRow(t, b.u.user._id)).subscriptionEnd).toEqual(b.at(7 * DAY));
    sessionCache.clear();
    expect((await cancel(b.u.token)).statusCode).toBe(200);
    expect((await renewalOrders(b.u.user._id))[0]).toMatchObject({ status: 'failed', lastError: 'cancelled' });
    expect(await userRow(t, b.u.user._id)).toMatchObject({ autoRenew: false, subscriptionEnd: b.date });
    await runRenewals(deps, b.at(DAY + 2 * MIN));
    expect((await renewalOrders(b.u.user._id))[0]!.attempts).toBe(1);
    expect(await expireSubscriptions(t.db.db, ctx, b.at(DAY + 3 * MIN))).toContain(b.u.user._id);
  });
});

describe('renewal while payments are turned off', () => {
  it('charges nothing and ends the plan at its date', async () => {
    const { u, at } = await demoMember();
    await runRenewals(deps, at(-2 * DAY));
    expect(await renewalOrders(u.user._id)).toHaveLength(1);
    await setSettings(t, 'payment', { enablePayments: false });
    try {
      await runRenewals(deps, at(MIN));
    } finally {
      await setSettings(t, 'payment', { enablePayments: true });
    }
    expect((await renewalOrders(u.user._id))[0]).toMatchObject({
      status: 'failed',
      attempts: 0,
      lastError: 'not_paid',
    });
    expect(await userRow(t, u.user._id)).toMatchObject({ autoRenew: false, nextRenewalDate: null });
    expect(await expireSubscriptions(t.db.db, ctx, at(2 * MIN))).toContain(u.user._id);
  });
});

describe('renewal through Stripe', () => {
  const sdk = new Stripe('sk_test_renewals');

  it('saves the card at checkout and charges it off-session once, even when the first answer is lost', async () => {
    await useProvider('stripe');
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'yearly');
    const session = new URLSearchParams(stripe.seen.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.body);
    expect(session.get('customer_creation')).toBe('always');
    expect(session.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(session.get('mode')).toBe('payment');

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
          amount_total: 33750,
          currency: 'try',
          customer: 'cus_renewing',
          payment_intent: `pi_first_${data.orderId}`,
        },
      },
    });
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
    const [cred] = await t.db.db.select().from(paymentCredentials).where(eq(paymentCredentials.userId, u.user._id));
    expect(cred!.provider).toBe('stripe');
    expect(box.open(cred!.customerRef!)).toBe('cus_renewing');
    expect(box.open(cred!.sourcePaymentRef!)).toBe(`pi_first_${data.orderId}`);

    const date = (await userRow(t, u.user._id)).nextRenewalDate!;
    const at = (ms: number) => new Date(date.getTime() + ms);
    await runRenewals(deps, at(-2 * DAY));
    const [order] = await renewalOrders(u.user._id);
    expect(order).toMatchObject({ provider: 'stripe', amount: 33750 });

    // The charge is made but its answer is lost: the attempt stays in doubt, the plan unchanged.
    const before = stripe.charges.size;
    stripe.nextCharges.push('lost');
    const first = await runRenewals(deps, at(MIN));
    expect(first.inDoubt).toBeGreaterThanOrEqual(1);
    expect(stripe.charges.size).toBe(before + 1);
    expect((await renewalOrders(u.user._id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await userRow(t, u.user._id)).subscriptionEnd).toEqual(date);
    // Not retried before the in-doubt pause; then the same attempt with the same key gets the same charge back.
    await runRenewals(deps, at(5 * MIN));
    await runRenewals(deps, at(20 * MIN));
    expect(stripe.charges.size).toBe(before + 1);
    const creates = stripe.seen.filter(
      (r) => r.path === '/v1/payment_intents' && new URLSearchParams(r.body).get('metadata[orderId]') === order!.id,
    );
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((r) => r.headers['idempotency-key']))).toEqual(new Set([`renewal-${order!.id}-1`]));
    const sent = new URLSearchParams(creates[0]!.body);
    expect(sent.get('off_session')).toBe('true');
    expect(sent.get('confirm')).toBe('true');
    expect(sent.get('customer')).toBe('cus_renewing');
    expect(sent.get('payment_method')).toBe(`pm_of_pi_first_${data.orderId}`);
    expect(sent.get('amount')).toBe('33750');
    expect((await renewalOrders(u.user._id))[0]).toMatchObject({ status: 'completed', attempts: 1 });
    expect((await userRow(t, u.user._id)).subscriptionEnd).toEqual(addMonths(date, 12));
    // The payment method read from the first payment intent is kept for the next renewal.
    const [kept] = await t.db.db.select().from(paymentCredentials).where(eq(paymentCredentials.userId, u.user._id));
    expect(box.open(kept!.methodRef!)).toBe(`pm_of_pi_first_${data.orderId}`);
  });

  it('records a declined card as a failed attempt with Stripe’s decline code', async () => {
    await useProvider('stripe');
    const u = await registerUser(t.app);
    await t.db.db
      .update(users)
      .set({
        subscriptionPlan: 'monthly-premium',
        subscriptionStatus: 'active',
        subscriptionStart: new Date(Date.now() - 29 * DAY),
        subscriptionEnd: new Date(Date.now() + DAY),
        nextRenewalDate: new Date(Date.now() + DAY),
        autoRenew: true,
      })
      .where(eq(users.id, u.user._id));
    const date = (await userRow(t, u.user._id)).nextRenewalDate!;
    const [anyPayment] = await t.db.db.select({ id: payments.id }).from(payments).limit(1);
    await saveCredential(t.db.db, t.app.config.jwtSecret, u.user._id, anyPayment!.id, {
      provider: 'stripe',
      customerRef: 'cus_declining',
      methodRef: 'pm_declining',
      sourcePaymentRef: null,
    });
    await runRenewals(deps, new Date(date.getTime() - DAY));
    stripe.nextCharges.push('decline');
    await runRenewals(deps, new Date(date.getTime() + MIN));
    expect((await renewalOrders(u.user._id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'insufficient_funds',
    });
    expect(String((await mailsTo(t, 'email.renewal-failed', u.user.email))[0]!.payload.text)).toContain(
      'yetersiz bakiye',
    );
  });
});

describe('renewal through iyzico', () => {
  it('charges the card saved on the checkout form, and looks a lost attempt up before charging again', async () => {
    await useProvider('iyzico');
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'monthly');
    const token = `tok_${data.orderId}`;
    iyzico.results.set(token, {
      status: 'success',
      paymentStatus: 'SUCCESS',
      paymentId: '61001',
      paidPrice: 29.99,
      currency: 'TRY',
      basketId: data.orderId,
      conversationId: data.orderId,
      token,
      cardUserKey: 'cuk_member',
      cardToken: 'ctok_visa',
    });
    const back = await postForm(t, '/api/payments/callback/iyzico', { token });
    expect(back.headers.location).toContain('status=success');
    const [cred] = await t.db.db.select().from(paymentCredentials).where(eq(paymentCredentials.userId, u.user._id));
    expect([cred!.provider, box.open(cred!.customerRef!), box.open(cred!.methodRef!)]).toEqual([
      'iyzico',
      'cuk_member',
      'ctok_visa',
    ]);

    const date = (await userRow(t, u.user._id)).nextRenewalDate!;
    const at = (ms: number) => new Date(date.getTime() + ms);
    await runRenewals(deps, at(-2 * DAY));
    const [order] = await renewalOrders(u.user._id);
    iyzico.nextCharges.push('lost');
    await runRenewals(deps, at(MIN));
    expect((await renewalOrders(u.user._id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    await runRenewals(deps, at(20 * MIN));

    const mine = (path: string) => iyzico.seen.filter((r) => r.path === path && r.body.includes(order!.id));
    expect(mine('/payment/auth')).toHaveLength(1);
    expect(mine('/payment/detail')).toHaveLength(1);
    expect(JSON.parse(mine('/payment/auth')[0]!.body)).toMatchObject({
      conversationId: `${order!.id}:1`,
      paidPrice: '29.99',
      currency: 'TRY',
      basketId: order!.id,
      paymentCard: { cardUserKey: 'cuk_member', cardToken: 'ctok_visa' },
    });
    expect((await renewalOrders(u.user._id))[0]).toMatchObject({ status: 'completed', providerPaymentId: '70001' });
    expect((await userRow(t, u.user._id)).subscriptionEnd).toEqual(addMonths(date, 1));
  });
});

describe('renewal without a card (Shopier)', () => {
  it('e-mails a payment link before the date; paying it renews from the date, not paying ends the plan', async () => {
    await useProvider('shopier');
    const renewing = async () => {
      const u = await registerUser(t.app);
      const start = new Date(Date.now() - 28 * DAY);
      const end = addMonths(start, 1);
      await t.db.db
        .update(users)
        .set({
          subscriptionPlan: 'monthly-premium',
          subscriptionStatus: 'active',
          subscriptionPrice: 2999,
          subscriptionStart: start,
          subscriptionEnd: end,
          nextRenewalDate: end,
          autoRenew: true,
        })
        .where(eq(users.id, u.user._id));
      return { u, date: end };
    };
    const payer = await renewing();
    const skipper = await renewing();
    await runRenewals(deps, new Date(payer.date.getTime() - 2 * DAY));
    const [order] = await renewalOrders(payer.u.user._id);
    expect(order).toMatchObject({ provider: 'shopier', status: 'pending', nextAttemptAt: null });
    const [reminder] = await mailsTo(t, 'email.renewal-reminder', payer.u.user.email);
    expect(String(reminder!.payload.text)).toContain(`http://localhost:3000/api/payments/pay/${order!.id}`);
    expect(String(reminder!.payload.subject)).toMatch(/tarihine kadar yenileyin$/);

    // The link opens our page that posts the signed form to Shopier.
    const link = await t.app.inject({ method: 'GET', url: `/api/payments/pay/${order!.id}` });
    expect(link.statusCode).toBe(303);
    expect(link.headers.location).toBe(`http://localhost:3000/api/payments/shopier/${order!.id}`);
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/shopier/${order!.id}` });
    expect(page.body).toContain('action="http://127.0.0.1:9/shopier"');

    const sign = (data: string) => createHmac('sha256', SHOPIER_SECRET).update(data).digest('base64');
    const paid = await postForm(t, '/api/payments/callback/shopier', {
      platform_order_id: order!.id,
      status: 'success',
      payment_id: `shp-${order!.id}`,
      installment: '0',
      random_nr: '4242',
      signature: sign(`4242${order!.id}`),
    });
    expect(paid.headers.location).toContain('status=success');
    const row = await userRow(t, payer.u.user._id);
    expect(row.subscriptionEnd).toEqual(addMonths(payer.date, 1));
    expect(row).toMatchObject({ autoRenew: true, subscriptionStatus: 'active' });

    // The one who did not pay: at the date the plan stops renewing and expires; the link closes.
    const [open] = await renewalOrders(skipper.u.user._id);
    await runRenewals(deps, new Date(skipper.date.getTime() + MIN));
    expect((await renewalOrders(skipper.u.user._id))[0]).toMatchObject({ status: 'failed', lastError: 'not_paid' });
    expect(await expireSubscriptions(t.db.db, ctx, new Date(skipper.date.getTime() + 2 * MIN))).toContain(
      skipper.u.user._id,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/pay/${open!.id}` })).statusCode).toBe(404);
  });
});
