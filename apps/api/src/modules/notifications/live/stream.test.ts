import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { importPrices, makeFeedStore, pricedProducts, setAlert, settleAllEvents } from '../../../test/price-alerts';
import { consumePriceChanges } from '../../../jobs/price-change-consumer';
import { streamTicket } from './stream.routes';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => t?.close());

/** Reads `event: counts` messages off an open stream. */
function reader(res: Response) {
  const stream = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return async function nextCounts(timeoutMs = 10_000): Promise<{ unread: number; activeAlerts: number }> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: counts\ndata: (.*)$/m.exec(message);
        if (data) return JSON.parse(data[1]!) as { unread: number; activeAlerts: number };
        continue;
      }
      if (Date.now() > until) throw new Error('no counts event in time');
      const chunk = await Promise.race([
        stream.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no data in time')), until - Date.now())),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
}

describe('GET /api/notifications/stream', () => {
  it('pushes the header counts at once and again when an alert fires, without polling', async () => {
    const { token, user } = await registerUser(t.app);
    await t.db.db.execute(
      sql`update users set subscription_plan = 'monthly-premium', subscription_status = 'active',
                 subscription_end = now() + interval '30 days' where id = ${user._id}::uuid`,
    );
    const [p] = await pricedProducts(t.db.db, 1, 11);
    await setAlert(t.db.db, user._id, p!.id, p!.lowest - 1_000);

    const ticketRes = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/stream-ticket',
      headers: bearer(token),
    });
    expect(ticketRes.statusCode).toBe(200);
    const ticket = body<{ data: { ticket: string } }>(ticketRes).data.ticket;
    const controller = new AbortController();
    const res = await fetch(`${origin}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, {
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const next = reader(res);
    expect(await next()).toEqual({ unread: 0, activeAlerts: 1 });

    const store = await makeFeedStore(t.db.db);
    await settleAllEvents(t.db.db);
    await importPrices(t.db.db, store, [{ productId: p!.id, price: p!.lowest - 2_000 }]);
    await consumePriceChanges(t.db.db);
    expect(await next()).toEqual({ unread: 1, activeAlerts: 0 });

    const readAll = await t.app.inject({
      method: 'PATCH',
      url: '/api/notifications/read-all',
      headers: bearer(token),
    });
    expect(readAll.statusCode).toBe(200);
    expect(await next()).toEqual({ unread: 0, activeAlerts: 0 });
    controller.abort();
  });

  it("follows the user's alert writes from another tab (create, switch off, delete)", async () => {
    const { token, user } = await registerUser(t.app);
    await t.db.db.execute(
      sql`update users set subscription_plan = 'monthly-premium', subscription_status = 'active',
                 subscription_end = now() + interval '30 days' where id = ${user._id}::uuid`,
    );
    const [p] = await pricedProducts(t.db.db, 1, 13);
    const ticket = body<{ data: { ticket: string } }>(
      await t.app.inject({ method: 'POST', url: '/api/notifications/stream-ticket', headers: bearer(token) }),
    ).data.ticket;
    const controller = new AbortController();
    const next = reader(
      await fetch(`${origin}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, {
        signal: controller.signal,
      }),
    );
    expect(await next()).toEqual({ unread: 0, activeAlerts: 0 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: bearer(token),
      payload: { product: p!.id, targetPrice: (p!.lowest - 1_000) / 100 },
    });
    expect(created.statusCode).toBe(201);
    expect(await next()).toEqual({ unread: 0, activeAlerts: 1 });
    const id = body<{ data: { _id: string } }>(created).data._id;
    await t.app.inject({ method: 'PATCH', url: `/api/alerts/${id}/toggle`, headers: bearer(token) });
    expect(await next()).toEqual({ unread: 0, activeAlerts: 0 });
    await t.app.inject({ method: 'PATCH', url: `/api/alerts/${id}/toggle`, headers: bearer(token) });
    expect(await next()).toEqual({ unread: 0, activeAlerts: 1 });
    await t.app.inject({ method: 'DELETE', url: `/api/alerts/${id}`, headers: bearer(token) });
    expect(await next()).toEqual({ unread: 0, activeAlerts: 0 });
    controller.abort();
  });

  it('refuses a missing, forged or expired ticket', async () => {
    const { user } = await registerUser(t.app);
    const expired = streamTicket(t.app.config.jwtSecret, user._id, Date.now() - 120_000);
    const forged = streamTicket('another-secret-another-secret-0000000', user._id);
    for (const ticket of [expired, forged, 'x']) {
      const res = await fetch(`${origin}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
      expect(res.status).toBe(401);
      await res.body?.cancel();
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/stream-ticket' })).statusCode).toBe(401);
  });
});
