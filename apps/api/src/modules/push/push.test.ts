import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliverDueNotifications } from '../../jobs/notification-deliveries';
import { consumePriceChanges } from '../../jobs/price-change-consumer';
import { updateNotificationSettings } from '../account/profile.service';
import { bearer, body, registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { importPrices, makeFeedStore, pricedProducts, rows, setAlert, settleAllEvents } from '../../test/price-alerts';
import { channelSenders } from '../notifications/deliveries/channels';
import { pushSender } from './push-sender';
import { PUSH_SUBSCRIPTIONS_PER_USER, subscriptionsOf, upsertSubscription } from './push.repo';
import { vapidKeys } from './vapid';

/**
 * A stand-in push service on 127.0.0.1. It checks the VAPID signature and decrypts the payload
 * (RFC 8291, aes128gcm) with the browser's keys, which the test made with node's ECDH, as a
 * browser would. Paths starting with /gone/ answer 410 (an unsubscribed browser).
 */
interface Received {
  path: string;
  ttl: string | undefined;
  payload: Record<string, unknown>;
  audience: string;
}

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

function decrypt(bodyBytes: Buffer, keys: BrowserKeys): string {
  const salt = bodyBytes.subarray(0, 16);
  const idLength = bodyBytes.readUInt8(20);
  const serverPublic = bodyBytes.subarray(21, 21 + idLength);
  const ciphertext = bodyBytes.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

async function startPushService(vapidPublicKey: string) {
  const received: Received[] = [];
  const keysByPath = new Map<string, BrowserKeys>();
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await read(req);
      const path = req.url ?? '/';
      if (path.startsWith('/gone/')) {
        res.writeHead(410).end();
        return;
      }
      const keys = keysByPath.get(path);
      const auth = /^vapid t=([^,]+), k=(.+)$/.exec(String(req.headers.authorization));
      if (!keys || !auth || req.headers['content-encoding'] !== 'aes128gcm' || auth[2] !== vapidPublicKey) {
        res.writeHead(400).end();
        return;
      }
      // The VAPID JWT must verify with the server's public key (ES256).
      const point = Buffer.from(vapidPublicKey, 'base64url');
      const jwk = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33, 65).toString('base64url'),
        },
        'ES256',
      );
      await jwtVerify(auth[1]!, jwk);
      expect(decodeProtectedHeader(auth[1]!).alg).toBe('ES256');
      received.push({
        path,
        ttl: req.headers.ttl as string | undefined,
        payload: JSON.parse(decrypt(raw, keys)) as Record<string, unknown>,
        audience: String(decodeJwt(auth[1]!).aud),
      });
      res.writeHead(201).end();
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A browser's subscription at this service. */
    browser(path: string) {
      const keys = browserKeys();
      keysByPath.set(path, keys);
      return { endpoint: `${origin}${path}`, expirationTime: null, keys: keys.json };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  // The stand-in is http on 127.0.0.1: only an allow-listed destination gets through the
  // endpoint check (push-endpoint.ts), as on a server with PUSH_FETCH_ALLOW=127.0.0.1.
  t = await createTestApp({ config: { push: { fetchAllow: ['127.0.0.1'] } } });
  push = await startPushService(vapidKeys(t.app.config)!.publicKey);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
});

async function premiumUser() {
  const { token, user } = await registerUser(t.app);
  await t.db.db.execute(
    sql`update users set subscription_plan = 'monthly-premium', subscription_status = 'active',
               subscription_end = now() + interval '30 days' where id = ${user._id}::uuid`,
  );
  await updateNotificationSettings(t.db.db, user._id, { quietHours: { start: '00:00', end: '00:00' } });
  return { token, id: user._id };
}

describe('/api/push', () => {
  it('gives the VAPID public key without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: { publicKey: string } }>(res).data.publicKey).toBe(vapidKeys(t.app.config)!.publicKey);
    expect(Buffer.from(vapidKeys(t.app.config)!.publicKey, 'base64url')).toHaveLength(65);
  });

  it('subscribes and unsubscribes only for the signed-in owner, and refuses non-push endpoints', async () => {
    const owner = await premiumUser();
    const other = await premiumUser();
    const sub = push.browser('/owner-only');
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: sub })).statusCode).toBe(401);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: bearer(owner.token),
      payload: sub,
    });
    expect(created.statusCode).toBe(201);
    expect(body(created).message).toBe('Anlık bildirimler bu tarayıcıda açıldı.');
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: bearer(other.token),
      payload: { endpoint: sub.endpoint },
    });
    expect(theirs.statusCode).toBe(404);
    expect(body(theirs).code).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
    for (const endpoint of ['http://10.0.0.5/push', 'https://192.168.1.1/push', 'file:///etc/passwd']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: bearer(owner.token),
        payload: { ...sub, endpoint },
      });
      expect(refused.statusCode).toBe(400);
    }
    const mine = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: bearer(owner.token),
      payload: { endpoint: sub.endpoint },
    });
    expect(mine.statusCode).toBe(200);
    expect(await rows(t.db.db, sql`select 1 from push_subscriptions where endpoint = ${sub.endpoint}`)).toHaveLength(0);
  });

  it('delivers a triggered alert to the browser, encrypted, and drops a subscription the service says is gone', async () => {
    const shopper = await premiumUser();
    const live = push.browser(`/live-${shopper.id}`);
    const gone = { ...push.browser(`/gone/${shopper.id}`) };
    for (const sub of [live, gone]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: bearer(shopper.token),
        payload: sub,
      });
      expect(res.statusCode).toBe(201);
    }
    const store = await makeFeedStore(t.db.db);
    await settleAllEvents(t.db.db);
    const [p] = await pricedProducts(t.db.db, 1, 7);
    await setAlert(t.db.db, shopper.id, p!.id, p!.lowest - 1_000);
    await importPrices(t.db.db, store, [{ productId: p!.id, price: p!.lowest - 2_000 }]);
    await consumePriceChanges(t.db.db);

    const r = await deliverDueNotifications(t.db.db, channelSenders(t.app));
    expect(r.sent).toBeGreaterThanOrEqual(1);
    const mine = push.received.filter((m) => m.path === `/live-${shopper.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({
      title: 'Fiyat alarmınız tetiklendi',
      url: `/product/${p!.id}`,
    });
    expect(String(mine[0]!.payload.body)).toContain('hedef');
    expect(mine[0]!.ttl).toBe('86400');
    expect(mine[0]!.audience).toBe(push.origin);
    // 410: the dead subscription is removed, the live one stays.
    const left = await rows<{ endpoint: string }>(
      t.db.db,
      sql`select endpoint from push_subscriptions where user_id = ${shopper.id}::uuid`,
    );
    expect(left.map((s) => s.endpoint)).toEqual([live.endpoint]);
    const [d] = await rows<{ status: string }>(
      t.db.db,
      sql`select status::text from notification_deliveries where user_id = ${shopper.id}::uuid and channel = 'push'`,
    );
    expect(d!.status).toBe('sent');
  });

  it("pushes to a member's browsers at once, so a send lasts one service's timeout however many there are", async () => {
    const shopper = await premiumUser();
    // A push service that answers nobody until all three of the member's browsers have asked: a
    // sender going one browser after another waits out its timeout on the first and gets nothing.
    const waiting: ServerResponse[] = [];
    const barrier = createServer((req, res) => {
      req.resume();
      waiting.push(res);
      if (waiting.length === 3) for (const held of waiting) held.writeHead(201).end();
    });
    await new Promise<void>((resolve) => barrier.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(barrier.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 3; i++) {
        const { json } = browserKeys();
        await upsertSubscription(t.db.db, shopper.id, { endpoint: `${origin}/b${i}`, ...json, userAgent: null });
      }
      const send = pushSender({
        db: t.db.db,
        vapid: vapidKeys(t.app.config)!,
        publicUrl: t.app.config.publicUrl,
        log: t.app.log,
        allow: ['127.0.0.1'],
        timeoutMs: 3_000,
      });
      const result = await send({
        deliveryId: 1,
        channel: 'push',
        attempts: 1,
        notification: { id: crypto.randomUUID(), type: 'system', title: 'Duyuru', message: 'Deneme', data: null },
        user: { id: shopper.id, email: 'x@example.com', firstName: 'X', phone: null, phoneVerified: false },
        product: null,
      });
      expect(result).toEqual({ status: 'sent' });
      expect(waiting).toHaveLength(3);
      const reached = await rows<{ n: number }>(
        t.db.db,
        sql`select count(*)::int as n from push_subscriptions where user_id = ${shopper.id}::uuid and last_success_at is not null`,
      );
      expect(reached[0]!.n).toBe(3);
    } finally {
      await new Promise<void>((resolve) => barrier.close(() => resolve()));
    }
  });

  it('pushes to the ten browsers reached most recently at most', async () => {
    const shopper = await premiumUser();
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_USER + 3; i++) {
      const { json } = browserKeys();
      await upsertSubscription(t.db.db, shopper.id, { endpoint: `${push.origin}/many-${i}`, ...json, userAgent: null });
    }
    expect(await subscriptionsOf(t.db.db, shopper.id)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
  });

  it('marks the push copy skipped when the user has no subscription left', async () => {
    const shopper = await premiumUser();
    const gone = push.browser(`/gone/only-${shopper.id}`);
    await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: bearer(shopper.token),
      payload: gone,
    });
    const store = await makeFeedStore(t.db.db);
    await settleAllEvents(t.db.db);
    const [p] = await pricedProducts(t.db.db, 1, 9);
    await setAlert(t.db.db, shopper.id, p!.id, p!.lowest - 1_000);
    await importPrices(t.db.db, store, [{ productId: p!.id, price: p!.lowest - 2_000 }]);
    await consumePriceChanges(t.db.db);
    await deliverDueNotifications(t.db.db, channelSenders(t.app));
    const [d] = await rows<{ status: string; last_error: string }>(
      t.db.db,
      sql`select status::text, last_error from notification_deliveries where user_id = ${shopper.id}::uuid and channel = 'push'`,
    );
    expect(d).toMatchObject({ status: 'skipped' });
    expect(await rows(t.db.db, sql`select 1 from push_subscriptions where user_id = ${shopper.id}::uuid`)).toHaveLength(
      0,
    );
  });
});

describe('/api/push: only public push services are reached (SSRF)', () => {
  /** What a subscription's browser would send, at another endpoint. */
  const keys = () => browserKeys().json;

  it("refuses each endpoint of the audit's report at subscription, with its code and message", async () => {
    const shopper = await premiumUser();
    const audited = [
      'https://LOCALHOST.:9443/x',
      'https://foo.localhost:3200/',
      'https://127.0.0.1.nip.io:3200/',
      'https://169.254.169.254.nip.io/',
      'https://kubernetes.default.svc/',
      'https://metadata.google.internal./',
      'https://db.corp.example:5432/',
      // The stand-in's own address, but not as the allow-list names it (another loopback address).
      'http://127.0.0.2:8080/x',
    ];
    for (const endpoint of audited) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: bearer(shopper.token),
        payload: { endpoint, expirationTime: null, keys: keys() },
      });
      expect({ endpoint, status: res.statusCode }).toEqual({ endpoint, status: 400 });
      expect(body(res)).toMatchObject({
        code: 'PUSH_ENDPOINT_REFUSED',
        message: 'Bu tarayıcının bildirim adresi kabul edilmedi.',
      });
    }
    expect(await rows(t.db.db, sql`select 1 from push_subscriptions where user_id = ${shopper.id}::uuid`)).toHaveLength(
      0,
    );
  });

  it('still accepts the real push services', async () => {
    const shopper = await premiumUser();
    for (const endpoint of [
      `https://fcm.googleapis.com/fcm/send/${shopper.id}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${shopper.id}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${shopper.id}`,
      `https://web.push.apple.com/${shopper.id}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: bearer(shopper.token),
        payload: { endpoint, expirationTime: null, keys: keys() },
      });
      expect({ endpoint, status: res.statusCode }).toEqual({ endpoint, status: 201 });
    }
    await t.db.db.execute(sql`delete from push_subscriptions where user_id = ${shopper.id}::uuid`);
  });

  /** A sender as channels.ts makes it, with a resolver that knows only `names` and a recording log. */
  function sender(options: { allow?: string[]; names?: Record<string, string[]> }) {
    const asked: string[] = [];
    const log = { warn: vi.fn() };
    const send = pushSender({
      db: t.db.db,
      vapid: vapidKeys(t.app.config)!,
      publicUrl: t.app.config.publicUrl,
      log,
      allow: options.allow ?? [],
      timeoutMs: 3_000,
      resolve: async (hostname) => {
        asked.push(hostname);
        const addresses = options.names?.[hostname];
        if (!addresses) throw Object.assign(new Error(`${hostname} is not a test name`), { code: 'ENOTFOUND' });
        return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      },
    });
    return { send, asked, log };
  }

  const systemNotice = (userId: string) => ({
    deliveryId: 1,
    channel: 'push' as const,
    attempts: 1,
    notification: { id: crypto.randomUUID(), type: 'system' as const, title: 'Duyuru', message: 'Deneme', data: null },
    user: { id: userId, email: 'x@example.com', firstName: 'X', phone: null, phoneVerified: false },
    product: null,
  });

  const endpointsOf = async (userId: string) =>
    (
      await rows<{ endpoint: string }>(
        t.db.db,
        sql`select endpoint from push_subscriptions where user_id = ${userId}::uuid order by endpoint`,
      )
    ).map((r) => r.endpoint);

  it('does not POST to a push service whose name resolves to a private address, and removes it', async () => {
    const shopper = await premiumUser();
    // Names that pass the subscription check (https, port 443, a public-looking name): only the
    // address they resolve to gives them away. One answers with a mix (DNS rebinding).
    const privateName = `https://push.rebind.test/send/${shopper.id}`;
    const mixedName = `https://mixed.rebind.test/send/${shopper.id}`;
    for (const endpoint of [privateName, mixedName]) {
      await upsertSubscription(t.db.db, shopper.id, { endpoint, ...keys(), userAgent: null });
    }
    const { send, asked, log } = sender({
      names: { 'push.rebind.test': ['10.0.0.5'], 'mixed.rebind.test': ['93.184.216.34', '127.0.0.1'] },
    });
    const result = await send(systemNotice(shopper.id));
    expect(result).toMatchObject({ status: 'skipped' });
    expect(asked.sort()).toEqual(['mixed.rebind.test', 'push.rebind.test']);
    expect(await endpointsOf(shopper.id)).toEqual([]);
    expect(log.warn).toHaveBeenCalledTimes(2);
    const reasons = log.warn.mock.calls.map(([fields]) => (fields as { reason: string }).reason).sort();
    expect(reasons).toEqual(['mixed.rebind.test resolves to 127.0.0.1', 'push.rebind.test resolves to 10.0.0.5']);
  });

  it('does not POST to endpoints saved before the check (the stand-in unlisted, another port), and removes them', async () => {
    const shopper = await premiumUser();
    // A row the old check let in outside production (http on loopback), and one it let in anywhere.
    const legacy = push.browser(`/legacy-${shopper.id}`);
    await upsertSubscription(t.db.db, shopper.id, { endpoint: legacy.endpoint, ...legacy.keys, userAgent: null });
    const otherPort = `https://db.corp.example:5432/${shopper.id}`;
    await upsertSubscription(t.db.db, shopper.id, { endpoint: otherPort, ...keys(), userAgent: null });
    // No allow-list: a production server's sender.
    const { send, asked, log } = sender({ names: { 'db.corp.example': ['93.184.216.34'] } });
    const result = await send(systemNotice(shopper.id));
    expect(result).toMatchObject({ status: 'skipped' });
    expect(push.received.filter((m) => m.path === `/legacy-${shopper.id}`)).toHaveLength(0);
    expect(asked).toEqual([]);
    expect(await endpointsOf(shopper.id)).toEqual([]);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('delivers to an allow-listed stand-in named by host, connecting to the address the lookup judged', async () => {
    const shopper = await premiumUser();
    const port = new URL(push.origin).port;
    const sub = push.browser(`/named-${shopper.id}`);
    const endpoint = `http://pushstand.test:${port}/named-${shopper.id}`;
    await upsertSubscription(t.db.db, shopper.id, { endpoint, ...sub.keys, userAgent: null });
    const { send, asked, log } = sender({
      allow: [`pushstand.test:${port}`],
      names: { 'pushstand.test': ['127.0.0.1'] },
    });
    expect(await send(systemNotice(shopper.id))).toEqual({ status: 'sent' });
    expect(asked).toEqual(['pushstand.test']);
    const mine = push.received.filter((m) => m.path === `/named-${shopper.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({ title: 'Duyuru', body: 'Deneme', url: '/notifications' });
    expect(await endpointsOf(shopper.id)).toEqual([endpoint]);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('keeps (and retries) a subscription whose push service cannot be reached for another reason', async () => {
    const shopper = await premiumUser();
    const endpoint = `https://unknown.rebind.test/send/${shopper.id}`;
    await upsertSubscription(t.db.db, shopper.id, { endpoint, ...keys(), userAgent: null });
    const { send, log } = sender({});
    await expect(send(systemNotice(shopper.id))).rejects.toThrow(/not a test name/);
    expect(await endpointsOf(shopper.id)).toEqual([endpoint]);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
