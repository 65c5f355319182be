import { describe, expect, it } from 'vitest';
import { percentChange, type AdminStats } from '@kiyasla/contracts/admin-stats';
import { payments } from '../../../db/schema/payments';
import { users } from '../../../db/schema/users';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';
import { getAdminStats, monthBounds } from './admin-stats.service';

const t = useTestApp();

async function stats(email: string, password: string) {
  const { token } = await loginAs(t.app, email, password);
  return t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) });
}

describe('monthBounds', () => {
  it('starts months at midnight in Turkey (UTC+3)', () => {
    // 2026-03-31 22:30 UTC is already April 1st in Turkey.
    const b = monthBounds(new Date('2026-03-31T22:30:00Z'));
    expect(b.thisMonthStart.toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(b.lastMonthStart.toISOString()).toBe('2026-02-28T21:00:00.000Z');
    // January's previous month is last year's December.
    expect(monthBounds(new Date('2026-01-15T12:00:00Z')).lastMonthStart.toISOString()).toBe('2025-11-30T21:00:00.000Z');
  });
});

describe('percentChange', () => {
  it('compares with the previous period, null when there is none', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(4, 0)).toBeNull();
  });
});

describe('GET /api/admin/stats', () => {
  it('counts users, products and reviews as the database holds them, with the latest 5 users', async () => {
    const fresh = await registerUser(t.app, { firstName: 'Panel', lastName: 'Yeni' });
    const res = await stats(DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password);
    expect(res.statusCode, res.body).toBe(200);
    const data = body<{ data: AdminStats }>(res).data;

    const db = t.db.db;
    const open = (await db.select().from(users)).filter((u) => u.deletedAt === null);
    expect(data.users.total).toBe(open.length);
    expect(data.users.active).toBe(open.filter((u) => u.isActive).length);
    expect(data.users.verified).toBe(open.filter((u) => u.emailVerified).length);
    expect(data.users.premium).toBe(
      open.filter((u) => u.subscriptionPlan !== 'free' && u.subscriptionStatus === 'active').length,
    );
    expect(data.products.total).toBeGreaterThan(0);
    expect(data.products.active).toBeLessThanOrEqual(data.products.total);
    expect(data.products.withOffers).toBeLessThanOrEqual(data.products.total);
    expect(data.reviews.pending).toBeLessThanOrEqual(data.reviews.total);

    // People's names and e-mails are the admins' business (ADR 016): a moderator gets none.
    expect(data.recentUsers).toBeNull();
    const asAdmin = body<{ data: AdminStats }>(
      await stats(DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password),
    ).data;
    expect(asAdmin.recentUsers).toHaveLength(5);
    expect(asAdmin.recentUsers![0]!._id).toBe(fresh.user._id);
    expect(JSON.stringify(asAdmin.recentUsers)).not.toMatch(/password/i);
  });

  it('sums completed payments by plan and by month, and computes the trend from them', async () => {
    const now = new Date('2026-06-15T09:00:00Z');
    const before = await getAdminStats({ db: t.db.db }, { role: 'admin' }, now);
    const [user] = await t.db.db.select({ id: users.id }).from(users).limit(1);
    let ref = 0;
    const pay = (plan: 'monthly-premium' | 'yearly-premium', amount: number, at: string, status = 'completed') => ({
      userId: user!.id,
      provider: 'demo',
      plan,
      amount,
      status: status as 'completed',
      providerRef: `stats-${++ref}`,
      createdAt: new Date(at),
    });
    await t.db.db
      .insert(payments)
      .values([
        pay('monthly-premium', 2999, '2026-06-02T10:00:00Z'),
        pay('yearly-premium', 33750, '2026-06-10T10:00:00Z'),
        pay('monthly-premium', 2999, '2026-05-20T10:00:00Z'),
        pay('monthly-premium', 2999, '2026-06-03T10:00:00Z', 'refunded'),
        pay('monthly-premium', 2999, '2026-06-04T10:00:00Z', 'pending'),
      ]);
    const after = await getAdminStats({ db: t.db.db }, { role: 'admin' }, now);
    expect(after.revenue.monthly - before.revenue.monthly).toBeCloseTo(59.98, 2);
    expect(after.revenue.yearly - before.revenue.yearly).toBeCloseTo(337.5, 2);
    expect(after.revenue.total).toBeCloseTo(after.revenue.monthly + after.revenue.yearly + after.revenue.lifetime, 2);
    expect(after.revenue.received.thisMonth - before.revenue.received.thisMonth).toBeCloseTo(367.49, 2);
    expect(after.revenue.received.lastMonth - before.revenue.received.lastMonth).toBeCloseTo(29.99, 2);
    expect(after.revenue.received.trend).toBe(
      percentChange(after.revenue.received.thisMonth, after.revenue.received.lastMonth),
    );
  });

  it('is for operators only', async () => {
    const res = await stats(DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
  });
});
