import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '@kiyasla/contracts/auth';
import type { Notification, NotificationCounts } from '@kiyasla/contracts/notifications';
import { onDedupeConflict } from '../../db/schema/notifications';
import { sqlRows } from '../../lib/sql-rows';
import { notifyMember } from '../payments/member-notices';
import { bearer, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { setSettings, useTestApp } from '../../test/app';
import { pruneReadNotifications } from '../../jobs/prune-read-notifications';
import { markAllRead } from './notifications.repo';

const t = useTestApp();

let owner: AuthSession;
let stranger: AuthSession;
let productId: string;

const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, who?: AuthSession) =>
  t.app.inject({ method, url: `/api${url}`, headers: who ? bearer(who.token) : {} });

async function notify(userId: string, type: string, extra: { data?: object; read?: boolean; daysAgo?: number } = {}) {
  const [row] = sqlRows<{ id: string }>(
    await t.db.db.execute(sql`
      insert into notifications (user_id, type, title, message, data, is_read, created_at)
      values (${userId}::uuid, ${type}::notification_type, ${`Başlık ${type}`}, 'Mesaj',
              ${JSON.stringify(extra.data ?? null)}::jsonb, ${extra.read ?? false},
              now() - make_interval(days => ${extra.daysAgo ?? 0}))
      returning id`),
  );
  return row!.id;
}

beforeAll(async () => {
  owner = await registerUser(t.app);
  stranger = await registerUser(t.app);
  const [p] = sqlRows<{ id: string }>(await t.db.db.execute(sql`select id from products order by id limit 1`));
  productId = p!.id;
});

describe('GET /notifications', () => {
  it('needs a session', async () => {
    expect((await call('GET', '/notifications')).statusCode).toBe(401);
    expect((await call('GET', '/notifications/counts')).statusCode).toBe(401);
  });

  it('lists the own notifications newest first, paginated, with prices in TRY, the product and the unread count', async () => {
    await notify(owner.user._id, 'system', { daysAgo: 2, read: true });
    await notify(owner.user._id, 'price_drop', {
      daysAgo: 1,
      data: { productId, oldPrice: 129_900, newPrice: 119_950 },
    });
    await notify(owner.user._id, 'price_alert', { data: { productId, alertId: 'a', newPrice: 100_000 } });
    await notify(stranger.user._id, 'system');

    const res = await call('GET', '/notifications?limit=2', owner);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Notification[]; pagination: object; unreadCount: number }>();
    expect(body.unreadCount).toBe(2);
    expect(body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(body.data.map((n) => n.type)).toEqual(['price_alert', 'price_drop']);
    expect(body.data[1]!.data).toMatchObject({ oldPrice: 1299, newPrice: 1199.5, product: { _id: productId } });
    expect(body.data[1]!.data.product!.name).toBeTruthy();

    const price = (await call('GET', '/notifications?type=price', owner)).json<{ data: Notification[] }>();
    expect(price.data.map((n) => n.type).sort()).toEqual(['price_alert', 'price_drop']);
    const system = (await call('GET', '/notifications?type=system,promotion', owner)).json<{ data: Notification[] }>();
    expect(system.data.map((n) => n.type)).toEqual(['system']);
    expect((await call('GET', '/notifications?type=bilinmeyen', owner)).statusCode).toBe(400);
  });

  it('counts unread notifications and armed alerts for the header (alerts: 0 while the feature is off)', async () => {
    const premium = await loginAs(t.app, DEMO_ACCOUNTS.premium.email, DEMO_ACCOUNTS.premium.password);
    const counts = (await call('GET', '/notifications/counts', premium)).json<{ data: NotificationCounts }>().data;
    const [armed] = sqlRows<{ n: number }>(
      await t.db.db.execute(sql`select count(*)::int as n from price_alerts
         where user_id = ${premium.user._id}::uuid and is_active and not triggered`),
    );
    expect(counts.activeAlerts).toBe(Number(armed!.n));
    expect(counts.activeAlerts).toBeGreaterThan(0);
    expect(counts.unread).toBeGreaterThanOrEqual(0);
    await setSettings(t, 'features', { enablePriceAlerts: false });
    try {
      expect((await call('GET', '/notifications/counts', premium)).json()).toMatchObject({
        data: { activeAlerts: 0 },
      });
    } finally {
      await setSettings(t, 'features', { enablePriceAlerts: true });
    }
  });
});

describe('changing notifications', () => {
  it('marks one read, then all, and deletes; only the owner (404 for anyone else)', async () => {
    const user = await registerUser(t.app);
    const a = await notify(user.user._id, 'system');
    const b = await notify(user.user._id, 'price_drop');
    const c = await notify(user.user._id, 'promotion');

    for (const [method, url] of [
      ['PATCH', `/notifications/${a}/read`],
      ['DELETE', `/notifications/${a}`],
    ] as const) {
      const res = await call(method, url, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND' });
    }
    expect((await call('PATCH', '/notifications/yok/read', user)).statusCode).toBe(404);
    // The stranger's read-all does not touch them.
    await call('PATCH', '/notifications/read-all', stranger);

    expect((await call('PATCH', `/notifications/${a}/read`, user)).statusCode).toBe(200);
    expect((await call('GET', '/notifications/counts', user)).json()).toMatchObject({ data: { unread: 2 } });
    expect((await call('PATCH', '/notifications/read-all', user)).json()).toMatchObject({ data: { updated: 2 } });
    expect((await call('GET', '/notifications/counts', user)).json()).toMatchObject({ data: { unread: 0 } });

    expect((await call('DELETE', `/notifications/${b}`, user)).json()).toMatchObject({ data: { _id: b } });
    expect((await call('DELETE', `/notifications/${b}`, user)).statusCode).toBe(404);
    const left = (await call('GET', '/notifications', user)).json<{ data: Notification[] }>().data;
    expect(left.map((n) => n._id).sort()).toEqual([a, c].sort());
  });

  it('read-all answers the count the web app is told, and the database sends back one row however many changed', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    await t.db.db.execute(sql`
      insert into notifications (user_id, type, title, message, created_at)
      select ${user.user._id}::uuid, 'system', 'Duyuru ' || i, 'Mesaj', now() - make_interval(days => i)
        from generate_series(1, 40) as i`);
    await notify(user.user._id, 'system', { read: true });
    for (let i = 0; i < 3; i++) await notify(other.user._id, 'price_drop');

    // What the statement sends back: one row, the count, not one row per notification.
    const returned: number[] = [];
    const db = new Proxy(t.db.db, {
      get: (target, prop, receiver) =>
        prop === 'execute'
          ? async (query: SQL) => {
              const result = await target.execute(query);
              returned.push(sqlRows(result).length);
              return result;
            }
          : Reflect.get(target, prop, receiver),
    });
    expect(await markAllRead(db, user.user._id)).toBe(40);
    expect(returned).toEqual([1]);
    expect((await call('GET', '/notifications/counts', user)).json()).toMatchObject({ data: { unread: 0 } });
    expect((await call('GET', '/notifications/counts', other)).json()).toMatchObject({ data: { unread: 3 } });

    // The web app's call (PATCH, the body unread): 200, the count and the message; the badge clears.
    const res = await call('PATCH', '/notifications/read-all', other);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { updated: 3 }, message: expect.any(String) });
    expect((await call('GET', '/notifications/counts', other)).json()).toMatchObject({ data: { unread: 0 } });
    expect((await call('PATCH', '/notifications/read-all', other)).json()).toMatchObject({ data: { updated: 0 } });
  });

  it('prunes read notifications after 90 days, never unread ones', async () => {
    const user = await registerUser(t.app);
    const oldRead = await notify(user.user._id, 'system', { read: true, daysAgo: 91 });
    const oldUnread = await notify(user.user._id, 'system', { daysAgo: 120 });
    const recentRead = await notify(user.user._id, 'system', { read: true, daysAgo: 10 });
    await pruneReadNotifications(t.db.db);
    const left = (await call('GET', '/notifications', user)).json<{ data: Notification[] }>().data;
    expect(left.map((n) => n._id).sort()).toEqual([oldUnread, recentRead].sort());
    expect(left.map((n) => n._id)).not.toContain(oldRead);
  });
});

describe('the idempotency key', () => {
  it('is unique through its digest: ON CONFLICT on it and drizzle’s onConflictDoNothing write a key once', async () => {
    const user = await registerUser(t.app);
    const key = `test:${user.user._id}:a`;
    const insert = (k: string) =>
      t.db.db.execute(sql`
        insert into notifications (user_id, type, title, message, dedupe_key)
        values (${user.user._id}::uuid, 'system', 'Başlık', 'Mesaj', ${k})
        ${onDedupeConflict} do nothing
        returning id`);
    expect(sqlRows(await insert(key))).toHaveLength(1);
    expect(sqlRows(await insert(key))).toHaveLength(0);
    expect(sqlRows(await insert(`${key}b`))).toHaveLength(1);
    // Without a conflict clause a second copy is refused.
    await expect(
      t.db.db.execute(sql`
        insert into notifications (user_id, type, title, message, dedupe_key)
        values (${user.user._id}::uuid, 'system', 'Başlık', 'Mesaj', ${key})`),
    ).rejects.toThrow();
    // The payments' notices insert through drizzle without naming the target.
    for (let i = 0; i < 2; i++) {
      await t.db.db.transaction((tx) =>
        notifyMember(tx, user.user._id, `${key}:member`, { title: 'Başlık', message: 'Mesaj' }),
      );
    }
    // Without a key, any number.
    await notify(user.user._id, 'system');
    await notify(user.user._id, 'system');
    const [counts] = sqlRows<{ keyed: number; unkeyed: number }>(
      await t.db.db.execute(sql`
        select count(dedupe_key)::int as keyed, count(*) filter (where dedupe_key is null)::int as unkeyed
          from notifications where user_id = ${user.user._id}::uuid`),
    );
    expect(counts).toEqual({ keyed: 3, unkeyed: 2 });
  });
});
