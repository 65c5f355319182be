import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { updateNotificationSettings } from '../modules/account/profile.service';
import { emailSender } from '../modules/notifications/deliveries/email-sender';
import { startSmtpStandIn } from '../modules/notifications/deliveries/smtp-stand-in';
import { LIVE_COUNTS_CHANNEL } from '../modules/notifications/live/live-counts';
import { createMailTransport } from '../mail/transport';
import { bearer, body, registerUser } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';
import {
  importPrices,
  makeFeedStore,
  makeUser,
  pricedProducts,
  rows,
  setAlert,
  settleAllEvents,
} from '../test/price-alerts';
import { deliverDueNotifications } from './notification-deliveries';
import { consumePriceChanges } from './price-change-consumer';

/**
 * On a real PostgreSQL server: delivery workers racing on a pool send each e-mail once, and the
 * live counts travel over NOTIFY/LISTEN to an open stream.
 */
describe.runIf(inject('testDatabaseTemplate'))('notification deliveries and live counts on PostgreSQL', () => {
  let handle: DbHandle;
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let origin: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    smtp = await startSmtpStandIn();
    t = await createTestApp({ db: handle, config: { smtpUrl: smtp.url } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await handle?.close();
    await smtp?.close();
  });

  // This server listens too: its own consumer (woken by the import's commit) and deliveries
  // worker join the race, so the e-mails are counted from before the import.
  it('sends one e-mail per alert when four delivery workers race', async () => {
    const products = await pricedProducts(handle.db, 6, 20);
    const users: string[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await makeUser(handle.db);
      await updateNotificationSettings(handle.db, u, { quietHours: { start: '00:00', end: '00:00' } });
      users.push(u);
    }
    const store = await makeFeedStore(handle.db);
    await settleAllEvents(handle.db);
    for (const p of products) for (const u of users) await setAlert(handle.db, u, p.id, p.lowest - 1_000);
    const before = smtp.inbox.length;
    await importPrices(
      handle.db,
      store,
      products.map((p) => ({ productId: p.id, price: p.lowest - 2_000 })),
    );
    await Promise.all([consumePriceChanges(handle.db), consumePriceChanges(handle.db)]);
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      from: 'x@kiyasla.test',
      log: t.app.log,
      logBodies: false,
    });
    const senders = {
      email: emailSender({
        transport,
        settings: t.app.settings,
        publicUrl: 'https://kiyasla.test',
        jwtSecret: 'x'.repeat(40),
      }),
    };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => deliverDueNotifications(handle.db, senders, { batch: 3 })),
    );
    // Drain what the racing passes left, and wait for a send of the server's own worker in flight.
    const sentCount = async () =>
      Number(
        (
          await rows<{ n: number }>(
            handle.db,
            sql`select count(*)::int as n from notification_deliveries
                 where channel = 'email' and status = 'sent' and user_id = any (${`{${users.join(',')}}`}::uuid[])`,
          )
        )[0]!.n,
      );
    const deadline = Date.now() + 15_000;
    while ((await sentCount()) < products.length * users.length && Date.now() < deadline) {
      await deliverDueNotifications(handle.db, senders);
      await new Promise((r) => setTimeout(r, 200));
    }
    transport.close();
    expect(results).toHaveLength(4);
    const emails = await rows<{ email: string }>(
      handle.db,
      sql`select email from users where id = any (${`{${users.join(',')}}`}::uuid[])`,
    );
    for (const { email } of emails) {
      // The alerts' e-mails (the server's weekly summary may greet a new user too).
      const alertMails = smtp.inbox.slice(before).filter((m) => m.to.includes(email) && m.raw.includes('tetiklendi'));
      expect(alertMails).toHaveLength(products.length);
    }
    const sent = await rows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from notification_deliveries
           where channel = 'email' and status = 'sent' and user_id = any (${`{${users.join(',')}}`}::uuid[])`,
    );
    expect(sent[0]!.n).toBe(products.length * users.length);
  });

  it('pushes counts to an open stream when another connection announces a change (NOTIFY/LISTEN)', async () => {
    const { token, user } = await registerUser(t.app);
    const ticket = body<{ data: { ticket: string } }>(
      await t.app.inject({ method: 'POST', url: '/api/notifications/stream-ticket', headers: bearer(token) }),
    ).data.ticket;
    const controller = new AbortController();
    const res = await fetch(`${origin}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, {
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextCounts = async () => {
      const until = Date.now() + 10_000;
      for (;;) {
        const m = /event: counts\ndata: (.*)\n\n/.exec(buffer);
        if (m) {
          buffer = buffer.slice(m.index + m[0].length);
          return JSON.parse(m[1]!) as { unread: number };
        }
        if (Date.now() > until) throw new Error('no counts in time');
        const chunk = await reader.read();
        if (chunk.done) throw new Error('stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    };
    expect(await nextCounts()).toMatchObject({ unread: 0 });

    // Another instance: its own connection writes the notification and the signal in one transaction.
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const other = new pg.Client(pool.options);
    await other.connect();
    await other.query('begin');
    await other.query(
      `insert into notifications (user_id, type, title, message) values ($1, 'system', 'Başka sunucudan', 'Merhaba')`,
      [user._id],
    );
    await other.query('select pg_notify($1, $2)', [LIVE_COUNTS_CHANNEL, user._id]);
    await other.query('commit');
    await other.end();
    expect(await nextCounts()).toMatchObject({ unread: 1 });
    controller.abort();
  });
});
