import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { outbox } from '../db/schema/outbox';
import { priceAlerts } from '../db/schema/price-alerts';
import { users } from '../db/schema/users';
import type { MailService } from '../mail/mail.service';
import { sessionCache } from '../modules/auth/session-cache';
import { bearer, body, registerUser } from '../test/accounts';
import { setSettings, useTestApp } from '../test/app';
import { openRenewalOrders } from '../modules/payments/renewals';
import { expireSubscriptions } from './subscription-lifecycle';

const t = useTestApp();
const ctx = { publicUrl: 'http://localhost:3000', siteName: 'Kıyasla' };
const DAY = 86_400_000;

async function setPlan(userId: string, fields: Partial<typeof users.$inferInsert>) {
  await t.db.db.update(users).set(fields).where(eq(users.id, userId));
  sessionCache.clear();
}

async function phones(n: number): Promise<ProductCard[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?category=telefon&limit=${n}` });
  return body<{ data: ProductCard[] }>(res).data;
}

async function mailsTo(kind: string, to: string) {
  return t.db.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), sql`${outbox.payload}->>'to' = ${to}`));
}

describe('subscription expiry', () => {
  it('moves an ended monthly plan to free/expired exactly once, pauses its alerts and keeps favorites and comparisons readable', async () => {
    await setSettings(t, 'features', { maxWishlistItems: 10 });
    const u = await registerUser(t.app);
    const auth = bearer(u.token);
    const now = Date.now();
    await setPlan(u.user._id, {
      subscriptionPlan: 'monthly-premium',
      subscriptionStatus: 'active',
      subscriptionPrice: 2999,
      subscriptionStart: new Date(now - 30 * DAY),
      subscriptionEnd: new Date(now + DAY),
      autoRenew: false,
    });

    // While premium: an alert, 11 favorites (over the free limit of 10), 4 saved comparisons (free: 3).
    const list = await phones(12);
    expect(list).toHaveLength(12);
    const alert = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: auth,
      payload: { product: list[0]!._id, targetPrice: 1 },
    });
    expect(alert.statusCode, alert.body).toBe(201);
    for (const p of list.slice(0, 11)) {
      expect((await t.app.inject({ method: 'POST', url: `/api/favorites/${p._id}`, headers: auth })).statusCode).toBe(
        201,
      );
    }
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/comparisons',
        headers: auth,
        payload: { name: `Karşılaştırma ${i + 1}`, productIds: [list[i]!._id, list[i + 1]!._id] },
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    // Not ended yet: nothing happens.
    expect(await expireSubscriptions(t.db.db, ctx)).not.toContain(u.user._id);

    await setPlan(u.user._id, { subscriptionEnd: new Date(now - 60_000) });
    // Two instances at once, then a third pass: the account is expired by exactly one of them.
    const [a, b] = await Promise.all([expireSubscriptions(t.db.db, ctx), expireSubscriptions(t.db.db, ctx)]);
    const third = await expireSubscriptions(t.db.db, ctx);
    expect([...a, ...b, ...third].filter((id) => id === u.user._id)).toHaveLength(1);
    expect(await mailsTo('email.subscription-expired', u.user.email)).toHaveLength(1);

    const [row] = await t.db.db.select().from(users).where(eq(users.id, u.user._id));
    expect(row).toMatchObject({ subscriptionPlan: 'free', subscriptionStatus: 'expired', autoRenew: false });
    const alerts = await t.db.db.select().from(priceAlerts).where(eq(priceAlerts.userId, u.user._id));
    expect(alerts.map((x) => x.isActive)).toEqual([false]);

    sessionCache.clear();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(JSON.stringify(body(me))).toContain('"isPremium":false');

    // Favorites over the limit stay; none can be added.
    const favs = await t.app.inject({ method: 'GET', url: '/api/favorites', headers: auth });
    expect(body<{ data: unknown[] }>(favs).data).toHaveLength(11);
    const addFav = await t.app.inject({ method: 'POST', url: `/api/favorites/${list[11]!._id}`, headers: auth });
    expect(addFav.statusCode).toBe(403);

    // Saved comparisons over the free limit stay readable; no new one can be saved.
    const saved = await t.app.inject({ method: 'GET', url: '/api/comparisons', headers: auth });
    const page = body<{ data: { data: { _id: string }[] } }>(saved).data.data;
    expect(page).toHaveLength(4);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/comparisons/${page[3]!._id}`, headers: auth })).statusCode,
    ).toBe(200);
    const another = await t.app.inject({
      method: 'POST',
      url: '/api/comparisons',
      headers: auth,
      payload: { name: 'Bir tane daha', productIds: [list[0]!._id, list[5]!._id] },
    });
    expect(another.statusCode).toBe(403);

    // Alerts are premium: the paused one cannot be switched back on, and none can be created.
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: auth,
      payload: { product: list[1]!._id, targetPrice: 1 },
    });
    expect(create.statusCode).toBe(403);
    await setSettings(t, 'features', { maxWishlistItems: 20 });
  });

  it('leaves lifetime plans and still-running plans alone', async () => {
    const life = await registerUser(t.app);
    await setPlan(life.user._id, { subscriptionPlan: 'lifetime-premium', subscriptionEnd: null });
    const running = await registerUser(t.app);
    await setPlan(running.user._id, {
      subscriptionPlan: 'yearly-premium',
      subscriptionEnd: new Date(Date.now() + 100 * DAY),
    });
    const expired = await expireSubscriptions(t.db.db, ctx);
    expect(expired).not.toContain(life.user._id);
    expect(expired).not.toContain(running.user._id);
  });
});

describe('renewal reminders', () => {
  it('reminds a renewing plan 3 days ahead, once per renewal date', async () => {
    const soon = await registerUser(t.app);
    const later = await registerUser(t.app);
    const cancelled = await registerUser(t.app);
    const now = Date.now();
    const renewing = (days: number, autoRenew = true) => ({
      subscriptionPlan: 'monthly-premium' as const,
      subscriptionStatus: 'active' as const,
      subscriptionStart: new Date(now - 28 * DAY),
      subscriptionEnd: new Date(now + days * DAY),
      nextRenewalDate: autoRenew ? new Date(now + days * DAY) : null,
      autoRenew,
    });
    await setPlan(soon.user._id, renewing(2));
    await setPlan(later.user._id, renewing(5));
    await setPlan(cancelled.user._id, renewing(2, false));

    // The e-mails stay in the outbox to be read here (a kick would send them and drop the body).
    const mail = { enqueue: t.app.mail.enqueue.bind(t.app.mail), kick: () => undefined } as unknown as MailService;
    const deps = { db: t.db.db, config: t.app.config, settings: t.app.settings, mail, log: t.app.log };
    await Promise.all([openRenewalOrders(deps), openRenewalOrders(deps)]);
    await openRenewalOrders(deps);
    const mails = await mailsTo('email.renewal-reminder', soon.user.email);
    expect(mails).toHaveLength(1);
    // No card on file: the reminder carries the renewal order's payment link.
    expect(String(mails[0]!.payload.subject)).toMatch(/tarihine kadar yenileyin$/);
    expect(String(mails[0]!.payload.text)).toMatch(/\/api\/payments\/pay\/[0-9a-f-]{36}/);
    expect(await mailsTo('email.renewal-reminder', later.user.email)).toHaveLength(0);
    expect(await mailsTo('email.renewal-reminder', cancelled.user.email)).toHaveLength(0);
  });
});
