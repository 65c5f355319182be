import { describe, expect, it } from 'vitest';
import { messages } from '@kiyasla/contracts/messages';
import { feedItems, useFaultWorld } from './support/fault-world';
import { call, data, isErrorEnvelope, waitFor } from './support/http';
import { startLoad } from './support/load';
import { count } from './support/postgres';
import { adminSession, alertCounts, demoCheckout, shopper, storeAndProducts, uploadFeed } from './support/world';

/**
 * PostgreSQL restarts while the API serves a mixed load, a feed import streams in, alert e-mails
 * go out (through a slow SMTP stand-in) and a payment callback arrives. In-flight requests fail
 * cleanly (503 in the error format, never a hang, a reset or a 500), the API reconnects within
 * 5 s of PostgreSQL being back, and afterwards every count is exactly what it should be.
 */

const N = 24;
const HALF = N / 2;
const world = useFaultWorld('database restart', { delayMs: 150 });
const { report } = world;

const items = (productIds: string[], price: (i: number) => number) => feedItems('HATA', productIds, price);

describe('PostgreSQL restarts during a mixed load', () => {
  it('answers 503 meanwhile, reconnects within 5 s, and loses or doubles nothing', async () => {
    const { pg, smtp } = world;
    const base = world.server.baseURL;
    const admin = await adminSession(base);
    const { storeId, productIds } = await storeAndProducts(base, admin.token, N);
    const first = productIds.slice(0, HALF);
    const second = productIds.slice(HALF);

    // Offers at 30 TL and up: the store's lowest price, above every alert's 20 TL target.
    const initial = await uploadFeed(
      base,
      admin.token,
      storeId,
      items(productIds, (i) => 30 + i),
    );
    expect(data<{ status: string }>(initial).status).toBe('succeeded');

    const watcher = await shopper(base, 'alarm', pg);
    const buyer = await shopper(base, 'odeme');
    for (const product of productIds) {
      const created = await call(base, '/api/alerts', { token: watcher.token, json: { product, targetPrice: 20 } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const checkout = await demoCheckout(base, buyer.token);
    // The buyer's receipts by their subject: a new member also gets the address verification mail.
    const receiptMails = () => smtp.to(buyer.email).filter((m) => m.subject.includes('ödeme makbuzunuz')).length;

    const load = startLoad({ baseURL: base, tokens: [watcher.token, buyer.token], productIds }, 6);
    await new Promise((r) => setTimeout(r, 1_000));

    // The first half drops to 10 TL: its alerts fire and their e-mails go out (slowly) ...
    const drop = await uploadFeed(
      base,
      admin.token,
      storeId,
      items(first, (i) => 10 + i / 100),
    );
    expect(data<{ status: string }>(drop).status).toBe('succeeded');
    await waitFor('the first alerts fired', async () => (await alertCounts(pg, watcher.userId)).triggered >= 1, 20_000);
    // ... while the second half streams in over four seconds, and PostgreSQL goes down meanwhile.
    const streaming = uploadFeed(
      base,
      admin.token,
      storeId,
      items(second, (i) => 10 + (HALF + i) / 100),
      4_000,
    );
    await new Promise((r) => setTimeout(r, 1_000));

    const downAt = Date.now();
    await pg.stop('fast');
    report.faultsInjected = 1;
    // The payment page posts its callback while the database is away: refused cleanly, nothing granted.
    const callbackDuringOutage = await call(base, '/api/payments/callback/demo', { form: checkout.pay });
    // On a failure, the outcome (its error, when no answer came) and what the server wrote.
    const serverLog = () => (callbackDuringOutage.status === 503 ? '' : world.server.log().slice(-4_000));
    expect(callbackDuringOutage.status, `${JSON.stringify(callbackDuringOutage)}\n${serverLog()}`).toBe(503);
    expect(isErrorEnvelope(callbackDuringOutage.body)).toBe(true);
    await new Promise((r) => setTimeout(r, 3_000));
    const duringOutage = load.outcomes.filter((o) => o.startedAt >= downAt + 500);
    await pg.start();
    const upAt = Date.now();
    report.outageMs = upAt - downAt;

    // Reconnects by itself: the health check (a database round trip) and a signed-in read.
    const reconnectMs = await waitFor(
      'the API reconnected',
      async () => {
        const [health, alerts] = await Promise.all([
          call(base, '/api/health', { timeoutMs: 2_000 }),
          call(base, '/api/alerts', { token: watcher.token, timeoutMs: 2_000 }),
        ]);
        return health.status === 200 && alerts.status === 200;
      },
      5_000,
      100,
    );
    report.reconnectMs = reconnectMs;
    expect(reconnectMs).toBeLessThan(5_000);

    // The streamed import met the outage: it failed cleanly (or, if its last batch came after the
    // restart, succeeded). The operator runs it again; the same feed changes nothing twice.
    const streamed = await streaming;
    report.streamedImport = streamed.status;
    expect([200, 503]).toContain(streamed.status);
    if (streamed.status !== 200) expect(isErrorEnvelope(streamed.body)).toBe(true);
    const again = await uploadFeed(
      base,
      admin.token,
      storeId,
      items(second, (i) => 10 + (HALF + i) / 100),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    // The payment provider (the browser) posts the callback again: granted once.
    const callbackAfter = await call(base, '/api/payments/callback/demo', { form: checkout.pay });
    expect(callbackAfter.status).toBe(303);
    const callbackReplay = await call(base, '/api/payments/callback/demo', { form: checkout.pay });
    expect(callbackReplay.status).toBe(303);

    await new Promise((r) => setTimeout(r, 2_000));
    const loadReport = await load.stop();
    report.requests = loadReport.outcomes.length;
    report.byStatus = loadReport.byStatus;
    report.requestsDuringOutage = duringOutage.length;
    // Never a 500 or a foreign 5xx body, never a reset connection or a hang.
    expect(loadReport.badErrors.map((o) => `${o.path} ${o.status} ${JSON.stringify(o.body)}`)).toEqual([]);
    expect(loadReport.noAnswer.map((o) => `${o.path} ${o.error}`)).toEqual([]);
    // The outage was seen: the requests that needed the database answered 503.
    expect(duringOutage.some((o) => o.status === 503)).toBe(true);
    expect(Math.max(...loadReport.outcomes.map((o) => o.ms))).toBeLessThan(15_000);

    // Every alert fired once, one notification and one e-mail each (deliveries waiting for a
    // lease or a backoff included: bounded by the consumer's lease).
    await waitFor(
      'every alert e-mail sent',
      async () => {
        const c = await alertCounts(pg, watcher.userId);
        return c.triggered === N && c.sent === N && c.pending === 0;
      },
      90_000,
      500,
    );
    // Quiet for a while: nothing more arrives.
    await new Promise((r) => setTimeout(r, 3_000));
    const alertsAfter = await alertCounts(pg, watcher.userId);
    const alertMails = smtp.to(watcher.email).filter((m) => m.subject.startsWith(messages.alerts.triggeredTitle));
    report.alerts = { ...alertsAfter, mailsReceived: alertMails.length };
    expect(alertsAfter).toEqual({ triggered: N, notifications: N, emailDeliveries: N, sent: N, pending: 0 });
    expect(alertMails).toHaveLength(N);

    // Prices: every offer at its new price, one history row for its first price and one for the change.
    const offers = await pg.pool.query<{ price: number; history: string }>(
      `select o.price, (select count(*) from price_history h where h.offer_id = o.id) as history
         from store_offers o where o.store_id = $1 order by o.price`,
      [storeId],
    );
    const expectedPrices = productIds.map((_, i) => Math.round((10 + i / 100) * 100));
    expect(offers.rows.map((r) => Number(r.price))).toEqual(expectedPrices);
    expect(offers.rows.every((r) => Number(r.history) === 2)).toBe(true);
    const imports = await pg.pool.query<{ status: string; n: string }>(
      `select status::text, count(*) as n from feed_imports where store_id = $1 group by status order by status`,
      [storeId],
    );
    report.imports = Object.fromEntries(imports.rows.map((r) => [r.status, Number(r.n)]));
    // The import the outage cut short is marked failed, not left 'running' in the history.
    expect(imports.rows.map((r) => r.status)).not.toContain('running');
    report.priceHistoryRows = offers.rows.reduce((s, r) => s + Number(r.history), 0);
    // The three imports that went through, and at most the one the outage cut short.
    expect(
      await count(pg, `select count(*) as n from feed_imports where store_id = $1 and status = 'succeeded'`, [storeId]),
    ).toBe(streamed.status === 200 ? 4 : 3);
    expect(await count(pg, `select count(*) as n from outbox where kind = 'price.changed' and status <> 'done'`)).toBe(
      0,
    );

    // The payment: one completed order, premium granted, one receipt e-mail.
    const payments = await pg.pool.query<{ status: string }>(`select status from payments where user_id = $1`, [
      buyer.userId,
    ]);
    expect(payments.rows.map((r) => r.status)).toEqual(['completed']);
    await waitFor('the receipt went out', async () => receiptMails() > 0, 45_000, 500);
    await new Promise((r) => setTimeout(r, 2_000));
    const receipts = await count(
      pg,
      `select count(*) as n from outbox where kind = 'email.payment-receipt' and payload ->> 'to' = $1`,
      [buyer.email],
    );
    report.payment = {
      payments: payments.rows.length,
      receiptRows: receipts,
      mailsReceived: receiptMails(),
    };
    expect(receipts).toBe(1);
    expect(receiptMails()).toBe(1);
    const me = data<{ user?: { isPremium: boolean }; isPremium?: boolean }>(
      await call(base, '/api/auth/me', { token: buyer.token }),
    );
    expect(me.user?.isPremium ?? me.isPremium).toBe(true);
  });
});
