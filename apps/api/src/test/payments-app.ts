import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CheckoutResponse } from '@kiyasla/contracts/payments';
import type { PaymentSettings } from '@kiyasla/contracts/settings';
import { outbox } from '../db/schema/outbox';
import { payments } from '../db/schema/payments';
import { users, type UserRow } from '../db/schema/users';
import { SecretBox } from '../lib/secret-box';
import type { PaymentsDeps } from '../modules/payments/payments.service';
import { bearer, body } from './accounts';
import { createTestApp, setSettings, type TestApp } from './app';
import { testConfig } from './config';
import { startIyzicoStandIn, startStripeStandIn, type IyzicoStandIn, type StripeStandIn } from './payment-stand-ins';

export interface PaymentsWorld {
  t: TestApp;
  stripe: StripeStandIn;
  iyzico: IyzicoStandIn;
  deps: PaymentsDeps;
}

/** Seals a secret as the settings store it (encrypted with the test configuration's key). */
export const sealSecret = (value: string) => new SecretBox(testConfig().jwtSecret).seal(value);

/**
 * A test app whose payment providers are the local Stripe and iyzico stand-ins (Shopier's page
 * is an address nothing answers), with every provider's credentials in the payment settings:
 * started before the file's tests, closed after them. `settings` adds to (or overrides) those.
 * Read the world inside a test or hook.
 */
export function usePaymentsApp(opts: {
  stripeWebhookSecret: string;
  shopierSecret: string;
  settings?: Partial<PaymentSettings>;
  /** The mail service the payment code gets (default the app's own). */
  mail?: (t: TestApp) => PaymentsDeps['mail'];
}): () => PaymentsWorld {
  let world: PaymentsWorld | undefined;
  beforeAll(async () => {
    const [stripe, iyzico] = await Promise.all([startStripeStandIn(), startIyzicoStandIn()]);
    const t = await createTestApp({
      config: {
        payments: {
          shopierPaymentUrl: 'http://127.0.0.1:9/shopier',
          stripeApiUrl: stripe.url,
          iyzicoBaseUrl: iyzico.url,
        },
      },
    });
    const mail = opts.mail ? opts.mail(t) : t.app.mail;
    const deps = { db: t.db.db, config: t.app.config, settings: t.app.settings, mail, log: t.app.log };
    world = { t, stripe, iyzico, deps };
    await setSettings(t, 'payment', {
      stripeSecretKey: sealSecret('sk_test_stand_in'),
      webhookSecret: sealSecret(opts.stripeWebhookSecret),
      iyzicoApiKey: sealSecret('iyzico-key'),
      iyzicoSecretKey: sealSecret('iyzico-secret'),
      shopierApiKey: sealSecret('shopier-key'),
      shopierApiSecret: sealSecret(opts.shopierSecret),
      shopierWebsiteIndex: '1',
      ...opts.settings,
    });
  }, 120_000);
  afterAll(async () => {
    await world?.t.close();
    await world?.stripe.close();
    await world?.iyzico.close();
  });
  return () => {
    if (!world) throw new Error('The payments app is not running: read it inside a test or hook.');
    return world;
  };
}

/** The hidden fields of the page's form whose button reads `button` (a provider's or the demo page). */
export function formOf(html: string, button: string): Record<string, string> {
  const form = html.split('<form').find((f) => f.includes(button));
  if (!form) throw new Error(`no form with ${button}`);
  const out: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[m[1]!] = m[2]!;
  return out;
}

/** Posts `fields` as a browser's form would (a provider's callback, the demo page's buttons). */
export function postForm(t: TestApp, url: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The account's row as the database holds it. */
export async function userRow(t: TestApp, id: string): Promise<UserRow> {
  const [row] = await t.db.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** The e-mails of `kind` queued in the outbox for `to`. */
export async function mailsTo(t: TestApp, kind: string, to: string) {
  return t.db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), sql`${outbox.payload}->>'to' = ${to}`));
}

/** Opens a purchase order of `planId` as the member (201) and returns the checkout's answer. */
export async function checkoutAs(t: TestApp, token: string, planId: string): Promise<CheckoutResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: bearer(token),
    payload: { planId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ data: CheckoutResponse }>(res).data;
}

/** A payment's row as the database holds it. */
export async function paymentRow(t: TestApp, id: string) {
  const [row] = await t.db.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}
