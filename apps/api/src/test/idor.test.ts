import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '@kiyasla/contracts/auth';
import { notifications } from '../db/schema/notifications';
import { pushSubscriptions } from '../db/schema/notification-deliveries';
import { payments } from '../db/schema/payments';
import { priceAlerts } from '../db/schema/price-alerts';
import { products } from '../db/schema/products';
import { savedComparisons } from '../db/schema/saved-comparisons';
import { bearer, body, registerUser } from './accounts';
import { useTestApp } from './app';
import { registerPremiumUser } from './premium';

/*
 * IDOR (OWASP API1, broken object-level authorisation): for every kind of thing a user owns,
 * user B can neither read, change nor delete user A's — not by its id in the path, not by a
 * filter in the query, not by naming A in the body. After each attempt A's row is checked
 * unchanged in the database, so a refusal that still wrote is caught too.
 */

const t = useTestApp();
let a: AuthSession;
let b: AuthSession;
let productIds: string[];

beforeAll(async () => {
  a = await registerPremiumUser(t);
  b = await registerPremiumUser(t);
  productIds = (await t.db.db.select({ id: products.id }).from(products).limit(3)).map((p) => p.id);
});

function asB(method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(b.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
function asA(method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(a.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** B's attempt was refused as "not found" (404), in the error format: nothing says the thing exists. */
function expectNotFound(res: Awaited<ReturnType<typeof asB>>) {
  expect(res.statusCode, res.body).toBe(404);
  expect(body(res)).toMatchObject({ success: false, code: expect.any(String) });
}

/** The ids anywhere in a response body. */
const idsIn = (res: Awaited<ReturnType<typeof asB>>) => res.body;

describe('IDOR: favorites', () => {
  it('B cannot see, check or remove A’s favorite', async () => {
    const productId = productIds[0]!;
    expect((await asA('POST', `/api/favorites/${productId}`)).statusCode).toBe(201);

    for (const url of ['/api/favorites', `/api/favorites?userId=${a.user._id}`, `/api/favorites?user=${a.user._id}`]) {
      const list = await asB('GET', url);
      expect([200, 400]).toContain(list.statusCode);
      expect(idsIn(list)).not.toContain(productId);
    }
    const check = await asB('GET', `/api/favorites/check/${productId}`);
    expect(body<{ data: { isFavorite: boolean } }>(check).data.isFavorite).toBe(false);
    expectNotFound(await asB('DELETE', `/api/favorites/${productId}`));
    await asB('DELETE', '/api/favorites', { userId: a.user._id });
    await asB('DELETE', `/api/favorites?userId=${a.user._id}`);

    const mine = await asA('GET', `/api/favorites/check/${productId}`);
    expect(body<{ data: { isFavorite: boolean } }>(mine).data.isFavorite).toBe(true);
  });

  it('B adding a favorite “for A” adds it to B', async () => {
    const productId = productIds[1]!;
    const res = await asB('POST', `/api/favorites/${productId}`, { userId: a.user._id, user: a.user._id });
    expect(res.statusCode).toBe(201);
    const forA = await asA('GET', `/api/favorites/check/${productId}`);
    expect(body<{ data: { isFavorite: boolean } }>(forA).data.isFavorite).toBe(false);
  });
});

describe('IDOR: price alerts', () => {
  it('B cannot list, read, change, switch off or delete A’s alert', async () => {
    const created = await asA('POST', '/api/alerts', { product: productIds[0], targetPrice: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const alertId = body<{ data: { _id: string } }>(created).data._id;
    const [before] = await t.db.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));

    for (const url of ['/api/alerts', `/api/alerts?userId=${a.user._id}`, '/api/alerts?status=all']) {
      const list = await asB('GET', url);
      expect(idsIn(list)).not.toContain(alertId);
    }
    const check = await asB('GET', `/api/alerts/check/${productIds[0]}`);
    expect(body<{ data: { hasAlert: boolean } }>(check).data.hasAlert).toBe(false);
    expectNotFound(await asB('PUT', `/api/alerts/${alertId}`, { targetPrice: 1 }));
    expectNotFound(await asB('PATCH', `/api/alerts/${alertId}/toggle`));
    expectNotFound(await asB('DELETE', `/api/alerts/${alertId}`));

    const [after] = await t.db.db.select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(after).toEqual(before);
  });

  it('B setting an alert with A named in the body sets it for B', async () => {
    const res = await asB('POST', '/api/alerts', {
      product: productIds[2],
      targetPrice: 10,
      userId: a.user._id,
      user: a.user._id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.id, body<{ data: { _id: string } }>(res).data._id));
    expect(row?.userId).toBe(b.user._id);
  });
});

describe('IDOR: notifications', () => {
  it('B cannot list, mark read or delete A’s notification, not even with “read all”', async () => {
    const [note] = await t.db.db
      .insert(notifications)
      .values({ userId: a.user._id, type: 'system', title: 'A’nın bildirimi', message: 'Yalnızca A görür' })
      .returning();
    for (const url of ['/api/notifications', `/api/notifications?userId=${a.user._id}`]) {
      const list = await asB('GET', url);
      expect(idsIn(list)).not.toContain(note!.id);
    }
    expectNotFound(await asB('PATCH', `/api/notifications/${note!.id}/read`));
    expectNotFound(await asB('DELETE', `/api/notifications/${note!.id}`));
    await asB('PATCH', '/api/notifications/read-all', { userId: a.user._id });

    const [after] = await t.db.db.select().from(notifications).where(eq(notifications.id, note!.id));
    expect(after).toEqual(note);
    expect(idsIn(await asA('GET', '/api/notifications'))).toContain(note!.id);
  });
});

describe('IDOR: saved comparisons', () => {
  it('B cannot read, change or delete A’s private comparison, nor find it in a list', async () => {
    const created = await asA('POST', '/api/comparisons', {
      name: 'A’nın gizli karşılaştırması',
      productIds: productIds.slice(0, 2),
      isPublic: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = body<{ data: { _id: string } }>(created).data._id;
    const [before] = await t.db.db.select().from(savedComparisons).where(eq(savedComparisons.id, id));

    expectNotFound(await asB('GET', `/api/comparisons/${id}`));
    expectNotFound(await asB('PUT', `/api/comparisons/${id}`, { name: 'B değiştirdi', isPublic: true }));
    expectNotFound(await asB('DELETE', `/api/comparisons/${id}`));
    for (const url of ['/api/comparisons', `/api/comparisons?userId=${a.user._id}`, '/api/comparisons/public']) {
      expect(idsIn(await asB('GET', url))).not.toContain(id);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/comparisons/${id}` });
    expect(anonymous.statusCode).toBe(404);

    const [after] = await t.db.db.select().from(savedComparisons).where(eq(savedComparisons.id, id));
    expect(after).toEqual(before);
  });

  it('B’s own comparison cannot be handed to A through the body', async () => {
    const created = await asB('POST', '/api/comparisons', {
      name: 'B’nin',
      productIds: productIds.slice(0, 2),
      userId: a.user._id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = body<{ data: { _id: string } }>(created).data._id;
    await asB('PUT', `/api/comparisons/${id}`, { userId: a.user._id, user: a.user._id });
    const [row] = await t.db.db.select().from(savedComparisons).where(eq(savedComparisons.id, id));
    expect(row?.userId).toBe(b.user._id);
  });
});

describe('IDOR: settings and profile', () => {
  it('B’s settings writes naming A change only B’s settings', async () => {
    const aNotifications = body(await asA('GET', '/api/auth/notification-settings')).data;
    const aPrivacy = body(await asA('GET', '/api/auth/privacy-settings')).data;
    const aMe = body(await asA('GET', '/api/auth/me')).data;

    await asB('PUT', '/api/auth/notification-settings', { userId: a.user._id, email: { enabled: false } });
    await asB('PUT', `/api/auth/notification-settings?userId=${a.user._id}`, { email: { enabled: false } });
    await asB('PUT', '/api/auth/privacy-settings', { userId: a.user._id, profileVisibility: 'private' });
    await asB('PUT', '/api/auth/update-details', {
      firstName: 'Saldırgan',
      lastName: 'B',
      userId: a.user._id,
      _id: a.user._id,
      email: a.user.email,
    });

    expect(body(await asA('GET', '/api/auth/notification-settings')).data).toEqual(aNotifications);
    expect(body(await asA('GET', '/api/auth/privacy-settings')).data).toEqual(aPrivacy);
    expect(body(await asA('GET', '/api/auth/me')).data).toEqual(aMe);
    // …and B is still B.
    const bMe = body<{ data: { _id: string; email: string } }>(await asB('GET', '/api/auth/me')).data;
    expect(bMe).toMatchObject({ _id: b.user._id, email: b.user.email });
  });
});

describe('IDOR: sessions and the export', () => {
  it('B sees only B’s devices and only B’s data', async () => {
    const sessions = await asB('GET', `/api/auth/sessions?userId=${a.user._id}`);
    expect(sessions.statusCode).toBe(200);
    const aSessions = body<{ data: { _id: string }[] }>(await asA('GET', '/api/auth/sessions')).data;
    for (const s of aSessions) expect(sessions.body).not.toContain(s._id);

    const exported = await asB('GET', `/api/auth/export?userId=${a.user._id}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(a.user.email);
    expect(exported.body).not.toContain(a.user._id);
  });
});

describe('IDOR: payments', () => {
  it('B cannot read A’s order, ask a refund of A’s payment, or see A’s payments', async () => {
    const free = await registerUser(t.app);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: bearer(free.token),
      payload: { planId: 'yearly' },
    });
    expect(order.statusCode, order.body).toBe(201);
    const orderId = body<{ data: { orderId: string } }>(order).data.orderId;
    const [before] = await t.db.db.select().from(payments).where(eq(payments.id, orderId));

    expectNotFound(await asB('GET', `/api/payments/orders/${orderId}`));
    const refund = await asB('POST', '/api/payments/refund', { paymentId: orderId });
    expect(refund.statusCode).toBeGreaterThanOrEqual(400);
    expect(refund.statusCode).not.toBe(500);
    expect(refund.body).not.toContain(free.user.email);
    for (const url of ['/api/auth/payments', `/api/auth/payments?userId=${free.user._id}`]) {
      expect(idsIn(await asB('GET', url))).not.toContain(orderId);
    }

    const [after] = await t.db.db.select().from(payments).where(eq(payments.id, orderId));
    expect(after).toEqual(before);
    // The owner does see it.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/payments/orders/${orderId}`, headers: bearer(free.token) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('IDOR: push subscriptions', () => {
  it('B cannot remove A’s browser subscription by naming its endpoint', async () => {
    const endpoint = `https://push.example.test/send/${a.user._id}`;
    await t.db.db.insert(pushSubscriptions).values({
      userId: a.user._id,
      endpoint,
      p256dh: 'B'.repeat(87),
      auth: 'A'.repeat(22),
    });
    expectNotFound(await asB('DELETE', '/api/push/subscriptions', { endpoint }));
    const [row] = await t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row?.userId).toBe(a.user._id);
  });
});
