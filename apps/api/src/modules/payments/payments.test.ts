import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { User } from '@kiyasla/contracts/user';
import type { CheckoutResponse, PaymentOrder } from '@kiyasla/contracts/payments';
import type { PaymentRecord } from '@kiyasla/contracts/account';
import { outbox } from '../../db/schema/outbox';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { bearer, body, registerUser } from '../../test/accounts';
import { setSettings, useTestApp } from '../../test/app';
import { testConfig } from '../../test/config';
import { sessionCache } from '../auth/session-cache';
import { demoSecret } from './providers/demo';
import { refundPayment, type PaymentsDeps } from './payments.service';

const t = useTestApp();
const DEMO_KEY = demoSecret(testConfig().jwtSecret);

/** Signs demo callback fields the way the demo page does, computed here independently. */
function signDemo(f: Record<string, string>): Record<string, string> {
  const payload = `${f.random_nr}${f.order_id}${f.total}${f.currency}${f.status}${f.payment_id}`;
  return { ...f, signature: createHmac('sha256', DEMO_KEY).update(payload).digest('base64') };
}

function formOf(html: string, button: string): Record<string, string> {
  const forms = html.split('<form').slice(1);
  const form = forms.find((f) => f.includes(button));
  if (!form) throw new Error(`no form with ${button}`);
  const out: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[m[1]!] = m[2]!;
  return out;
}

async function checkout(token: string, planId: string) {
  return t.app.inject({ method: 'POST', url: '/api/payments/checkout', headers: bearer(token), payload: { planId } });
}

async function postCallback(fields: Record<string, string>, provider = 'demo') {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/callback/${provider}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function me(token: string): Promise<User> {
  sessionCache.clear();
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  return body<{ data: { user: User } }>(res).data.user ?? body<{ data: User }>(res).data;
}

async function order(id: string) {
  const [row] = await t.db.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function mails(kind: string, to: string) {
  return t.db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), sql`${outbox.payload}->>'to' = ${to}`));
}

/** Opens the demo page of a fresh checkout and returns its pay and cancel forms. */
async function demoCheckout(token: string, planId: string) {
  const res = await checkout(token, planId);
  expect(res.statusCode, res.body).toBe(201);
  const data = body<{ data: CheckoutResponse }>(res).data;
  const page = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
  expect(page.statusCode).toBe(200);
  return { data, html: page.body, pay: formOf(page.body, 'Onayla'), cancel: formOf(page.body, 'İptal') };
}

const DAY = 86_400_000;

describe('payments: plans and checkout', () => {
  it('lists the three plans of §9 to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/plans' });
    expect(res.statusCode).toBe(200);
    const plans = body<{ data: { id: string; price: number }[] }>(res).data;
    expect(plans.map((p) => [p.id, p.price])).toEqual([
      ['monthly-premium', 29.99],
      ['yearly-premium', 337.5],
      ['lifetime-premium', 1429.99],
    ]);
  });

  it('needs a session to buy', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/checkout', payload: { planId: 'yearly' } });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe('Premium satın almak için giriş yapmalısınız.');
  });

  it('records a pending order with the amount, TRY, the included tax and the demo provider', async () => {
    const u = await registerUser(t.app);
    const res = await checkout(u.token, 'yearly');
    expect(res.statusCode).toBe(201);
    const data = body<{ data: CheckoutResponse }>(res).data;
    expect(data).toMatchObject({ provider: 'demo', amount: 337.5, currency: 'TRY', credit: 0 });
    expect(data.url).toBe(`http://localhost:3000/api/payments/demo/${data.orderId}`);
    const row = await order(data.orderId);
    expect(row).toMatchObject({ userId: u.user._id, plan: 'yearly-premium', amount: 33750, status: 'pending' });
    // 20 % KDV included in ₺337,50: 337,50 − 337,50 / 1,2 = ₺56,25.
    expect(row.taxAmount).toBe(5625);
  });

  it('accepts the specification aliases and refuses an unknown plan', async () => {
    const u = await registerUser(t.app);
    for (const [alias, plan] of [
      ['monthly', 'monthly-premium'],
      ['lifetime', 'lifetime-premium'],
      ['premium', 'lifetime-premium'],
      ['yearly-premium', 'yearly-premium'],
    ] as const) {
      const res = await checkout(u.token, alias);
      expect(res.statusCode).toBe(201);
      expect((await order(body<{ data: CheckoutResponse }>(res).data.orderId)).plan).toBe(plan);
    }
    const bad = await checkout(u.token, 'free');
    expect(bad.statusCode).toBe(404);
    expect(body(bad).code).toBe('PLAN_NOT_FOUND');
  });

  it('answers 503 while payments are switched off', async () => {
    const u = await registerUser(t.app);
    await setSettings(t, 'payment', { enablePayments: false });
    try {
      const res = await checkout(u.token, 'monthly');
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({
        code: 'PAYMENTS_DISABLED',
        message: 'Online ödeme şu anda kapalı. Lütfen daha sonra tekrar deneyin.',
      });
    } finally {
      await setSettings(t, 'payment', { enablePayments: true });
    }
  });

  it('answers 503 without a configured provider outside test mode (no free demo payments in production)', async () => {
    const u = await registerUser(t.app);
    await setSettings(t, 'payment', { testMode: false });
    try {
      const res = await checkout(u.token, 'monthly');
      expect(res.statusCode).toBe(503);
      expect(body(res).code).toBe('PAYMENTS_NOT_CONFIGURED');
    } finally {
      await setSettings(t, 'payment', { testMode: true });
    }
  });
});

describe('payments: the demo provider end to end', () => {
  it('checkout → test page → pay: yearly premium from now for one year, receipt e-mailed, in the payment history', async () => {
    const u = await registerUser(t.app);
    const before = Date.now();
    const { data, html, pay } = await demoCheckout(u.token, 'yearly');
    expect(html).toContain('TEST ÖDEMESİ');
    expect(html).toContain('Yıllık Premium');
    expect(html).toContain('₺337,50');

    const res = await postCallback(pay);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=success`);

    const user = await me(u.token);
    expect(user.isPremium).toBe(true);
    expect(user.subscription).toMatchObject({
      plan: 'yearly-premium',
      status: 'active',
      price: 337.5,
      autoRenew: true,
    });
    const start = new Date(user.subscription.startDate!);
    const end = new Date(user.subscription.endDate!);
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(end.getUTCFullYear()).toBe(start.getUTCFullYear() + 1);
    expect(end.getUTCMonth()).toBe(start.getUTCMonth());
    expect(user.subscription.nextRenewalDate).toBe(user.subscription.endDate);

    const row = await order(data.orderId);
    expect(row.status).toBe('completed');
    expect(row.providerPaymentId).toBe(pay.payment_id);
    expect(await mails('email.payment-receipt', u.user.email)).toHaveLength(1);

    const history = await t.app.inject({ method: 'GET', url: '/api/auth/payments', headers: bearer(u.token) });
    const records = body<{ data: PaymentRecord[] }>(history).data;
    expect(records.find((p) => p._id === data.orderId)).toMatchObject({
      status: 'completed',
      amount: 337.5,
      provider: 'demo',
    });

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/payments/orders/${data.orderId}`,
      headers: bearer(u.token),
    });
    expect(body<{ data: PaymentOrder }>(status).data.status).toBe('completed');
  });

  it('grants once when the same callback arrives twice, even at the same moment', async () => {
    const u = await registerUser(t.app);
    const { data, pay } = await demoCheckout(u.token, 'monthly');
    const [a, b] = await Promise.all([postCallback(pay), postCallback(pay)]);
    expect([a.headers.location, b.headers.location]).toEqual([
      `/premium/callback?order=${data.orderId}&status=success`,
      `/premium/callback?order=${data.orderId}&status=success`,
    ]);
    const first = await me(u.token);
    await postCallback(pay);
    const again = await me(u.token);
    expect(again.subscription.startDate).toBe(first.subscription.startDate);
    expect(await mails('email.payment-receipt', u.user.email)).toHaveLength(1);
    const rows = await t.db.db.select().from(payments).where(eq(payments.userId, u.user._id));
    expect(rows.filter((r) => r.status === 'completed')).toHaveLength(1);
  });

  it('the cancel button records a failed order and grants nothing', async () => {
    const u = await registerUser(t.app);
    const { data, cancel } = await demoCheckout(u.token, 'monthly');
    const res = await postCallback(cancel);
    expect(res.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=failed`);
    expect((await order(data.orderId)).status).toBe('failed');
    expect((await me(u.token)).isPremium).toBe(false);
  });

  it('refuses a forged signature, a replay for another order, a wrong amount or currency and an unknown order', async () => {
    const u = await registerUser(t.app);
    const first = await demoCheckout(u.token, 'monthly');
    const second = await demoCheckout(u.token, 'yearly');
    const refused = async (fields: Record<string, string>) => {
      const res = await postCallback(fields);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toMatch(/status=failed$/);
    };
    // Forged: the total changed after signing.
    await refused({ ...first.pay, total: '0.01' });
    // Replay of the first order's signed callback for the second order.
    await refused({ ...first.pay, order_id: second.data.orderId });
    // Correctly signed, but not what the order asked for.
    await refused(signDemo({ ...first.pay, total: '0.01' }));
    await refused(signDemo({ ...first.pay, currency: 'USD' }));
    // Correctly signed, for an order that does not exist.
    await refused(signDemo({ ...first.pay, order_id: randomUUID() }));
    // Another order's payment id.
    const paid = await postCallback(second.pay);
    expect(paid.headers.location).toMatch(/status=success$/);
    const other = await demoCheckout((await registerUser(t.app)).token, 'monthly');
    await refused(signDemo({ ...other.pay, payment_id: second.pay.payment_id! }));
    expect((await order(other.data.orderId)).status).toBe('pending');

    // The second checkout closed the first order (one open order per member); no refusal completed it.
    expect(await order(first.data.orderId)).toMatchObject({
      status: 'failed',
      lastError: 'superseded',
      completedAt: null,
    });
    expect((await me(u.token)).subscription.plan).toBe('yearly-premium');
    expect(await mails('email.payment-receipt', u.user.email)).toHaveLength(1);
  });
});

describe('payments: upgrade rules and the upgrade credit', () => {
  it("refuses the current plan ('Mevcut Planınız') and a lower one ('Daha Düşük Plan') with 409", async () => {
    const u = await registerUser(t.app);
    await postCallback((await demoCheckout(u.token, 'yearly')).pay);
    const same = await checkout(u.token, 'yearly');
    expect(same.statusCode).toBe(409);
    expect(body(same)).toMatchObject({ code: 'PLAN_CURRENT', message: 'Mevcut Planınız' });
    const lower = await checkout(u.token, 'monthly');
    expect(lower.statusCode).toBe(409);
    expect(body(lower)).toMatchObject({ code: 'PLAN_LOWER', message: 'Daha Düşük Plan' });
  });

  it('credits the unused part of a monthly plan when its holder upgrades to yearly', async () => {
    const u = await registerUser(t.app);
    // Half of a 30-day monthly period is left.
    const now = Date.now();
    await t.db.db
      .update(users)
      .set({
        subscriptionPlan: 'monthly-premium',
        subscriptionStatus: 'active',
        subscriptionPrice: 2999,
        subscriptionStart: new Date(now - 15 * DAY),
        subscriptionEnd: new Date(now + 15 * DAY),
      })
      .where(eq(users.id, u.user._id));
    sessionCache.clear();
    const res = await checkout(u.token, 'yearly');
    expect(res.statusCode).toBe(201);
    const data = body<{ data: CheckoutResponse }>(res).data;
    // floor(2999 × 15/30) = 1499 kuruş off ₺337,50 (±1 kuruş for the milliseconds in between).
    expect(data.credit).toBeGreaterThanOrEqual(14.98);
    expect(data.credit).toBeLessThanOrEqual(14.99);
    expect(data.amount).toBeCloseTo(337.5 - data.credit, 2);
    const page = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
    await postCallback(formOf(page.body, 'Onayla'));
    const user = await me(u.token);
    expect(user.subscription.plan).toBe('yearly-premium');
    // The plan's worth is its list price: the next upgrade credits from it.
    expect(user.subscription.price).toBe(337.5);
  });
});

describe('payments: cancel and refund requests', () => {
  it('cancel turns auto-renew off and keeps premium until the end date; nothing to cancel on the free plan', async () => {
    const u = await registerUser(t.app);
    const free = await t.app.inject({ method: 'POST', url: '/api/payments/cancel', headers: bearer(u.token) });
    expect(free.statusCode).toBe(409);
    expect(body(free).code).toBe('NOTHING_TO_CANCEL');

    await postCallback((await demoCheckout(u.token, 'monthly')).pay);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/cancel', headers: bearer(u.token) });
    expect(res.statusCode).toBe(200);
    const user = await me(u.token);
    expect(body(res).data).toEqual({ autoRenew: false, endDate: user.subscription.endDate });
    expect(body<{ message: string }>(res).message).toMatch(
      /^Otomatik yenileme kapatıldı\. Premium üyeliğiniz .+ tarihine kadar devam edecek\.$/,
    );
    expect(user).toMatchObject({ isPremium: true, subscription: { autoRenew: false, nextRenewalDate: null } });
    const again = await t.app.inject({ method: 'POST', url: '/api/payments/cancel', headers: bearer(u.token) });
    expect(again.statusCode).toBe(200);
  });

  it('takes one refund request within 14 days while refunds are on', async () => {
    const u = await registerUser(t.app);
    const { data, pay } = await demoCheckout(u.token, 'monthly');
    await postCallback(pay);
    const refund = (paymentId: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/refund', headers: bearer(u.token), payload: { paymentId } });

    await setSettings(t, 'payment', { enableRefunds: false });
    try {
      const off = await refund(data.orderId);
      expect(off.statusCode).toBe(403);
      expect(body(off).code).toBe('REFUNDS_DISABLED');
    } finally {
      await setSettings(t, 'payment', { enableRefunds: true });
    }
    const res = await refund(data.orderId);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('İade talebiniz alındı. Ödemeniz incelendikten sonra iade edilecek.');
    expect((await order(data.orderId)).refundRequestedAt).not.toBeNull();
    expect((await refund(data.orderId)).statusCode).toBe(409);

    const late = await demoCheckout(u.token, 'yearly');
    await postCallback(late.pay);
    await t.db.db
      .update(payments)
      .set({ completedAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(payments.id, late.data.orderId));
    const tooLate = await refund(late.data.orderId);
    expect(tooLate.statusCode).toBe(409);
    expect(body(tooLate).code).toBe('REFUND_WINDOW_PASSED');

    const someoneElse = await registerUser(t.app);
    const notTheirs = await t.app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: bearer(someoneElse.token),
      payload: { paymentId: data.orderId },
    });
    expect(notTheirs.statusCode).toBe(404);
  });

  it("an operator's refund of the payment behind the current plan ends premium, once", async () => {
    const u = await registerUser(t.app);
    const { data, pay } = await demoCheckout(u.token, 'monthly');
    await postCallback(pay);
    expect((await me(u.token)).isPremium).toBe(true);
    const deps: PaymentsDeps = {
      db: t.db.db,
      config: t.app.config,
      settings: t.app.settings,
      mail: t.app.mail,
      log: t.app.log,
    };
    const refunded = await refundPayment(deps, data.orderId);
    expect(refunded).toMatchObject({ id: data.orderId, status: 'refunded' });
    expect(await refundPayment(deps, data.orderId)).toBeNull();
    const user = await me(u.token);
    expect(user).toMatchObject({
      isPremium: false,
      subscription: { plan: 'free', status: 'expired', autoRenew: false },
    });
    const history = await t.app.inject({ method: 'GET', url: '/api/auth/payments', headers: bearer(u.token) });
    expect(body<{ data: PaymentRecord[] }>(history).data.find((p) => p._id === data.orderId)?.status).toBe('refunded');
  });
});
