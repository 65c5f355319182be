import { createHmac } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications';
import { payments } from '../../db/schema/payments';
import { bearer, body, registerUser } from '../../test/accounts';
import { setSettings, type TestApp } from '../../test/app';
import { checkoutAs, paymentRow, formOf, mailsTo, postForm, usePaymentsApp, userRow } from '../../test/payments-app';
import { expireCheckoutOrders, type PaymentsDeps } from './payments.service';

/*
 * Shopier signs its callback over random_nr + platform_order_id only: `status` and `payment_id`
 * are not signed. A shopper who cancels on Shopier's page receives a correctly signed "failed"
 * callback and could post the same fields again with `status=success`. The first result Shopier
 * reports for an order is therefore final (ADR 018, "A Shopier result is final"); the demo
 * provider, which signs its status, keeps the old rule (money after a failure report completes).
 */

const SHOPIER_SECRET = 'shopier-secret-of-the-result-tests';
const HOUR = 3_600_000;

const world = usePaymentsApp({
  stripeWebhookSecret: 'whsec_shopier_result',
  shopierSecret: SHOPIER_SECRET,
  settings: { provider: 'shopier' },
});
let t: TestApp;
let deps: PaymentsDeps;
beforeAll(() => {
  ({ t, deps } = world());
});
afterEach(() => {
  vi.restoreAllMocks();
});

const sign = (s: string) => createHmac('sha256', SHOPIER_SECRET).update(s).digest('base64');

/** Shopier's callback for `orderId`, signed as Shopier signs it (not over status or payment_id). */
function shopierCallback(orderId: string, status: 'success' | 'failed', paymentId = '', randomNr = '730041') {
  return postForm(t, '/api/payments/callback/shopier', {
    platform_order_id: orderId,
    status,
    payment_id: paymentId,
    installment: '0',
    random_nr: randomNr,
    signature: sign(`${randomNr}${orderId}`),
  });
}

const checkout = (token: string, planId: string) => checkoutAs(t, token, planId);

const orderRow = (id: string) => paymentRow(t, id);

const ordersOf = (userId: string) => t.db.db.select().from(payments).where(eq(payments.userId, userId));
const systemNotices = (userId: string) =>
  t.db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'system')));

describe('a Shopier result is final', () => {
  it('a signed "failed" posted again as "success" grants nothing, records no payment and asks for no refund', async () => {
    await setSettings(t, 'payment', { provider: 'shopier' });
    const warn = vi.spyOn(deps.log, 'warn');
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'monthly');

    const cancelled = await shopierCallback(data.orderId, 'failed');
    expect(cancelled.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=failed`);
    const flipped = await shopierCallback(data.orderId, 'success', 'shp-flipped');
    expect(flipped.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=failed`);
    // Delivered again, and in parallel: still nothing.
    const again = await Promise.all([1, 2].map(() => shopierCallback(data.orderId, 'success', 'shp-flipped')));
    expect(again.map((r) => r.headers.location)).toEqual([
      `/premium/callback?order=${data.orderId}&status=failed`,
      `/premium/callback?order=${data.orderId}&status=failed`,
    ]);

    expect(await orderRow(data.orderId)).toMatchObject({
      status: 'failed',
      completedAt: null,
      providerPaymentId: null,
      refundRequestedAt: null,
    });
    expect((await ordersOf(u.user._id)).filter((o) => o.status !== 'failed')).toEqual([]);
    expect(await userRow(t, u.user._id)).toMatchObject({ subscriptionPlan: 'free' });
    expect(await mailsTo(t, 'email.payment-receipt', u.user.email)).toHaveLength(0);
    expect(await systemNotices(u.user._id)).toHaveLength(0);
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/payments/orders/${data.orderId}`,
      headers: bearer(u.token),
    });
    expect(body<{ data: { status: string } }>(order).data.status).toBe('failed');
    // The operator is told where to look.
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ orderId: data.orderId, provider: 'shopier' }),
      expect.stringContaining('check the Shopier panel'),
    );
  });

  it('holds for an order we closed before Shopier reported it failed; late money without a failure report is still refunded', async () => {
    await setSettings(t, 'payment', { provider: 'shopier' });
    const u = await registerUser(t.app);
    const first = await checkout(u.token, 'monthly');
    // Another plan supersedes the open order; then Shopier's "failed" for it arrives.
    const second = await checkout(u.token, 'yearly');
    expect(await orderRow(first.orderId)).toMatchObject({ status: 'failed', lastError: 'superseded' });
    await shopierCallback(first.orderId, 'failed');
    const flipped = await shopierCallback(first.orderId, 'success', 'shp-closed-flip');
    expect(flipped.headers.location).toBe(`/premium/callback?order=${first.orderId}&status=failed`);
    expect(await orderRow(first.orderId)).toMatchObject({
      status: 'failed',
      lastError: 'superseded',
      refundRequestedAt: null,
      providerPaymentId: null,
    });

    // The second order expires with no report from Shopier: money that still comes for it is
    // genuine late money, recorded and owed back (ADR 018, "Orders once"), as before.
    await t.db.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - HOUR - 60_000) })
      .where(eq(payments.id, second.orderId));
    await expireCheckoutOrders(deps);
    const late = await shopierCallback(second.orderId, 'success', 'shp-late');
    expect(late.headers.location).toBe(`/premium/callback?order=${second.orderId}&status=refund_pending`);
    const row = await orderRow(second.orderId);
    expect(row).toMatchObject({ status: 'completed', providerPaymentId: 'shp-late' });
    expect(row.refundRequestedAt).not.toBeNull();
    expect(await userRow(t, u.user._id)).toMatchObject({ subscriptionPlan: 'free' });
  });

  it('a success is final too: a "failed" after it changes nothing, and the success delivered again grants once', async () => {
    await setSettings(t, 'payment', { provider: 'shopier' });
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'monthly');
    const paid = await shopierCallback(data.orderId, 'success', 'shp-paid');
    expect(paid.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=success`);
    const granted = await userRow(t, u.user._id);
    expect(granted.subscriptionPlan).toBe('monthly-premium');

    await shopierCallback(data.orderId, 'failed', 'shp-paid');
    expect(await orderRow(data.orderId)).toMatchObject({ status: 'completed', providerPaymentId: 'shp-paid' });
    const replay = await shopierCallback(data.orderId, 'success', 'shp-paid');
    expect(replay.headers.location).toBe(`/premium/callback?order=${data.orderId}&status=success`);
    expect((await userRow(t, u.user._id)).subscriptionStart).toEqual(granted.subscriptionStart);
    expect(await mailsTo(t, 'email.payment-receipt', u.user.email)).toHaveLength(1);
    expect(await ordersOf(u.user._id)).toHaveLength(1);
  });

  it('the demo provider signs its status: its payment after its own cancel still completes the order', async () => {
    await setSettings(t, 'payment', { provider: 'demo' });
    const u = await registerUser(t.app);
    const data = await checkout(u.token, 'monthly');
    const page = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
    const [cancel, pay] = [formOf(page.body, 'İptal'), formOf(page.body, 'Onayla')];
    expect((await postForm(t, '/api/payments/callback/demo', cancel)).headers.location).toMatch(/status=failed$/);
    expect((await postForm(t, '/api/payments/callback/demo', pay)).headers.location).toMatch(/status=success$/);
    expect(await orderRow(data.orderId)).toMatchObject({ status: 'completed' });
    expect(await userRow(t, u.user._id)).toMatchObject({ subscriptionPlan: 'monthly-premium' });
  });
});
