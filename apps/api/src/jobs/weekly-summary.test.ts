import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverPendingMail } from '../mail/outbox-mail';
import { createMailTransport } from '../mail/transport';
import { updateNotificationSettings } from '../modules/account/profile.service';
import { mailHeaders, mailText, startSmtpStandIn } from '../modules/notifications/deliveries/smtp-stand-in';
import { unsubscribeToken } from '../modules/notifications/unsubscribe';
import { createTestApp, type TestApp } from '../test/app';
import { importPrices, makeFeedStore, makeUser, pricedProducts, rows, setAlert } from '../test/price-alerts';
import { sendWeeklySummaries } from './weekly-summary';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
const PUBLIC_URL = 'https://kiyasla.test';
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const deps = () => ({
  db: t.db.db,
  settings: t.app.settings,
  publicUrl: PUBLIC_URL,
  jwtSecret: t.app.config.jwtSecret,
});

/** Monday 10:00 in Istanbul (07:00 UTC) of the week after the one holding `d`. */
function nextMondayMorning(d: Date): Date {
  const istanbul = new Date(d.getTime() + 3 * 3_600_000);
  const daysSinceMonday = (istanbul.getUTCDay() + 6) % 7;
  const monday = Date.UTC(istanbul.getUTCFullYear(), istanbul.getUTCMonth(), istanbul.getUTCDate() - daysSinceMonday);
  return new Date(monday + 7 * 86_400_000 + 7 * 3_600_000);
}

async function emailOf(userId: string) {
  return (await rows<{ email: string }>(t.db.db, sql`select email from users where id = ${userId}::uuid`))[0]!.email;
}

describe('the weekly summary', () => {
  it("goes out once per user and week, listing the week's changes on favorites and alerts", async () => {
    const [fav, alerted, quiet] = await pricedProducts(t.db.db, 3, 2);
    // The seed's price history reaches into the present; "nothing changed" needs a product without any lately.
    await t.db.db.execute(
      sql`delete from price_history where product_id = ${quiet!.id}::uuid and recorded_at > now() - interval '14 days'`,
    );
    const fan = await makeUser(t.db.db);
    const off = await makeUser(t.db.db);
    const idle = await makeUser(t.db.db);
    await updateNotificationSettings(t.db.db, off, { weekly_summary: false });
    for (const u of [fan, off]) {
      await t.db.db.execute(sql`insert into favorites (user_id, product_id) values (${u}::uuid, ${fav!.id}::uuid)`);
    }
    await t.db.db.execute(sql`insert into favorites (user_id, product_id) values (${idle}::uuid, ${quiet!.id}::uuid)`);
    await setAlert(t.db.db, fan, alerted!.id, alerted!.lowest - 10_000);
    const store = await makeFeedStore(t.db.db);
    const newFav = fav!.lowest - 700;
    await importPrices(t.db.db, store, [
      { productId: fav!.id, price: newFav },
      { productId: alerted!.id, price: alerted!.lowest - 300 },
    ]);

    // Before Monday 09:00 of the next week: nothing yet.
    const monday = nextMondayMorning(new Date());
    expect(await sendWeeklySummaries(deps(), { now: new Date(monday.getTime() - 2 * 3_600_000) })).toEqual({
      enqueued: 0,
      composed: 0,
    });
    const { enqueued: first } = await sendWeeklySummaries(deps(), { now: monday });
    expect(first).toBeGreaterThanOrEqual(1);
    // Another pass, another instance: nothing more.
    const [a, b] = await Promise.all([
      sendWeeklySummaries(deps(), { now: new Date(monday.getTime() + 3_600_000) }),
      sendWeeklySummaries(deps(), { now: new Date(monday.getTime() + 7_200_000) }),
    ]);
    expect(a.enqueued + b.enqueued).toBe(0);
    // A user who has the week's mail is not read again: no mail composed only to be dropped.
    const again = await sendWeeklySummaries(deps(), { now: new Date(monday.getTime() + 10_800_000) });
    expect(again).toEqual({ enqueued: 0, composed: 0 });
    while ((await t.app.mail.runOnce()) > 0);

    const fanEmail = await emailOf(fan);
    const mine = smtp.inbox.filter((m) => m.to.includes(fanEmail));
    expect(mine).toHaveLength(1);
    const text = mailText(mine[0]!.raw);
    const names = await rows<{ id: string; name: string }>(
      t.db.db,
      sql`select id, name from products where id in (${fav!.id}::uuid, ${alerted!.id}::uuid)`,
    );
    for (const n of names) expect(text).toContain(n.name);
    expect(text).toContain('(Favori)');
    expect(text).toContain('(Fiyat alarmı)');
    expect(text).toContain(`${PUBLIC_URL}/product/${fav!.id}`);
    expect(text).toContain(new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' }).format(newFav / 100));
    expect(mailHeaders(mine[0]!.raw).get('list-unsubscribe')).toContain(
      encodeURIComponent(unsubscribeToken(t.app.config.jwtSecret, fan, 'weekly_summary')),
    );
    // Topic off, or nothing changed: no mail.
    for (const u of [off, idle]) {
      const email = await emailOf(u);
      expect(smtp.inbox.filter((m) => m.to.includes(email))).toHaveLength(0);
    }
  });

  it('waits for the end of the quiet hours (Istanbul) and skips do-not-disturb, still once per week', async () => {
    const [p] = await pricedProducts(t.db.db, 1, 6);
    const night = await makeUser(t.db.db);
    const dnd = await makeUser(t.db.db);
    // Monday 10:00 in Istanbul is within 09:00–11:30: the mail waits until 11:30 (08:30 UTC).
    await updateNotificationSettings(t.db.db, night, { quietHours: { start: '09:00', end: '11:30' } });
    await updateNotificationSettings(t.db.db, dnd, { doNotDisturb: true });
    for (const u of [night, dnd]) {
      await t.db.db.execute(sql`insert into favorites (user_id, product_id) values (${u}::uuid, ${p!.id}::uuid)`);
    }
    await importPrices(t.db.db, await makeFeedStore(t.db.db), [{ productId: p!.id, price: p!.lowest - 500 }]);

    const monday = nextMondayMorning(new Date());
    await sendWeeklySummaries(deps(), { now: monday });
    const queued = async (userId: string) =>
      rows<{ run_after: Date; status: string }>(
        t.db.db,
        sql`select run_after, status::text from outbox where dedupe_key like ${`weekly-summary:${userId}:%`}`,
      );
    const quietEnd = new Date(monday.getTime() + 90 * 60_000);
    expect((await queued(night)).map((q) => [new Date(q.run_after).toISOString(), q.status])).toEqual([
      [quietEnd.toISOString(), 'pending'],
    ]);
    expect(await queued(dnd)).toEqual([]);

    const transport = createMailTransport({
      smtpUrl: smtp.url,
      from: 'bildirim@kiyasla.test',
      log: t.app.log,
      logBodies: false,
    });
    const nightEmail = await emailOf(night);
    const inbox = () => smtp.inbox.filter((m) => m.to.includes(nightEmail));
    try {
      // Still within the quiet hours: the mail worker leaves it.
      while ((await deliverPendingMail(t.db.db, transport, { now: new Date(quietEnd.getTime() - 60_000) })) > 0);
      expect(inbox()).toHaveLength(0);
      while ((await deliverPendingMail(t.db.db, transport, { now: new Date(quietEnd.getTime() + 1_000) })) > 0);
      expect(inbox()).toHaveLength(1);
    } finally {
      transport.close();
    }

    // Do-not-disturb switched off later in the week: the next pass sends it, and only once.
    await updateNotificationSettings(t.db.db, dnd, { doNotDisturb: false });
    expect((await sendWeeklySummaries(deps(), { now: new Date(monday.getTime() + 2 * 3_600_000) })).enqueued).toBe(1);
    expect(await sendWeeklySummaries(deps(), { now: new Date(monday.getTime() + 3 * 3_600_000) })).toEqual({
      enqueued: 0,
      composed: 0,
    });
    expect(await queued(dnd)).toHaveLength(1);
    expect(await queued(night)).toHaveLength(1);
  });
});
