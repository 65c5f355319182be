import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '@kiyasla/contracts/auth';
import type { User } from '@kiyasla/contracts/user';
import { refreshSessions } from '../../db/schema/refresh-sessions';
import { users } from '../../db/schema/users';
import { updateUser } from './auth.repo';
import { bearer, body, loginAs, registerUser } from '../../test/accounts';
import { useTestApp } from '../../test/app';
import { sessionCache } from './session-cache';

const t = useTestApp();

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const meOk = async (token: string): Promise<User> => {
  const res = await me(token);
  expect(res.statusCode).toBe(200);
  return body<{ data: User }>(res).data;
};
const expect401 = async (token: string, code: string) => {
  const res = await me(token);
  expect(res.statusCode).toBe(401);
  expect(body(res)).toMatchObject({ success: false, code });
};

describe('session lookup cache', () => {
  it('answers signed-in reads from the cache for a few seconds (what the tests below rely on)', async () => {
    const account = await registerUser(t.app, { firstName: 'Önbellek' });
    expect((await meOk(account.token)).firstName).toBe('Önbellek');
    // Behind the API's back (another instance, a manual SQL fix): this instance keeps its copy.
    await t.db.db.update(users).set({ firstName: 'Arka Kapı' }).where(eq(users.id, account.user._id));
    expect((await meOk(account.token)).firstName).toBe('Önbellek');
    // Through the write path, the change shows at once.
    await updateUser(t.db.db, account.user._id, { firstName: 'Güncel' });
    expect((await meOk(account.token)).firstName).toBe('Güncel');
  });

  it('reads the session afresh for requests that change something', async () => {
    const account = await registerUser(t.app);
    await meOk(account.token);
    // Deactivated behind the API's back: a read may still pass for a few seconds, a write may not.
    await t.db.db.update(users).set({ isActive: false }).where(eq(users.id, account.user._id));
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/privacy-settings',
      headers: bearer(account.token),
      payload: { activitySharing: false },
    });
    expect(write.statusCode).toBe(401);
    expect(body(write)).toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });

  it('refuses a logged-out token on the very next request', async () => {
    const account = await registerUser(t.app);
    await meOk(account.token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(account.token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await expect401(account.token, 'SESSION_REVOKED');
  });

  it('refuses the other sessions at once after a password change, and keeps the caller signed in', async () => {
    const account = await registerUser(t.app, { password: 'Eski.Sifre1' });
    const phone = await loginAs(t.app, account.user.email, 'Eski.Sifre1');
    await meOk(phone.token);
    await meOk(account.token);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(account.token),
      payload: { currentPassword: 'Eski.Sifre1', newPassword: 'Yeni.Sifre2' },
    });
    expect(changed.statusCode).toBe(200);
    await expect401(phone.token, 'SESSION_REVOKED');
    await meOk(account.token);
  });

  it('refuses a deleted account on the very next request', async () => {
    const account = await registerUser(t.app, { password: 'Silinecek.1' });
    await meOk(account.token);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(account.token),
      payload: { password: 'Silinecek.1' },
    });
    expect(deleted.statusCode).toBe(200);
    await expect401(account.token, 'SESSION_REVOKED');
  });

  it('refuses an account an admin disables on the very next request', async () => {
    const account = await registerUser(t.app);
    await meOk(account.token);
    await updateUser(t.db.db, account.user._id, { isActive: false });
    await expect401(account.token, 'ACCOUNT_DISABLED');
  });

  it('ends the whole family on refresh-token reuse, cached access tokens included', async () => {
    const stolen = await registerUser(t.app);
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
    const owner = body<{ data: AuthSession }>(await refresh(stolen.refreshToken)).data;
    await meOk(owner.token);
    const reused = await refresh(stolen.refreshToken);
    expect(body(reused)).toMatchObject({ code: 'REFRESH_REUSED' });
    await expect401(owner.token, 'SESSION_REVOKED');
  });

  it('shows a plan change and a role change at once', async () => {
    const account = await registerUser(t.app);
    expect(await meOk(account.token)).toMatchObject({ role: 'user', isPremium: false });
    await updateUser(t.db.db, account.user._id, {
      subscriptionPlan: 'monthly-premium',
      subscriptionStatus: 'active',
      subscriptionEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    expect(await meOk(account.token)).toMatchObject({
      isPremium: true,
      subscription: { plan: 'monthly-premium' },
    });
    await updateUser(t.db.db, account.user._id, { role: 'moderator' });
    expect((await meOk(account.token)).role).toBe('moderator');
  });

  it('confirms with the database before ending a session its cached copy says is over', async () => {
    const account = await registerUser(t.app);
    const session = await loginAs(t.app, account.user.email, account.password, { rememberMe: true });
    const claims = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString('utf8')) as {
      sid: string;
    };
    const sessionRow = eq(refreshSessions.familyId, claims.sid);
    await t.db.db
      .update(refreshSessions)
      .set({ expiresAt: new Date(Date.now() + 2_000) })
      .where(sessionRow);
    sessionCache.clear();
    await meOk(session.token); // cached: expires in 2 s
    // Meanwhile another instance extended the session (a remembered session's refresh).
    await t.db.db
      .update(refreshSessions)
      .set({ expiresAt: new Date(Date.now() + 30 * 86_400_000) })
      .where(sessionRow);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3_000); // past the cached expiry, within the cache's 5 s
      await meOk(session.token);
    } finally {
      vi.useRealTimers();
    }
    const [row] = await t.db.db
      .select({ revokedAt: refreshSessions.revokedAt })
      .from(refreshSessions)
      .where(sessionRow);
    expect(row?.revokedAt).toBeNull();
  });

  it('still records activity for the idle timeout, at most once a minute', async () => {
    const account = await registerUser(t.app);
    const lastUsed = async () =>
      (
        await t.db.db
          .select({ at: refreshSessions.lastUsedAt })
          .from(refreshSessions)
          .where(eq(refreshSessions.userId, account.user._id))
      )[0]?.at?.getTime() ?? 0;
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.db.db
      .update(refreshSessions)
      .set({ lastUsedAt: twoMinutesAgo })
      .where(eq(refreshSessions.userId, account.user._id));
    sessionCache.clear();
    await meOk(account.token);
    const touched = await lastUsed();
    expect(touched).toBeGreaterThan(Date.now() - 10_000);
    await meOk(account.token);
    await meOk(account.token);
    expect(await lastUsed()).toBe(touched);
  });
});
