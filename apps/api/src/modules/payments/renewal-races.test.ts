import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CheckoutResponse } from '@kiyasla/contracts/payments';
import { notifications } from '../../db/schema/notifications';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import type { MailService } from '../../mail/mail.service';
import { bearer, body, registerUser } from '../../test/accounts';
import { setSettings, type TestApp } from '../../test/app';
import { usePaymentsApp, formOf, mailsTo, userRow } from '../../test/payments-app';
import type { StripeStandIn } from '../../test/payment-stand-ins';
import { sessionCache } from '../auth/session-cache';
import { saveCredential } from './credentials';
import type { PaymentsDeps } from './payments.service';
import { RENEWAL_LEASE_MS, runRenewals } from './renewals';

/*
 * A renewal charge and what races it (ADR 018, amendment "Orders once"): the member cancels while
 * the card is being charged, the order is closed meanwhile, and a second pass takes the orders
 * over after the first one's lease ran out. The money a provider took is always recorded — kept
 * with its period, or refunded — and each order is charged by the pass that holds its lease.
 */

const DAY = 86_400_000;
const MIN = 60_000;

const world = usePaymentsApp({
  stripeWebhookSecret: 'whsec_renewal_races',
  shopierSecret: 'shopier-secret-of-renewal-races',
  settings: { provider: 'demo' },
  mail: (app) =>
    ({ enqueue: app.app.mail.enqueue.bind(app.app.mail), kick: () => undefined }) as unknown as MailService,
});
let t: TestApp;
let stripe: StripeStandIn;
let deps: PaymentsDeps;
beforeAll(() => {
  ({ t, stripe, deps } = world());
});

async function renewalOrder(userId: string) {
  const [row] = await t.db.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal')));
  return row!;
}

/** A member who bought a monthly plan on the demo page, with its renewal order opened. */
async function demoMember() {
  await setSettings(t, 'payment', { provider: 'demo' });
  const u = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: bearer(u.token),
    payload: { planId: 'monthly' },
  });
  const data = body<{ data: CheckoutResponse }>(res).data;
  const page = await t.app.inject({ method: 'GET', url: new URL(data.url).pathname });
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/callback/demo',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(formOf(page.body, 'Onayla')).toString(),
  });
  expect(paid.headers.location).toContain('status=success');
  const date = (await userRow(t, u.user._id)).nextRenewalDate!;
  const at = (ms: number) => new Date(date.getTime() + ms);
  await runRenewals(deps, at(-2 * DAY));
  return { u, date, at };
}

describe('a member who cancels while the renewal is being charged', () => {
  it('the cancel leaves the charged order alone; the charge is recorded and refunded, the plan not extended', async () => {
    const { u, date, at } = await demoMember();
    await runRenewals(deps, at(MIN), {
      beforeCharge: async () => {
        sessionCache.clear();
        const cancel = await t.app.inject({ method: 'POST', url: '/api/payments/cancel', headers: bearer(u.token) });
        expect(cancel.statusCode).toBe(200);
      },
    });
    const order = await renewalOrder(u.user._id);
    expect(order).toMatchObject({ status: 'refunded', lockedUntil: null });
    expect(order.providerPaymentId).toMatch(/^demo_ren_/);
    expect(order.raw).toMatchObject({ unapplied: 'cancelled' });
    const row = await userRow(t, u.user._id);
    expect(row).toMatchObject({ autoRenew: false, nextRenewalDate: null });
    expect(row.subscriptionEnd).toEqual(date);
    const receipts = await mailsTo(t, 'email.payment-receipt', u.user.email);
    expect(receipts.filter((r) => String(r.payload.subject).includes('yenilendi'))).toHaveLength(0);
    expect(await mailsTo(t, 'email.refund', u.user.email)).toHaveLength(1);
    const told = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.user._id), eq(notifications.type, 'system')));
    expect(told.map((n) => n.title)).toEqual(['Ödemeniz iade edildi']);
  });

  it('a charge whose order was closed meanwhile is recorded and refunded, never dropped', async () => {
    const { u, at } = await demoMember();
    await runRenewals(deps, at(MIN), {
      beforeCharge: async (order) => {
        await t.db.db
          .update(payments)
          .set({ status: 'failed', lastError: 'cancelled', nextAttemptAt: null })
          .where(eq(payments.id, order.id));
      },
    });
    const order = await renewalOrder(u.user._id);
    expect(order.status).toBe('refunded');
    expect(order.providerPaymentId).toMatch(/^demo_ren_/);
    expect(await mailsTo(t, 'email.refund', u.user.email)).toHaveLength(1);
  });
});

describe('two passes and one lease', () => {
  it('a pass that stalled past its lease charges no order another pass has taken over', async () => {
    await setSettings(t, 'payment', { provider: 'stripe' });
    const date = new Date(Date.now() + 40 * DAY);
    const at = (ms: number) => new Date(date.getTime() + ms);
    const members = [];
    for (const n of [1, 2]) {
      const u = await registerUser(t.app);
      await t.db.db
        .update(users)
        .set({
          subscriptionPlan: 'monthly-premium',
          subscriptionStatus: 'active',
          subscriptionPrice: 2999,
          subscriptionStart: new Date(date.getTime() - 30 * DAY),
          subscriptionEnd: date,
          nextRenewalDate: date,
          autoRenew: true,
        })
        .where(eq(users.id, u.user._id));
      const [anyPayment] = await t.db.db.select({ id: payments.id }).from(payments).limit(1);
      await saveCredential(t.db.db, t.app.config.jwtSecret, u.user._id, anyPayment!.id, {
        provider: 'stripe',
        customerRef: `cus_race_${n}`,
        methodRef: `pm_race_${n}`,
        sourcePaymentRef: null,
      });
      members.push(u);
    }
    await runRenewals(deps, at(-DAY));
    const orders = await Promise.all(members.map((u) => renewalOrder(u.user._id)));
    const creates = (orderId: string) =>
      stripe.seen.filter(
        (r) => r.path === '/v1/payment_intents' && new URLSearchParams(r.body).get('metadata[orderId]') === orderId,
      );

    // Pass A claims both orders and stalls at its first charge until its lease has run out. Pass B
    // takes both over and is about to charge its first one when A wakes up and goes on.
    let stalledOn: string | null = null;
    let bCharging = false;
    let releaseB!: () => void;
    const bGate = new Promise<void>((r) => (releaseB = r));
    let passB: Promise<unknown> | null = null;
    await runRenewals(deps, at(MIN), {
      beforeCharge: async (order) => {
        if (stalledOn) return;
        stalledOn = order.id;
        passB = runRenewals(deps, at(MIN + RENEWAL_LEASE_MS + MIN), {
          beforeCharge: async () => {
            bCharging = true;
            await bGate;
          },
        });
        while (!bCharging) await new Promise((r) => setTimeout(r, 10));
      },
    });
    const other = orders.find((o) => o.id !== stalledOn)!;
    // A did not charge the order it had not reached: B holds its lease.
    expect(creates(other.id)).toHaveLength(0);
    releaseB();
    await passB;
    expect(creates(other.id)).toHaveLength(1);
    for (const [i, u] of members.entries()) {
      const order = await renewalOrder(u.user._id);
      expect(order).toMatchObject({ id: orders[i]!.id, status: 'completed', attempts: 1 });
      const row = await userRow(t, u.user._id);
      expect(row.subscriptionEnd!.getTime()).toBeGreaterThan(date.getTime());
      const receipts = await mailsTo(t, 'email.payment-receipt', u.user.email);
      expect(receipts).toHaveLength(1);
    }
    expect(stripe.seen.filter((r) => r.path === '/v1/refunds')).toHaveLength(0);
  });
});
