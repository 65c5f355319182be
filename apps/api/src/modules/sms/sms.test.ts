import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueNotifications } from '../../jobs/notification-deliveries';
import { consumePriceChanges } from '../../jobs/price-change-consumer';
import { bearer, body, registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { importPrices, makeFeedStore, pricedProducts, rows, setAlert, settleAllEvents } from '../../test/price-alerts';
import { updateNotificationSettings } from '../account/profile.service';
import { channelSenders } from '../notifications/deliveries/channels';

/** A stand-in of Netgsm's REST v2 send API on 127.0.0.1. */
async function startNetgsm() {
  const sent: { no: string; msg: string; header: string }[] = [];
  let answer: { status: number; code: string } = { status: 200, code: '00' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ''), 'base64').toString();
      if (req.method !== 'POST' || req.url !== '/sms/rest/v2/send' || auth !== 'kullanici:sifre') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: '30' }));
        return;
      }
      const payload = JSON.parse(Buffer.concat(chunks).toString()) as {
        msgheader: string;
        messages: { msg: string; no: string }[];
      };
      if (answer.status === 200 && answer.code === '00') {
        for (const m of payload.messages) sent.push({ no: m.no, msg: m.msg, header: payload.msgheader });
      }
      res
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: answer.code, jobid: '17001', description: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    answer: (a: { status: number; code: string }) => {
      answer = a;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let netgsm: Awaited<ReturnType<typeof startNetgsm>>;
beforeAll(async () => {
  netgsm = await startNetgsm();
  t = await createTestApp({
    config: {
      sms: { provider: 'netgsm', baseUrl: netgsm.url, usercode: 'kullanici', password: 'sifre', msgheader: 'KIYASLA' },
    },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await netgsm?.close();
});

async function premiumUser() {
  const { token, user } = await registerUser(t.app);
  await t.db.db.execute(
    sql`update users set subscription_plan = 'monthly-premium', subscription_status = 'active',
               subscription_end = now() + interval '30 days' where id = ${user._id}::uuid`,
  );
  await updateNotificationSettings(t.db.db, user._id, {
    quietHours: { start: '00:00', end: '00:00' },
    priceTargetChannels: { sms: true, email: false, push: false },
  });
  return { token, id: user._id };
}

const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

async function verifyPhone(token: string, phone: string): Promise<void> {
  const before = netgsm.sent.length;
  const res = await post('/api/sms/phone-verification', token, { phone });
  expect(res.statusCode).toBe(200);
  const code = /(\d{6})/.exec(netgsm.sent[before]!.msg)![1]!;
  const ok = await post('/api/sms/phone-verification/confirm', token, { code });
  expect(ok.statusCode).toBe(200);
}

async function alertFires(userId: string, offset: number) {
  const store = await makeFeedStore(t.db.db);
  await settleAllEvents(t.db.db);
  const [p] = await pricedProducts(t.db.db, 1, offset);
  await setAlert(t.db.db, userId, p!.id, p!.lowest - 1_000);
  await importPrices(t.db.db, store, [{ productId: p!.id, price: p!.lowest - 2_000 }]);
  await consumePriceChanges(t.db.db);
  return p!;
}

const smsDelivery = async (userId: string) =>
  (
    await rows<{ status: string; attempts: number; last_error: string | null }>(
      t.db.db,
      sql`select status::text, attempts, last_error from notification_deliveries
           where user_id = ${userId}::uuid and channel = 'sms'`,
    )
  )[0];

describe('phone verification', () => {
  it('sends a code through the gateway, refuses a wrong one, and verifies the number with the right one', async () => {
    const u = await premiumUser();
    const invalid = await post('/api/sms/phone-verification', u.token, { phone: '0212 123 45 67' });
    expect(invalid.statusCode).toBe(400);
    expect(body(invalid)).toMatchObject({
      code: 'PHONE_INVALID',
      message: 'Geçerli bir cep telefonu numarası girin (5XX XXX XX XX).',
    });

    const before = netgsm.sent.length;
    const res = await post('/api/sms/phone-verification', u.token, { phone: '0532 123 45 67' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: 'Doğrulama kodu telefonunuza gönderildi.',
      data: { phone: '+90 532 123 45 67' },
    });
    const sms = netgsm.sent[before]!;
    expect(sms).toMatchObject({ no: '905321234567', header: 'KIYASLA' });
    const code = /(\d{6})/.exec(sms.msg)![1]!;
    // Not stored in clear.
    expect(
      await rows(t.db.db, sql`select 1 from phone_verifications where code_hash like ${`%${code}%`}`),
    ).toHaveLength(0);

    const again = await post('/api/sms/phone-verification', u.token, { phone: '0532 123 45 67' });
    expect(again.statusCode).toBe(429);
    expect(body(again).code).toBe('PHONE_CODE_TOO_SOON');
    const wrong = await post('/api/sms/phone-verification/confirm', u.token, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).code).toBe('PHONE_CODE_INVALID');
    const right = await post('/api/sms/phone-verification/confirm', u.token, { code });
    expect(right.statusCode).toBe(200);
    expect(body(right).message).toBe('Telefon numaranız doğrulandı.');
    const status = await t.app.inject({ method: 'GET', url: '/api/sms/phone', headers: bearer(u.token) });
    expect(body(status).data).toEqual({ phone: '+90 532 123 45 67', verified: true });
  });

  it('answers a number or a code that cannot be one like a wrong one: the same message and code', async () => {
    const u = await premiumUser();
    for (const payload of [{}, { phone: '' }, { phone: '5'.repeat(31) }, { phone: 532 }]) {
      const res = await post('/api/sms/phone-verification', u.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res), JSON.stringify(payload)).toMatchObject({
        code: 'PHONE_INVALID',
        message: 'Geçerli bir cep telefonu numarası girin (5XX XXX XX XX).',
      });
    }
    for (const payload of [{}, { code: '12a456' }, { code: 123456 }]) {
      const res = await post('/api/sms/phone-verification/confirm', u.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res), JSON.stringify(payload)).toMatchObject({
        code: 'PHONE_CODE_INVALID',
        message: 'Doğrulama kodu hatalı.',
      });
    }
  });

  it('locks the code after five wrong attempts', async () => {
    const u = await premiumUser();
    await post('/api/sms/phone-verification', u.token, { phone: '05321112233' });
    const code = /(\d{6})/.exec(netgsm.sent.at(-1)!.msg)![1]!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post('/api/sms/phone-verification/confirm', u.token, { code: wrongCode });
    const locked = await post('/api/sms/phone-verification/confirm', u.token, { code });
    expect(locked.statusCode).toBe(429);
    expect(body(locked).code).toBe('PHONE_CODE_ATTEMPTS');
  });
});

describe("a number's codes, whichever accounts ask", () => {
  /** A new account asks for a code to `phone` (each account may ask once a minute on its own). */
  async function ask(phone: string) {
    const { token, user } = await registerUser(t.app);
    return { res: await post('/api/sms/phone-verification', token, { phone }), userId: user._id };
  }
  const sentTo = (no: string) => netgsm.sent.filter((m) => m.no === no).length;
  /** Moves the code events of `userIds` back by `minutes` (the clock the caps count by). */
  const age = (userIds: string[], minutes: number) =>
    t.db.db.execute(
      sql`update analytics_events set created_at = created_at - make_interval(mins => ${minutes})
           where type = 'phone_code_sent' and user_id in (${sql.join(
             userIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
    );
  const capped = (res: Awaited<ReturnType<typeof ask>>['res']) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(body(res)).toMatchObject({
      code: 'PHONE_NUMBER_CODE_LIMIT',
      message: 'Bu numaraya çok fazla doğrulama kodu gönderildi. Lütfen daha sonra tekrar deneyin.',
    });
  };

  it('sends one number at most 3 codes an hour and 10 a day; other numbers are not held back', async () => {
    const asked: string[] = [];
    const sendOk = async (phone: string) => {
      const { res, userId } = await ask(phone);
      expect(res.statusCode, res.body).toBe(200);
      asked.push(userId);
    };
    for (let i = 0; i < 3; i++) await sendOk('0544 100 00 01');
    capped((await ask('0544 100 00 01')).res);
    expect(sentTo('905441000001')).toBe(3);
    await sendOk('0544 100 00 02');

    // An hour later three more, twice; then the day's tenth, and no eleventh however long the hour.
    for (let round = 0; round < 2; round++) {
      await age(asked, 61);
      for (let i = 0; i < 3; i++) await sendOk('0544 100 00 01');
      capped((await ask('0544 100 00 01')).res);
    }
    await age(asked, 61);
    await sendOk('0544 100 00 01');
    await age(asked, 61);
    capped((await ask('0544 100 00 01')).res);
    expect(sentTo('905441000001')).toBe(10);
    // A day after the first ones, room again.
    await age(asked, 24 * 60 - 4 * 61 + 1);
    await sendOk('0544 100 00 01');
    expect(sentTo('905441000001')).toBe(11);
    // The event log keeps a digest, not the number.
    expect(
      await rows(t.db.db, sql`select 1 from analytics_events where data::text like ${'%5441000001%'}`),
    ).toHaveLength(0);
  });

  it("lets only one of parallel requests take a number's last slot", async () => {
    for (let i = 0; i < 2; i++) expect((await ask('0544 100 00 03')).res.statusCode).toBe(200);
    const accounts = await Promise.all(Array.from({ length: 6 }, () => registerUser(t.app)));
    const answers = await Promise.all(
      accounts.map((a) => post('/api/sms/phone-verification', a.token, { phone: '05441000003' })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    for (const r of answers.filter((a) => a.statusCode === 429)) capped(r);
    expect(sentTo('905441000003')).toBe(3);
  });

  it('gives the number its slot back when the gateway refuses the SMS', async () => {
    expect((await ask('0544 100 00 04')).res.statusCode).toBe(200);
    netgsm.answer({ status: 503, code: '' });
    try {
      for (let i = 0; i < 3; i++) {
        const { res } = await ask('0544 100 00 04');
        expect(res.statusCode).toBe(503);
        expect(body(res).code).toBe('SMS_SEND_FAILED');
      }
    } finally {
      netgsm.answer({ status: 200, code: '00' });
    }
    expect((await ask('0544 100 00 04')).res.statusCode).toBe(200);
    expect((await ask('0544 100 00 04')).res.statusCode).toBe(200);
    capped((await ask('0544 100 00 04')).res);
    expect(sentTo('905441000004')).toBe(3);
  });
});

describe('SMS notifications', () => {
  it('go to the verified number through Netgsm', async () => {
    const u = await premiumUser();
    await verifyPhone(u.token, '+90 533 000 11 22');
    const before = netgsm.sent.length;
    const p = await alertFires(u.id, 3);
    const r = await deliverDueNotifications(t.db.db, channelSenders(t.app));
    expect(r.sent).toBeGreaterThanOrEqual(1);
    const mine = netgsm.sent.slice(before).filter((m) => m.no === '905330001122');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.msg).toContain('Fiyat alarmınız tetiklendi');
    expect(mine[0]!.msg).toContain(`/product/${p.id}`);
    expect(await smsDelivery(u.id)).toMatchObject({ status: 'sent' });
  });

  it('are skipped without a verified number, or once the profile has another number', async () => {
    const never = await premiumUser();
    const changed = await premiumUser();
    await verifyPhone(changed.token, '05350001122');
    await t.db.db.execute(sql`update users set phone = '0535 999 88 77' where id = ${changed.id}::uuid`);
    await alertFires(never.id, 5);
    await alertFires(changed.id, 6);
    const before = netgsm.sent.length;
    await deliverDueNotifications(t.db.db, channelSenders(t.app));
    expect(netgsm.sent.length).toBe(before);
    expect(await smsDelivery(never.id)).toMatchObject({ status: 'skipped', last_error: 'no verified phone number' });
    expect(await smsDelivery(changed.id)).toMatchObject({ status: 'skipped' });
  });

  it('are retried while the gateway is down, and given up on a credentials error', async () => {
    const down = await premiumUser();
    await verifyPhone(down.token, '05361112233');
    await alertFires(down.id, 8);
    netgsm.answer({ status: 503, code: '' });
    await deliverDueNotifications(t.db.db, channelSenders(t.app));
    expect(await smsDelivery(down.id)).toMatchObject({ status: 'pending', attempts: 1 });
    netgsm.answer({ status: 200, code: '30' });
    await deliverDueNotifications(t.db.db, channelSenders(t.app), { now: new Date(Date.now() + 60_000) });
    expect(await smsDelivery(down.id)).toMatchObject({ status: 'failed', attempts: 2 });
    netgsm.answer({ status: 200, code: '00' });
  });
});
