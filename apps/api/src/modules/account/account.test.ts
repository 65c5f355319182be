import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountExportSchema, type AccountExport } from '@kiyasla/contracts/account-export';
import {
  analyticsEvents,
  favorites,
  notifications,
  payments,
  priceAlerts,
  products,
  refreshSessions,
  reviews,
  savedComparisons,
  users,
} from '../../db/schema/index';
import { purgeDeletedAccounts, PURGED_AUTHOR_NAME } from '../../jobs/purge-deleted-accounts';
import { listSessions } from './account.repo';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { useTestApp } from '../../test/app';

const t = useTestApp();

const DAY_MS = 86_400_000;
const count = async (
  table: typeof favorites | typeof priceAlerts | typeof savedComparisons | typeof notifications | typeof payments,
  userId: string,
) =>
  (
    await t.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.userId, userId))
  )[0]?.n ?? 0;

describe('GET /api/auth/export (KVKK right of access)', () => {
  it('downloads a JSON file with the profile, favorites, alerts, comparisons, notifications, payments and settings', async () => {
    const session = await loginAs(t.app, DEMO_ACCOUNTS.premium.email, DEMO_ACCOUNTS.premium.password);
    const userId = session.user._id;
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/notification-settings',
      headers: bearer(session.token),
      payload: { promotions: true },
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/auth/export', headers: bearer(session.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kiyasla-verilerim-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    const doc: AccountExport = accountExportSchema.parse(JSON.parse(res.body));
    expect(doc.format).toBe('kiyasla-account-export/v1');
    expect(doc.profile).toMatchObject({ _id: userId, email: DEMO_ACCOUNTS.premium.email, isPremium: true });
    expect(doc.notificationSettings.promotions).toBe(true);
    expect(doc.privacySettings).toEqual({ profileVisibility: true, activitySharing: false });

    // Every list is complete: the seed gives the premium account activity in each.
    for (const [key, table] of [
      ['favorites', favorites],
      ['priceAlerts', priceAlerts],
      ['savedComparisons', savedComparisons],
      ['notifications', notifications],
      ['payments', payments],
    ] as const) {
      const n = await count(table, userId);
      expect(n, key).toBeGreaterThan(0);
      expect(doc[key], key).toHaveLength(n);
    }
    expect(doc.favorites[0]?.product.name).toEqual(expect.any(String));
    expect(doc.payments[0]).toMatchObject({ plan: 'yearly-premium', amount: 337.5, currency: 'TRY' });
    expect(doc.sessions.some((s) => s.active)).toBe(true);

    // Nothing secret: no password hash, no token or token hash.
    const [row] = await t.db.db.select().from(users).where(eq(users.id, userId));
    const hashes = await t.db.db
      .select({ h: refreshSessions.tokenHash })
      .from(refreshSessions)
      .where(eq(refreshSessions.userId, userId));
    expect(res.body).not.toContain(row?.passwordHash ?? '$argon2');
    expect(res.body).not.toContain(session.refreshToken);
    expect(res.body).not.toContain(session.token);
    for (const { h } of hashes) expect(res.body).not.toContain(h);
  });
});

describe('the export’s sessions', () => {
  it('lists each session once, read as such from the database: the rows of rotated tokens are not read', async () => {
    const account = await registerUser(t.app);
    let refreshToken = account.refreshToken;
    for (let i = 0; i < 3; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
      expect(r.statusCode).toBe(200);
      refreshToken = body<{ data: { refreshToken: string } }>(r).data.refreshToken;
    }
    const second = await loginAs(t.app, account.user.email, account.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(second.token), payload: {} });
    const stored = await t.db.db
      .select({ id: refreshSessions.id })
      .from(refreshSessions)
      .where(eq(refreshSessions.userId, account.user._id));
    expect(stored).toHaveLength(5);

    const read = await listSessions(t.db.db, account.user._id);
    expect(read).toHaveLength(2);
    expect(read.every((s) => !('tokenHash' in s))).toBe(true);

    const res = await t.app.inject({ method: 'GET', url: '/api/auth/export', headers: bearer(account.token) });
    const doc = accountExportSchema.parse(JSON.parse(res.body));
    expect(doc.sessions.map((s) => s.active)).toEqual([false, true]);
  });
});

describe('DELETE /api/auth/account', () => {
  const del = (token: string, payload?: Record<string, unknown>) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });

  it('requires the password', async () => {
    const account = await registerUser(t.app);
    const none = await del(account.token);
    expect(none.statusCode).toBe(400);
    expect(body(none)).toMatchObject({ message: 'İşlemi onaylamak için şifrenizi girin.' });
    const wrong = await del(account.token, { password: 'Yanlis.Sifre1' });
    expect(body(wrong)).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Mevcut şifreniz hatalı.' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) })).statusCode,
    ).toBe(200);
  });

  it('counts wrong passwords like failed sign-ins: the fifth locks the account (423)', async () => {
    const account = await registerUser(t.app, { password: 'Dogru.Sifre1' });
    for (let i = 0; i < 4; i += 1) {
      expect(body(await del(account.token, { password: `Yanlis.Sifre${i}` }))).toMatchObject({
        code: 'WRONG_PASSWORD',
      });
    }
    const fifth = await del(account.token, { password: 'Yanlis.Sifre9' });
    expect(fifth.statusCode).toBe(423);
    expect(body(fifth)).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    const right = await del(account.token, { password: 'Dogru.Sifre1' });
    expect(right.statusCode).toBe(423);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) })).statusCode,
    ).toBe(200);
  });

  it('signs out everywhere, hides the account at once and frees the e-mail', async () => {
    const account = await registerUser(t.app, { password: 'Silinecek.1' });
    const other = await loginAs(t.app, account.user.email, 'Silinecek.1');
    const res = await del(account.token, { password: 'Silinecek.1' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: 'Hesabınız silindi. Kişisel verileriniz 30 gün içinde kalıcı olarak silinecektir.',
    });

    for (const s of [account, other]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s.token) })).statusCode).toBe(
        401,
      );
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: s.refreshToken },
      });
      expect(r.statusCode).toBe(401);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password: 'Silinecek.1' },
    });
    expect(body(login)).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const [row] = await t.db.db.select().from(users).where(eq(users.id, account.user._id));
    expect(row?.deletedAt).not.toBeNull();
    const retention = (row?.purgeAfter?.getTime() ?? 0) - (row?.deletedAt?.getTime() ?? 0);
    expect(retention).toBe(30 * DAY_MS);
    expect(row?.passwordHash).toBeNull();

    // The person can come back with the same address: a new, empty account.
    const again = await registerUser(t.app, { email: account.user.email });
    expect(again.user._id).not.toBe(account.user._id);
  });

  it('refuses a confirmation e-mail that names another account, and keeps the account', async () => {
    const account = await registerUser(t.app, { password: 'Silinecek.1' });
    const res = await del(account.token, { password: 'Silinecek.1', confirmEmail: 'other@x.y' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      code: 'CONFIRM_EMAIL_MISMATCH',
      message: 'Yazdığınız e-posta adresi hesabınızın e-posta adresiyle eşleşmiyor.',
      errors: [{ path: 'body.confirmEmail' }],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) })).statusCode,
    ).toBe(200);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, account.user._id));
    expect(row?.deletedAt).toBeNull();

    // The same address, trimmed and in another case, is a confirmation, not a contradiction.
    const typed = `  ${account.user.email.toUpperCase()} `;
    expect((await del(account.token, { password: 'Silinecek.1', confirmEmail: typed })).statusCode).toBe(200);
  });

  it('confirms an account without a password by its e-mail', async () => {
    const account = await registerUser(t.app);
    await t.db.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.user._id));
    const wrong = await del(account.token, { confirmEmail: 'baska@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ code: 'CONFIRM_EMAIL_MISMATCH' });
    expect((await del(account.token, { confirmEmail: account.user.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('stops the account’s price alerts at once', async () => {
    const session = await loginAs(t.app, DEMO_ACCOUNTS.premium.email, DEMO_ACCOUNTS.premium.password);
    expect((await del(session.token, { password: DEMO_ACCOUNTS.premium.password })).statusCode).toBe(200);
    const active = await t.db.db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, session.user._id), eq(priceAlerts.isActive, true)));
    expect(active).toHaveLength(0);
  });
});

describe('purge job (jobs/purge-deleted-accounts.ts)', () => {
  it('erases an account 30 days after deletion, keeping payments and reviews without the person', async () => {
    const session = await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const userId = session.user._id;
    const [product] = await t.db.db.select({ id: products.id }).from(products).limit(1);
    if (!product) throw new Error('no product');
    await t.db.db.insert(favorites).values({ userId, productId: product.id }).onConflictDoNothing();
    await t.db.db
      .insert(payments)
      .values({ userId, provider: 'demo', plan: 'monthly-premium', amount: 2999, status: 'completed' });
    await t.db.db.delete(reviews).where(and(eq(reviews.productId, product.id), eq(reviews.userId, userId)));
    const [review] = await t.db.db
      .insert(reviews)
      .values({
        productId: product.id,
        userId,
        authorName: 'Mehmet D.',
        rating: 5,
        comment: 'Harika',
        isApproved: true,
      })
      .returning({ id: reviews.id });
    await t.db.db.insert(analyticsEvents).values({ type: 'product_view', productId: product.id, userId });
    await t.db.db.insert(notifications).values({ userId, type: 'system', title: 'Duyuru', message: 'Merhaba' });
    expect(await count(notifications, userId)).toBeGreaterThan(0);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(session.token),
      payload: { password: DEMO_ACCOUNTS.user.password },
    });
    expect(deleted.statusCode).toBe(200);

    // Within the 30 days nothing is erased.
    expect((await purgeDeletedAccounts(t.db.db, new Date(Date.now() + 29 * DAY_MS))).accounts).toBe(0);
    expect(await t.db.db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);

    const result = await purgeDeletedAccounts(t.db.db, new Date(Date.now() + 30 * DAY_MS + 60_000));
    expect(result.accounts).toBeGreaterThanOrEqual(1);
    expect(await t.db.db.select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    expect(await count(favorites, userId)).toBe(0);
    expect(await count(notifications, userId)).toBe(0);
    expect(await t.db.db.select().from(refreshSessions).where(eq(refreshSessions.userId, userId))).toHaveLength(0);

    const kept = await t.db.db
      .select()
      .from(payments)
      .where(and(eq(payments.amount, 2999), eq(payments.provider, 'demo')));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((p) => p.userId === null)).toBe(true);
    const [anon] = await t.db.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, review?.id ?? ''));
    expect(anon).toMatchObject({ userId: null, authorName: PURGED_AUTHOR_NAME, comment: 'Harika' });

    // Idempotent.
    expect((await purgeDeletedAccounts(t.db.db, new Date(Date.now() + 31 * DAY_MS))).accounts).toBe(0);
  });

  it('never touches live accounts', async () => {
    const before = (
      await t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`deleted_at is null`)
    )[0]?.n;
    await purgeDeletedAccounts(t.db.db, new Date(Date.now() + 365 * DAY_MS));
    const after = (
      await t.db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`deleted_at is null`)
    )[0]?.n;
    expect(after).toBe(before);
  });
});
