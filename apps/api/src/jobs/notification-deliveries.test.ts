import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { updateNotificationSettings } from '../modules/account/profile.service';
import { channelSenders } from '../modules/notifications/deliveries/channels';
import { emailSender } from '../modules/notifications/deliveries/email-sender';
import { quietHoursEnd, writeQueuedDeliveries } from '../modules/notifications/deliveries/schedule';
import {
  mailHeaders,
  mailText,
  startSmtpStandIn,
  type ReceivedMail,
} from '../modules/notifications/deliveries/smtp-stand-in';
import { unsubscribeToken } from '../modules/notifications/unsubscribe';
import { createMailTransport } from '../mail/transport';
import { createTestApp, type TestApp } from '../test/app';
import {
  importPrices,
  makeFeedStore,
  makeUser,
  pricedProducts,
  replayAllEvents,
  rows,
  setAlert,
  settleAllEvents,
} from '../test/price-alerts';
import { deliverDueNotifications, DELIVERY_MAX_ATTEMPTS, deliveryRetryDelayMs } from './notification-deliveries';
import { consumePriceChanges } from './price-change-consumer';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
let products: { id: string; lowest: number }[];
let next = 0;
const product = () => products[next++]!;
let store: string;
const db = () => t.db.db;
const PUBLIC_URL = 'https://kiyasla.test';

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL } });
  products = await pricedProducts(db(), 20);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  store = await makeFeedStore(db());
  await settleAllEvents(db());
});

/** A premium user without quiet hours (the default 22:00–08:00 would make these tests depend on the clock). */
async function shopper(settings: Parameters<typeof updateNotificationSettings>[2] = {}): Promise<string> {
  const id = await makeUser(db());
  await updateNotificationSettings(db(), id, { quietHours: { start: '00:00', end: '00:00' }, ...settings });
  return id;
}

async function emailOf(userId: string): Promise<string> {
  const [u] = await rows<{ email: string }>(db(), sql`select email from users where id = ${userId}::uuid`);
  return u!.email;
}

const mailTo = (email: string): ReceivedMail[] => smtp.inbox.filter((m) => m.to.includes(email));

/** The user's deliveries, once the worker has written those of the queued notifications. */
async function deliveriesOf(userId: string) {
  while ((await writeQueuedDeliveries(db())).taken > 0);
  return rows<{
    channel: string;
    status: string;
    attempts: number;
    next_attempt_at: Date;
    sent_at: Date | null;
    type: string;
  }>(
    db(),
    sql`select d.channel::text as channel, d.status::text as status, d.attempts, d.next_attempt_at, d.sent_at,
               n.type::text as type
          from notification_deliveries d join notifications n on n.id = d.notification_id
         where d.user_id = ${userId}::uuid order by d.id`,
  );
}

const deliver = (opts: Parameters<typeof deliverDueNotifications>[2] = {}) =>
  deliverDueNotifications(db(), channelSenders(t.app), opts);

/** A 'below' alert on a fresh product and a feed that drops the price under the target. */
async function alertAndDrop(userId: string) {
  const p = product();
  const target = p.lowest - 1_000;
  const alertId = await setAlert(db(), userId, p.id, target);
  await importPrices(db(), store, [{ productId: p.id, price: target - 500 }]);
  return { p, target, alertId, newPrice: target - 500 };
}

describe('a price alert by e-mail', () => {
  it('sends exactly one Turkish e-mail with the prices, the product and a one-click unsubscribe', async () => {
    const user = await shopper();
    const email = await emailOf(user);
    const { p, newPrice } = await alertAndDrop(user);

    await consumePriceChanges(db());
    // The in-app notification was queued for delivery with it; the worker writes the e-mail and push copies.
    expect((await deliveriesOf(user)).map((d) => [d.channel, d.status])).toEqual([
      ['email', 'pending'],
      ['push', 'pending'],
    ]);
    const r = await deliver();
    expect(r.sent).toBe(1);
    // No push subscription configured on this server yet: the push copy is recorded as skipped.
    expect((await deliveriesOf(user)).map((d) => [d.channel, d.status])).toEqual([
      ['email', 'sent'],
      ['push', 'skipped'],
    ]);

    const [mail, ...more] = mailTo(email);
    expect(more).toHaveLength(0);
    const headers = mailHeaders(mail!.raw);
    const unsubscribe = `${PUBLIC_URL}/api/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(t.app.config.jwtSecret, user, 'price_target'))}`;
    expect(headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const body = mailText(mail!.raw);
    const fmt = (k: number) => new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' }).format(k / 100);
    expect(body).toContain('Fiyat alarmınız tetiklendi');
    expect(body).toContain(`Önceki fiyat: ${fmt(p.lowest)}`);
    expect(body).toContain(`Yeni fiyat: ${fmt(newPrice)}`);
    expect(body).toContain(`${PUBLIC_URL}/product/${p.id}`);
    expect(body).toContain('<img src=');
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');

    // Processed again, delivered again: nothing more.
    await replayAllEvents(db());
    await consumePriceChanges(db());
    expect((await deliver()).claimed).toBe(0);
    expect(mailTo(email)).toHaveLength(1);
  });

  it("queues the notification in the consumer's transaction; the worker writes its copies once", async () => {
    const user = await shopper();
    const other = await shopper();
    const { alertId } = await alertAndDrop(user);
    const gone = await alertAndDrop(other);
    await consumePriceChanges(db());
    const queued = await rows<{ notification_id: string; user_id: string }>(
      db(),
      sql`select q.notification_id, n.user_id from notification_delivery_queue q
            join notifications n on n.id = q.notification_id
           where n.data ->> 'alertId' = any (${`{${alertId},${gone.alertId}}`}::text[])`,
    );
    expect(queued.map((q) => q.user_id).sort()).toEqual([user, other].sort());
    const written = async (u: string) =>
      rows(db(), sql`select 1 from notification_deliveries where user_id = ${u}::uuid`);
    expect(await written(user)).toHaveLength(0);
    // A notification deleted before the worker came: its queue row is dropped, nothing is written.
    await db().execute(sql`delete from notifications where user_id = ${other}::uuid`);
    // Two workers at once, then again: the e-mail and push copies once.
    const passes = await Promise.all([writeQueuedDeliveries(db()), writeQueuedDeliveries(db())]);
    expect(passes.reduce((n, p) => n + p.written, 0)).toBe(2);
    expect((await writeQueuedDeliveries(db())).taken).toBe(0);
    expect(await written(user)).toHaveLength(2);
    expect(await written(other)).toHaveLength(0);
    expect(
      await rows(
        db(),
        sql`select 1 from notification_delivery_queue
             where notification_id = any (${`{${queued.map((q) => q.notification_id).join(',')}}`}::uuid[])`,
      ),
    ).toHaveLength(0);
    // Sent, so the next tests start with nothing due.
    expect((await deliver()).sent).toBe(1);
  });

  it('sends one e-mail when two consumers and two delivery workers race', async () => {
    const user = await shopper();
    const email = await emailOf(user);
    await alertAndDrop(user);
    await replayAllEvents(db());
    await Promise.all([consumePriceChanges(db()), consumePriceChanges(db())]);
    const [a, b] = await Promise.all([deliver(), deliver()]);
    expect(a.sent + b.sent).toBe(1);
    expect(mailTo(email)).toHaveLength(1);
    const notes = await rows(db(), sql`select 1 from notifications where user_id = ${user}::uuid`);
    expect(notes).toHaveLength(1);
  });

  it('on shutdown gives the rest of its claim back unsent, its attempt not counted (ADR 020)', async () => {
    const users = [await shopper(), await shopper()];
    for (const u of users) await alertAndDrop(u);
    await consumePriceChanges(db());
    // Stops before the second e-mail: the first goes out, the rest of the claim is given back.
    let sends = 0;
    const r = await deliver({ shouldStop: () => sends++ >= 1 });
    expect(r.sent).toBe(1);
    const left = await rows<{ status: string; attempts: number; locked_until: Date | null }>(
      db(),
      sql`select status::text as status, attempts, locked_until from notification_deliveries
           where user_id = any(${`{${users.join(',')}}`}::uuid[]) and channel = 'email' and status <> 'sent'`,
    );
    expect(left).toEqual([{ status: 'pending', attempts: 0, locked_until: null }]);
    // The next pass sends it, once.
    expect((await deliver()).sent).toBe(1);
    for (const u of users) expect(mailTo(await emailOf(u))).toHaveLength(1);
  });

  it('retries with backoff while SMTP is down and sends once when it is back', async () => {
    const user = await shopper();
    const email = await emailOf(user);
    await alertAndDrop(user);
    await consumePriceChanges(db());
    const down = createMailTransport({
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'x@kiyasla.test',
      log: t.app.log,
      logBodies: false,
    });
    const downSenders = {
      email: emailSender({
        transport: down,
        settings: t.app.settings,
        publicUrl: PUBLIC_URL,
        jwtSecret: 'x'.repeat(40),
      }),
    };
    let now = new Date(Date.now() + 1000);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const r = await deliverDueNotifications(db(), downSenders, { now });
      expect(r.retried).toBe(1);
      const [d] = (await deliveriesOf(user)).filter((x) => x.channel === 'email');
      expect(d).toMatchObject({ status: 'pending', attempts: attempt });
      expect(new Date(d!.next_attempt_at).getTime()).toBe(now.getTime() + deliveryRetryDelayMs(attempt));
      // Not due before the backoff has passed.
      expect((await deliverDueNotifications(db(), downSenders, { now: new Date(now.getTime() + 1000) })).claimed).toBe(
        0,
      );
      now = new Date(now.getTime() + deliveryRetryDelayMs(attempt));
    }
    down.close();
    expect(mailTo(email)).toHaveLength(0);
    const r = await deliver({ now });
    expect(r.sent).toBe(1);
    expect(mailTo(email)).toHaveLength(1);
    expect((await deliver({ now: new Date(now.getTime() + 86_400_000) })).claimed).toBe(0);
    expect(deliveryRetryDelayMs(1)).toBe(30_000);
    expect(deliveryRetryDelayMs(DELIVERY_MAX_ATTEMPTS + 10)).toBe(3_600_000);
  });

  it('obeys the channel and topic switches and do-not-disturb; the in-app notification is always there', async () => {
    const noEmail = await shopper({ priceTargetChannels: { email: false } });
    const dnd = await shopper({ doNotDisturb: true });
    const smsToo = await shopper({ priceTargetChannels: { sms: true, push: false } });
    for (const u of [noEmail, dnd, smsToo]) await alertAndDrop(u);
    await consumePriceChanges(db());
    expect((await deliveriesOf(noEmail)).map((d) => d.channel)).toEqual(['push']);
    expect(await deliveriesOf(dnd)).toEqual([]);
    expect((await deliveriesOf(smsToo)).map((d) => d.channel)).toEqual(['email', 'sms']);
    for (const u of [noEmail, dnd, smsToo]) {
      expect(await rows(db(), sql`select 1 from notifications where user_id = ${u}::uuid`)).toHaveLength(1);
    }
  });
});

describe('quiet hours (Europe/Istanbul)', () => {
  const istanbul = (d: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Istanbul',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(d);

  it('computes the end of the window, over midnight too', () => {
    // 23:30 in Istanbul is 20:30 UTC.
    const lateEvening = new Date('2026-03-10T20:30:15.000Z');
    expect(quietHoursEnd(lateEvening, { start: '22:00', end: '08:00' })?.toISOString()).toBe(
      '2026-03-11T05:00:00.000Z',
    );
    expect(quietHoursEnd(new Date('2026-03-11T04:59:00Z'), { start: '22:00', end: '08:00' })?.toISOString()).toBe(
      '2026-03-11T05:00:00.000Z',
    );
    expect(quietHoursEnd(new Date('2026-03-11T05:00:00Z'), { start: '22:00', end: '08:00' })).toBeNull();
    expect(quietHoursEnd(new Date('2026-03-11T10:00:00Z'), { start: '12:00', end: '14:00' })?.toISOString()).toBe(
      '2026-03-11T11:00:00.000Z',
    );
    expect(quietHoursEnd(lateEvening, { start: '00:00', end: '00:00' })).toBeNull();
  });

  it('holds the e-mail until the quiet hours end, not the in-app notification', async () => {
    const now = new Date();
    const user = await shopper({
      quietHours: {
        start: istanbul(new Date(now.getTime() - 3_600_000)),
        end: istanbul(new Date(now.getTime() + 3_600_000)),
      },
    });
    const email = await emailOf(user);
    await alertAndDrop(user);
    await consumePriceChanges(db());
    expect(await rows(db(), sql`select 1 from notifications where user_id = ${user}::uuid`)).toHaveLength(1);
    const [d] = (await deliveriesOf(user)).filter((x) => x.channel === 'email');
    const wait = new Date(d!.next_attempt_at).getTime() - now.getTime();
    expect(wait).toBeGreaterThan(58 * 60_000);
    expect(wait).toBeLessThanOrEqual(60 * 60_000);
    await deliver();
    expect(mailTo(email)).toHaveLength(0);
    await deliver({ now: new Date(new Date(d!.next_attempt_at).getTime() + 1000) });
    expect(mailTo(email)).toHaveLength(1);
  });
});

describe("favorites' price drops by e-mail", () => {
  it('sends the old and new price once a day per product', async () => {
    const user = await shopper();
    const email = await emailOf(user);
    const p = product();
    await db().execute(sql`insert into favorites (user_id, product_id) values (${user}::uuid, ${p.id}::uuid)`);
    const dropped = Math.floor(p.lowest * 0.9);
    await importPrices(db(), store, [{ productId: p.id, price: dropped }]);
    await consumePriceChanges(db());
    await importPrices(db(), store, [{ productId: p.id, price: Math.floor(dropped * 0.9) }]);
    await consumePriceChanges(db());
    await deliver();
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    const fmt = (k: number) => new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' }).format(k / 100);
    const body = mailText(mails[0]!.raw);
    expect(body).toContain(`Önceki fiyat: ${fmt(p.lowest)}`);
    expect(body).toContain(`Yeni fiyat: ${fmt(dropped)}`);
    expect(mailHeaders(mails[0]!.raw).get('list-unsubscribe')).toContain(
      encodeURIComponent(unsubscribeToken(t.app.config.jwtSecret, user, 'price_drop')),
    );
  });
});

describe('the unsubscribe link', () => {
  it('works without signing in: GET shows a button, the one-click POST turns that e-mail off', async () => {
    const user = await shopper();
    const token = unsubscribeToken(t.app.config.jwtSecret, user, 'price_target');
    const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Abonelikten Çık');
    expect(page.body).toContain('Fiyat alarmları');
    // The GET changed nothing (link scanners follow GETs).
    const settings = async () =>
      (
        await rows<{ s: Record<string, { email: boolean }> }>(
          db(),
          sql`select settings as s from notification_settings where user_id = ${user}::uuid`,
        )
      )[0]!.s;
    expect((await settings()).priceTargetChannels?.email).not.toBe(false);

    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('Abonelikten çıktınız');
    const after = await settings();
    expect(after.priceTargetChannels).toMatchObject({ email: false, push: true });
    expect(after.priceDropChannels).toMatchObject({ email: true });

    // Its next alert has no e-mail copy.
    await alertAndDrop(user);
    await consumePriceChanges(db());
    expect((await deliveriesOf(user)).map((d) => d.channel)).toEqual(['push']);
  });

  it('refuses a forged or altered token', async () => {
    const user = await shopper();
    const other = await shopper();
    const forged = unsubscribeToken('another-secret-another-secret-000000', user, 'price_target');
    const swapped = unsubscribeToken(t.app.config.jwtSecret, user, 'price_target').replace(user, other);
    for (const token of [forged, swapped, 'garbage', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Bağlantı geçersiz');
    }
    const stored = await rows<{ s: Record<string, { email?: boolean }> }>(
      db(),
      sql`select settings as s from notification_settings where user_id in (${user}::uuid, ${other}::uuid)`,
    );
    expect(stored.every((r) => r.s.priceTargetChannels?.email !== false)).toBe(true);
  });
});
