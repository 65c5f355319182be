import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_ACTIVITY_LIMIT,
  accountOverviewSchema,
  accountSessionSchema,
  paymentRecordSchema,
  type AccountActivityEvent,
  type AccountOverview,
  type AccountSession,
  type PaymentRecord,
} from '@kiyasla/contracts/account';
import { favorites, payments, priceAlerts, products, reviews, savedComparisons } from '../../db/schema/index';
import { bearer, body, loginAs, registerUser } from '../../test/accounts';
import { useTestApp } from '../../test/app';

const t = useTestApp();

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const at = (iso: string) => new Date(iso);
let productIds: string[];

beforeAll(async () => {
  const rows = await t.db.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id));
  productIds = rows.map((r) => r.id);
  expect(productIds.length).toBeGreaterThan(ACCOUNT_ACTIVITY_LIMIT);
});

/** One row of every kind for `userId`, with fixed dates a day apart (oldest first). */
async function seedActivity(userId: string, offset: number) {
  const [p1, p2, p3] = [productIds[offset]!, productIds[offset + 1]!, productIds[offset + 2]!];
  await t.db.db.insert(favorites).values({ userId, productId: p1, createdAt: at('2031-01-01T10:00:00Z') });
  const [alert] = await t.db.db
    .insert(priceAlerts)
    .values({
      userId,
      productId: p2,
      targetPrice: 90_000,
      priceAtCreation: 100_000,
      triggered: true,
      triggeredAt: at('2031-01-05T10:00:00Z'),
      triggeredPrice: 87_550,
      createdAt: at('2031-01-02T10:00:00Z'),
    })
    .returning();
  // A triggered alert whose price rose meanwhile saves nothing (never a negative amount).
  await t.db.db.insert(priceAlerts).values({
    userId,
    productId: p3,
    targetPrice: 50_000,
    priceAtCreation: 40_000,
    triggered: true,
    triggeredAt: at('2031-01-06T10:00:00Z'),
    triggeredPrice: 45_000,
    createdAt: at('2030-12-20T10:00:00Z'),
  });
  const [comparison] = await t.db.db
    .insert(savedComparisons)
    .values({ userId, name: 'Telefonlar', productIds: [p1, p2, p3], createdAt: at('2031-01-03T10:00:00Z') })
    .returning();
  const [review] = await t.db.db
    .insert(reviews)
    .values({ userId, productId: p1, authorName: 'Deneme K.', rating: 4, createdAt: at('2031-01-04T10:00:00Z') })
    .returning();
  const [payment] = await t.db.db
    .insert(payments)
    .values({
      userId,
      provider: 'demo',
      plan: 'monthly-premium',
      amount: 4_990,
      status: 'completed',
      createdAt: at('2031-01-07T10:00:00Z'),
    })
    .returning();
  return { p1, p2, alert: alert!, comparison: comparison!, review: review!, payment: payment! };
}

describe('signed-in only', () => {
  it('answers 401 to an anonymous caller', async () => {
    for (const url of ['/api/auth/overview', '/api/auth/sessions', '/api/auth/payments']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect(body(res), url).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });
});

describe('GET /api/auth/overview', () => {
  it('counts the account’s rows, sums what triggered alerts saved, and lists its events newest first', async () => {
    const account = await registerUser(t.app);
    const other = await registerUser(t.app);
    const mine = await seedActivity(account.user._id, 0);
    const theirs = await seedActivity(other.user._id, 10);

    const res = await get('/api/auth/overview', account.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data: AccountOverview = accountOverviewSchema.parse(body<{ data: unknown }>(res).data);

    expect(data.counts).toEqual({
      favorites: 1,
      priceAlerts: 2,
      savedComparisons: 1,
      reviews: 1,
      savedAmount: 124.5,
    });
    expect(data.activity.map((e) => e.kind)).toEqual([
      'payment',
      'alert-triggered',
      'alert-triggered',
      'review',
      'comparison',
      'alert',
      'favorite',
      'alert',
      'joined',
    ]);
    const byId = new Map(data.activity.map((e) => [e.id, e]));
    expect(byId.size).toBe(data.activity.length);
    expect(byId.get(`payment-${mine.payment.id}`)).toMatchObject({ plan: 'monthly-premium', amount: 49.9 });
    expect(byId.get(`alert-triggered-${mine.alert.id}`)).toMatchObject({
      date: '2031-01-05T10:00:00.000Z',
      product: { _id: mine.p2, name: expect.any(String) },
      price: 875.5,
    });
    expect(byId.get(`alert-${mine.alert.id}`)).toMatchObject({ targetPrice: 900 });
    expect(byId.get(`comparison-${mine.comparison.id}`)).toMatchObject({ name: 'Telefonlar', productCount: 3 });
    expect(byId.get(`review-${mine.review.id}`)).toMatchObject({ rating: 4, product: { _id: mine.p1 } });
    expect(byId.get(`favorite-${mine.p1}`)).toMatchObject({ date: '2031-01-01T10:00:00.000Z' });
    expect(data.activity.at(-1)).toEqual({ kind: 'joined', id: 'joined', date: expect.any(String) });

    // Another account's rows never appear.
    const theirIds = [theirs.alert.id, theirs.comparison.id, theirs.review.id, theirs.payment.id];
    for (const id of theirIds) expect(res.body).not.toContain(id);

    // The same call gives the same ids.
    const again = accountOverviewSchema.parse(
      body<{ data: unknown }>(await get('/api/auth/overview', account.token)).data,
    );
    expect(again.activity.map((e) => e.id)).toEqual(data.activity.map((e) => e.id));
  });

  it('keeps the newest ACCOUNT_ACTIVITY_LIMIT events, the sign-up last, and counts everything', async () => {
    const account = await registerUser(t.app);
    const total = ACCOUNT_ACTIVITY_LIMIT + 20;
    const start = Date.parse('2031-02-01T00:00:00Z');
    await t.db.db.insert(favorites).values(
      productIds.slice(0, total).map((productId, i) => ({
        userId: account.user._id,
        productId,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const data = accountOverviewSchema.parse(
      body<{ data: unknown }>(await get('/api/auth/overview', account.token)).data,
    );
    expect(data.counts.favorites).toBe(total);
    expect(data.activity).toHaveLength(ACCOUNT_ACTIVITY_LIMIT);
    expect(data.activity.at(-1)?.kind).toBe('joined');
    const favoriteEvents = data.activity.filter(
      (e): e is Extract<AccountActivityEvent, { kind: 'favorite' }> => e.kind === 'favorite',
    );
    expect(favoriteEvents[0]?.product._id).toBe(productIds[total - 1]);
    const dates = favoriteEvents.map((e) => Date.parse(e.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(new Set(data.activity.map((e) => e.id)).size).toBe(ACCOUNT_ACTIVITY_LIMIT);
  });

  it('is empty but for the sign-up on a new account', async () => {
    const account = await registerUser(t.app);
    const data = accountOverviewSchema.parse(
      body<{ data: unknown }>(await get('/api/auth/overview', account.token)).data,
    );
    expect(data.counts).toEqual({ favorites: 0, priceAlerts: 0, savedComparisons: 0, reviews: 0, savedAmount: 0 });
    expect(data.activity).toEqual([{ kind: 'joined', id: 'joined', date: account.user.createdAt }]);
  });
});

describe('GET /api/auth/sessions', () => {
  it('lists the account’s live sessions, newest first, and marks the caller’s', async () => {
    const account = await registerUser(t.app, { password: 'Oturum.Listesi1' });
    const laptop = await loginAs(t.app, account.user.email, 'Oturum.Listesi1');
    const ended = await loginAs(t.app, account.user.email, 'Oturum.Listesi1');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(ended.token) });
    // A refresh rotates the token inside the same session: still one device.
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: laptop.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const other = await registerUser(t.app);

    const res = await get('/api/auth/sessions', laptop.token);
    expect(res.statusCode).toBe(200);
    const sessions: AccountSession[] = accountSessionSchema.array().parse(body<{ data: unknown }>(res).data);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]?.current).toBe(true);
    const created = sessions.map((s) => Date.parse(s.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(res.body).not.toContain(laptop.refreshToken);

    const fromOther = accountSessionSchema
      .array()
      .parse(body<{ data: unknown }>(await get('/api/auth/sessions', other.token)).data);
    expect(fromOther).toHaveLength(1);
    expect(fromOther[0]?.current).toBe(true);
  });
});

describe('GET /api/auth/payments', () => {
  it('lists the account’s payments newest first, in TRY, and nobody else’s', async () => {
    const account = await registerUser(t.app);
    const other = await registerUser(t.app);
    const userId = account.user._id;
    await t.db.db.insert(payments).values([
      { userId, provider: 'demo', plan: 'monthly-premium', amount: 4_990, createdAt: at('2031-03-01T00:00:00Z') },
      {
        userId,
        provider: 'stripe',
        plan: 'yearly-premium',
        amount: 33_750,
        status: 'completed',
        createdAt: at('2031-04-01T00:00:00Z'),
      },
      { userId: other.user._id, provider: 'demo', plan: 'lifetime-premium', amount: 99_900 },
    ]);

    const res = await get('/api/auth/payments', account.token);
    expect(res.statusCode).toBe(200);
    const list: PaymentRecord[] = paymentRecordSchema.array().parse(body<{ data: unknown }>(res).data);
    expect(list.map(({ _id: _, ...rest }) => rest)).toEqual([
      {
        provider: 'stripe',
        plan: 'yearly-premium',
        amount: 337.5,
        currency: 'TRY',
        status: 'completed',
        createdAt: '2031-04-01T00:00:00.000Z',
      },
      {
        provider: 'demo',
        plan: 'monthly-premium',
        amount: 49.9,
        currency: 'TRY',
        status: 'pending',
        createdAt: '2031-03-01T00:00:00.000Z',
      },
    ]);
    const [theirs] = await t.db.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, other.user._id)));
    expect(res.body).not.toContain(theirs!.id);
    expect(body<{ data: unknown[] }>(await get('/api/auth/payments', other.token)).data).toHaveLength(1);
  });
});
