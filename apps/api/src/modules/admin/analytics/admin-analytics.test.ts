import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAnalytics, AnalyticsExport } from '@kiyasla/contracts/admin-analytics';
import { sqlRows } from '../../../lib/sql-rows';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';
import { analyticsBounds, analyticsExportLink, getAnalytics, type AnalyticsDeps } from './admin-analytics.service';

const t = useTestApp();
/** 15 June 2027, 15:00 in Turkey: after every row the seed and the test's sign-ins wrote. */
const NOW = new Date('2027-06-15T12:00:00Z');
const OLD = '2025-01-01T00:00:00Z';
let admin: string;
let moderator: string;
let user: string;
let ids: { users: string[]; products: string[]; inactive: string };

const exec = (query: ReturnType<typeof sql>) => t.db.db.execute(query);
const one = async <T>(query: ReturnType<typeof sql>) => sqlRows<T>(await exec(query))[0]!;

beforeAll(async () => {
  admin = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
  moderator = (await loginAs(t.app, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password)).token;
  user = (await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password)).token;

  // Everything the seed wrote moves to an old date; the fixtures below are the only recent rows.
  await exec(sql`delete from analytics_events`);
  await exec(sql`delete from payments`);
  await exec(sql`update users set created_at = ${OLD}::timestamptz,
                   subscription_plan = case when email = ${DEMO_ACCOUNTS.premium.email} then subscription_plan else 'free' end`);
  await exec(sql`update products set created_at = ${OLD}::timestamptz, ratings_count = 0, average_rating = 0`);

  const users = sqlRows<{ id: string }>(
    await exec(sql`select id from users where deleted_at is null order by email limit 4`),
  );
  const products = sqlRows<{ id: string }>(
    await exec(sql`select id from products where is_active order by id limit 5`),
  );
  const inactive = await one<{ id: string }>(sql`select id from products order by id desc limit 1`);
  ids = { users: users.map((u) => u.id), products: products.map((p) => p.id), inactive: inactive.id };
  const [u0, u1, u2, u3] = ids.users;
  const [a, b, c, x, y] = ids.products;

  // Users: two today, one earlier this month, one in the equally long period before (17–31 May).
  await exec(sql`update users set created_at = '2027-06-15T09:00:00Z' where id in (${u0}::uuid, ${u1}::uuid)`);
  await exec(sql`update users set created_at = '2027-06-03T10:00:00Z' where id = ${u2}::uuid`);
  await exec(sql`update users set created_at = '2027-05-20T10:00:00Z' where id = ${u3}::uuid`);
  // Activity: one account used a session this month (the real sessions are all from before it).
  await exec(sql`insert into refresh_sessions (user_id, family_id, token_hash, expires_at, last_used_at, created_at)
                 values (${u0}::uuid, gen_random_uuid(), md5(random()::text), '2027-07-01T00:00:00Z',
                         '2027-06-10T10:00:00Z', '2027-06-10T10:00:00Z')`);
  // Products: two new this month.
  await exec(sql`update products set created_at = '2027-06-05T10:00:00Z' where id in (${a}::uuid, ${b}::uuid)`);
  // Views: A three times and B once this month; C five times in April (outside the month).
  await exec(sql`insert into analytics_events (type, product_id, created_at) values
    ('product_view', ${a}::uuid, '2027-06-10T10:00:00Z'), ('product_view', ${a}::uuid, '2027-06-11T10:00:00Z'),
    ('product_view', ${a}::uuid, '2027-06-12T10:00:00Z'), ('product_view', ${b}::uuid, '2027-06-14T10:00:00Z'),
    ('store_click', ${b}::uuid, '2027-06-14T10:00:00Z')`);
  await exec(sql`insert into analytics_events (type, product_id, created_at)
                 select 'product_view', ${c}::uuid, '2027-04-01T10:00:00Z' from generate_series(1, 5)`);
  // Ratings: Y 4.9 of 10, X 4.9 of 2, C 4.66 of 3; an inactive product's 5.0 does not count.
  await exec(sql`update products set average_rating = 4.9, ratings_count = 10 where id = ${y}::uuid`);
  await exec(sql`update products set average_rating = 4.9, ratings_count = 2 where id = ${x}::uuid`);
  await exec(sql`update products set average_rating = 4.66, ratings_count = 3 where id = ${c}::uuid`);
  await exec(
    sql`update products set average_rating = 5, ratings_count = 9, is_active = false where id = ${ids.inactive}::uuid`,
  );
  // Payments (kuruş): completed today, this month, last month, this year (one at 00:30 on 1 January
  // in Turkey, still 31 December in UTC), last year; a refunded and a pending one never count.
  await exec(sql`insert into payments (user_id, provider, plan, amount, status, completed_at, created_at) values
    (${u0}::uuid, 'demo', 'monthly-premium', 9990, 'completed', '2027-06-15T08:00:00Z', '2027-06-15T08:00:00Z'),
    (${u0}::uuid, 'demo', 'monthly-premium', 14990, 'completed', '2027-06-02T08:00:00Z', '2027-06-02T08:00:00Z'),
    (${u1}::uuid, 'demo', 'monthly-premium', 10000, 'completed', '2027-05-10T08:00:00Z', '2027-05-10T08:00:00Z'),
    (${u1}::uuid, 'demo', 'yearly-premium', 50000, 'completed', '2027-02-01T08:00:00Z', '2027-02-01T08:00:00Z'),
    (${u2}::uuid, 'demo', 'monthly-premium', 100, 'completed', '2026-12-31T21:30:00Z', '2026-12-31T21:30:00Z'),
    (${u2}::uuid, 'demo', 'yearly-premium', 70000, 'completed', '2026-12-31T20:00:00Z', '2026-12-31T20:00:00Z'),
    (${u3}::uuid, 'demo', 'yearly-premium', 100000, 'refunded', '2027-06-10T08:00:00Z', '2027-06-10T08:00:00Z'),
    (${u3}::uuid, 'demo', 'yearly-premium', 100000, 'pending', null, '2027-06-11T08:00:00Z')`);
});

const fakeSystem: Pick<AnalyticsDeps, 'figures' | 'maintenanceActive'> = {
  figures: async () => ({ apiCalls: 120, averageResponseMs: 12.5, errorRate: 0.83, uptimeHours: 50 }),
  maintenanceActive: async () => false,
};
const analytics = (period: 'today' | 'week' | 'month' | 'year') =>
  getAnalytics({ db: t.db.db, jwtSecret: t.app.config.jwtSecret, ...fakeSystem }, period, NOW);

describe('the figures against the fixtures', () => {
  it('month: users, growth, premium share, activity, products, views, ratings and revenue', async () => {
    const totals = await one<{ users: number; products: number }>(
      sql`select (select count(*) from users where deleted_at is null)::int as users, (select count(*) from products)::int as products`,
    );
    const a = await analytics('month');
    const [pa, pb, pc, px, py] = ids.products;
    expect(a.overview).toEqual({ totalUsers: totals.users, totalProducts: totals.products });
    expect(a.userStats).toEqual({
      growthRate: 200, // 3 new this month against 1 in the 14.6 days before
      growthTrend: 'up',
      newUsersInPeriod: 3,
      premiumUsers: 1,
      premiumShare: Math.round((1 / totals.users) * 1000) / 10,
      newUsersToday: 2,
      newUsersThisMonth: 3,
      activeUsers: 1,
    });
    expect(a.productStats.newProductsThisMonth).toBe(2);
    expect(a.productStats.mostViewedProducts.map((p) => [p._id, p.viewCount])).toEqual([
      [pa, 3],
      [pb, 1],
    ]);
    expect(a.productStats.mostViewedProducts[0]!.name).toEqual(expect.any(String));
    expect(a.productStats.topRatedProducts.map((p) => [p._id, p.averageRating, p.ratingsCount])).toEqual([
      [py, 4.9, 10],
      [px, 4.9, 2],
      [pc, 4.7, 3],
    ]);
    expect(a.salesStats).toEqual({
      todayRevenue: 99.9,
      monthlyRevenue: 249.8,
      revenueGrowth: 149.8,
      yearlyRevenue: 850.8,
      periodRevenue: 249.8,
    });
    expect(a.systemStats).toEqual({
      serverStatus: 'online',
      responseTime: 12.5,
      uptime: 50,
      apiCalls: 120,
      errorRate: 0.83,
    });
  });

  it('today and year: the period figures follow the Turkish calendar', async () => {
    const today = await analytics('today');
    expect(today.from).toBe('2027-06-14T21:00:00.000Z');
    expect(today.userStats.newUsersInPeriod).toBe(2);
    expect(today.userStats.growthRate).toBeNull(); // nobody the day before: no invented figure
    expect(today.userStats.growthTrend).toBe('up');
    expect(today.productStats.mostViewedProducts).toEqual([]);
    expect(today.salesStats.periodRevenue).toBe(99.9);
    const year = await analytics('year');
    expect(year.from).toBe('2026-12-31T21:00:00.000Z');
    expect(year.productStats.mostViewedProducts.map((p) => p.viewCount)).toEqual([5, 3, 1]);
    expect(year.salesStats.periodRevenue).toBe(850.8);
  });

  it('week is the last seven days, compared with the seven before', () => {
    const b = analyticsBounds('week', NOW);
    expect(b.periodStart.toISOString()).toBe('2027-06-08T12:00:00.000Z');
    expect(b.previousStart.toISOString()).toBe('2027-06-01T12:00:00.000Z');
  });
});

describe('GET /api/admin/analytics', () => {
  it('answers admins and moderators with month by default and the system block from real requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: bearer(moderator) });
    expect(res.statusCode, res.body).toBe(200);
    const data = body<{ data: AdminAnalytics }>(res).data;
    expect(data.period).toBe('month');
    expect(data.systemStats.serverStatus).toBe('online');
    expect(data.systemStats.apiCalls).toBeGreaterThanOrEqual(3); // the sign-ins before it, at least
    expect(data.systemStats.responseTime).toBeGreaterThan(0);
    expect(data.systemStats.errorRate).toBe(0);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics?period=decade',
      headers: bearer(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ message: 'Dönem bugün, hafta, ay veya yıl olmalıdır' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/analytics', headers: bearer(user) });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the CSV export', () => {
  it('gives a signed link to a UTF-8 CSV with a BOM, semicolons and decimal commas', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/export?period=month&format=csv',
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = body<{ data: AnalyticsExport }>(res).data;
    expect(link.downloadUrl).toMatch(/^\/api\/admin\/analytics\/export\/download\?period=month&expires=\d+&signature=/);

    // Opened in a new tab: no Authorization header.
    const file = await t.app.inject({ method: 'GET', url: link.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="kiyasla-analitik-month-/);
    const bytes = file.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Bölüm;Gösterge;Değer');
    const totalUsers = await one<{ n: number }>(sql`select count(*)::int as n from users where deleted_at is null`);
    expect(lines).toContain(`Genel;Toplam kullanıcı;${totalUsers.n}`);
    // A fraction with a decimal comma (Excel in Turkey), not a point.
    const share = lines.find((l) => l.startsWith('Kullanıcılar;Premium oranı (%);'));
    expect(share).toMatch(/^Kullanıcılar;Premium oranı \(%\);\d+(,\d+)?$/);
    expect(lines.filter((l) => /;\d+\.\d+$/.test(l))).toEqual([]);
    expect(lines.at(-1)).toBe('');
    // Turkish letters survive as UTF-8 bytes.
    expect(bytes.includes(Buffer.from('Kullanıcılar', 'utf8'))).toBe(true);
  });

  it('refuses an expired, altered or re-targeted link', async () => {
    const secret = t.app.config.jwtSecret;
    const expired = analyticsExportLink(secret, 'month', Date.now() - 6 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: expired.downloadUrl })).statusCode).toBe(403);

    const fresh = analyticsExportLink(secret, 'month');
    const altered = fresh.downloadUrl.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`);
    const refused = await t.app.inject({ method: 'GET', url: altered });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 'EXPORT_LINK_INVALID' });
    const otherPeriod = fresh.downloadUrl.replace('period=month', 'period=year');
    expect((await t.app.inject({ method: 'GET', url: otherPeriod })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: fresh.downloadUrl })).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('serves the same request counters in the Prometheus text format to loopback or with the token', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/kiyasla_api_requests_total\{method="GET",status="2xx",app="kiyasla"\} \d+/);
    expect(res.body).toContain('kiyasla_api_request_duration_seconds_bucket');
    expect(res.body).toMatch(/kiyasla_maintenance_mode\{app="kiyasla"\} 0/);
    expect(res.body).toContain('kiyasla_uptime_seconds');

    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
  });

  it("counts the product page cache's misses and hits", async () => {
    const [row] = sqlRows<{ id: string }>(await t.db.db.execute(sql`select id from products where is_active limit 1`));
    const lookups = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const value = (outcome: string) =>
        Number(
          new RegExp(
            `kiyasla_read_cache_lookups_total\\{cache="product_detail",outcome="${outcome}",app="kiyasla"\\} (\\d+)`,
          ).exec(text)?.[1] ?? 'NaN',
        );
      expect(text).toMatch(/kiyasla_read_cache_entries\{cache="product_detail",app="kiyasla"\} \d+/);
      return { hit: value('hit'), miss: value('miss') };
    };
    const before = await lookups();
    // A product no earlier test of this file asked for: the first read loads it, the second is a hit.
    await t.app.inject({ method: 'GET', url: `/api/products/${row!.id}` });
    await t.app.inject({ method: 'GET', url: `/api/products/${row!.id}` });
    const after = await lookups();
    expect(after.miss - before.miss).toBe(1);
    expect(after.hit - before.hit).toBe(1);
  });
});
