import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { base64url, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '@kiyasla/contracts/auth';
import { refreshSessions } from '../../db/schema/refresh-sessions';
import { users } from '../../db/schema/users';
import { requirePlan, requireRole, requireUser } from '../../plugins/policies';
import { updateUser } from './auth.repo';
import { sessionCache } from './session-cache';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { setSettings, useTestApp } from '../../test/app';
import { testConfig } from '../../test/config';

const SECRET = testConfig().jwtSecret;

const t = useTestApp({
  beforeReady: (app) => {
    // Routes that exist only to exercise the policies.
    app.get('/api/__test/staff', { preHandler: requireRole('admin', 'moderator') }, async (req) => ({
      role: req.user?.role,
    }));
    app.get('/api/__test/premium', { preHandler: requirePlan('premium') }, async () => ({ ok: true }));
    app.get('/api/__test/me', { preHandler: requireUser }, async (req) => ({ id: req.user?.id }));
  },
});

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

function decodePart(token: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}
const encodePart = (value: object) => base64url.encode(JSON.stringify(value));

describe('refresh-token rotation', () => {
  it('stores only the SHA-256 of refresh tokens', async () => {
    const session = await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const rows = await t.db.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.tokenHash, sha256(session.refreshToken)));
    expect(rows).toHaveLength(1);
    const all = await t.db.db.select({ h: refreshSessions.tokenHash }).from(refreshSessions);
    expect(all.some((r) => r.h === session.refreshToken)).toBe(false);
  });

  it('issues a new refresh token on every refresh, with a working access token and the user', async () => {
    const first = await registerUser(t.app);
    const r1 = await refresh(first.refreshToken);
    expect(r1.statusCode).toBe(200);
    const second = body<{ data: AuthSession }>(r1).data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user._id).toBe(first.user._id);
    expect((await me(second.token)).statusCode).toBe(200);
    const third = body<{ data: AuthSession }>(await refresh(second.refreshToken)).data;
    expect(third.refreshToken).not.toBe(second.refreshToken);
    // All belong to the same session (family).
    expect(decodePart(third.token, 1).sid).toBe(decodePart(first.token, 1).sid);
  });

  it('detects reuse of a rotated token and revokes the whole session family', async () => {
    const stolen = await registerUser(t.app);
    const owner = body<{ data: AuthSession }>(await refresh(stolen.refreshToken)).data;
    const ownerNext = body<{ data: AuthSession }>(await refresh(owner.refreshToken)).data;

    // The thief replays the first token.
    const replay = await refresh(stolen.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(body(replay)).toMatchObject({
      code: 'REFRESH_REUSED',
      message: 'Güvenliğiniz için oturumunuz sonlandırıldı. Lütfen tekrar giriş yapın.',
    });

    // Every token of the family is dead now: the latest refresh token and its access token.
    const latest = await refresh(ownerNext.refreshToken);
    expect(latest.statusCode).toBe(401);
    expect(body(latest)).toMatchObject({ code: 'SESSION_REVOKED' });
    const access = await me(ownerNext.token);
    expect(access.statusCode).toBe(401);
    expect(body(access)).toMatchObject({ code: 'SESSION_REVOKED' });

    const family = await t.db.db.select().from(refreshSessions).where(eq(refreshSessions.userId, stolen.user._id));
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);
    expect(family.some((row) => row.revokedReason === 'reuse')).toBe(true);
  });

  it('reuse of one session does not touch the user’s other sessions', async () => {
    const account = await registerUser(t.app);
    const other = await loginAs(t.app, account.user.email, account.password);
    await refresh(account.refreshToken);
    expect((await refresh(account.refreshToken)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an unknown or malformed refresh token', async () => {
    const unknown = await refresh('A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(body(unknown)).toMatchObject({ code: 'REFRESH_INVALID' });
    const malformed = await refresh('short');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('logout', () => {
  it('revokes the session: its access token and refresh token stop working, other sessions stay', async () => {
    const account = await registerUser(t.app);
    const other = await loginAs(t.app, account.user.email, account.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(account.token) });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, message: 'Çıkış yapıldı.' });
    expect(body(await me(account.token))).toMatchObject({ code: 'SESSION_REVOKED' });
    expect(body(await refresh(account.refreshToken))).toMatchObject({ code: 'SESSION_REVOKED' });
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('accepts the spec client’s body-less JSON POST, and a refresh token alone when the access token expired', async () => {
    const account = await registerUser(t.app);
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(account.token), 'content-type': 'application/json' },
    });
    expect(emptyJson.statusCode).toBe(200);

    const second = await loginAs(t.app, account.user.email, account.password);
    const byRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: second.refreshToken },
    });
    expect(byRefresh.statusCode).toBe(200);
    expect(body(await me(second.token))).toMatchObject({ code: 'SESSION_REVOKED' });
  });

  it('is idempotent', async () => {
    const account = await registerUser(t.app);
    const payload = { refreshToken: account.refreshToken };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload })).statusCode).toBe(200);
  });
});

describe('access-token verification on authenticated routes', () => {
  let session: AuthSession;
  beforeAll(async () => {
    session = await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
  });

  const routes: [string, string][] = [
    ['GET', '/api/auth/me'],
    ['PUT', '/api/auth/update-details'],
    ['GET', '/api/auth/notification-settings'],
    ['PUT', '/api/auth/privacy-settings'],
    ['PUT', '/api/auth/password'],
    ['DELETE', '/api/auth/account'],
    ['GET', '/api/auth/export'],
  ];

  async function expect401(token: string | null, code: string) {
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: token === null ? {} : { authorization: token },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(body(res), `${method} ${url}`).toMatchObject({ success: false, code });
    }
  }

  it('accepts the genuine token', async () => {
    expect((await me(session.token)).statusCode).toBe(200);
  });

  it('refuses a missing or non-Bearer Authorization header', async () => {
    await expect401(null, 'UNAUTHORIZED');
    await expect401(`Basic ${Buffer.from('a:b').toString('base64')}`, 'TOKEN_INVALID');
    await expect401('Bearer not-a-jwt', 'TOKEN_INVALID');
  });

  it('refuses a token whose payload was altered (e.g. role raised to admin)', async () => {
    const [h, p, s] = session.token.split('.');
    const payload = { ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), role: 'admin' };
    await expect401(`Bearer ${h}.${encodePart(payload)}.${s}`, 'TOKEN_INVALID');
  });

  it('refuses alg: none', async () => {
    const payload = decodePart(session.token, 1);
    await expect401(`Bearer ${encodePart({ alg: 'none', typ: 'JWT' })}.${encodePart(payload)}.`, 'TOKEN_INVALID');
  });

  it('refuses a token signed with another key', async () => {
    const claims = decodePart(session.token, 1);
    const forged = await new SignJWT({ sid: claims.sid, role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer('kiyasla')
      .setAudience('kiyasla:access')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-1'));
    await expect401(`Bearer ${forged}`, 'TOKEN_INVALID');
  });

  it('refuses other algorithms, even with the right secret (HS512) or an RSA key (RS256)', async () => {
    const claims = decodePart(session.token, 1);
    const build = () =>
      new SignJWT({ sid: claims.sid, role: 'user' })
        .setSubject(String(claims.sub))
        .setIssuer('kiyasla')
        .setAudience('kiyasla:access')
        .setIssuedAt()
        .setExpirationTime('10m');
    const hs512 = await build().setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(SECRET));
    await expect401(`Bearer ${hs512}`, 'TOKEN_INVALID');
    const { privateKey } = await generateKeyPair('RS256');
    const rs256 = await build().setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    await expect401(`Bearer ${rs256}`, 'TOKEN_INVALID');
  });

  it('refuses a right-key token with another audience or issuer', async () => {
    const claims = decodePart(session.token, 1);
    const key = new TextEncoder().encode(SECRET);
    const base = () =>
      new SignJWT({ sid: claims.sid, role: 'user' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuedAt()
        .setExpirationTime('10m');
    await expect401(
      `Bearer ${await base().setIssuer('kiyasla').setAudience('kiyasla:reset').sign(key)}`,
      'TOKEN_INVALID',
    );
    await expect401(
      `Bearer ${await base().setIssuer('someone').setAudience('kiyasla:access').sign(key)}`,
      'TOKEN_INVALID',
    );
  });

  it('refuses an expired token with TOKEN_EXPIRED and the specification’s session message', async () => {
    const claims = decodePart(session.token, 1);
    const expired = await new SignJWT({ sid: claims.sid, role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer('kiyasla')
      .setAudience('kiyasla:access')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(SECRET));
    await expect401(`Bearer ${expired}`, 'TOKEN_EXPIRED');
    expect(body(await me(expired))).toMatchObject({ message: 'Oturum süreniz dolmuş. Lütfen tekrar giriş yapın.' });
  });

  it('refuses a validly signed token whose session id does not exist', async () => {
    const claims = decodePart(session.token, 1);
    const orphan = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000', role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer('kiyasla')
      .setAudience('kiyasla:access')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(SECRET));
    await expect401(`Bearer ${orphan}`, 'SESSION_REVOKED');
  });

  it('ends the sessions of an account an admin deactivates', async () => {
    const account = await registerUser(t.app);
    await t.db.db.update(users).set({ isActive: false }).where(eq(users.id, account.user._id));
    expect(body(await me(account.token))).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    expect(body(await refresh(account.refreshToken))).toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });
});

describe('session lifetime (admin sessionTimeout, rememberMe)', () => {
  // Moves the last activity into the past behind the API's back. This instance's session cache
  // still holds the activity it recorded itself, as it rightly would: drop it, as minutes of
  // real idleness would have.
  const ageSession = async (refreshToken: string, minutes: number) => {
    await t.db.db
      .update(refreshSessions)
      .set({ lastUsedAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(refreshSessions.tokenHash, sha256(refreshToken)));
    sessionCache.clear();
  };

  it('ends a session idle for longer than sessionTimeout, for access and refresh alike', async () => {
    await setSettings(t, 'security', { sessionTimeout: 5 });
    try {
      const idle = await registerUser(t.app);
      await ageSession(idle.refreshToken, 4);
      expect((await me(idle.token)).statusCode).toBe(200);
      await ageSession(idle.refreshToken, 6);
      const res = await me(idle.token);
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({
        code: 'SESSION_EXPIRED',
        message: 'Oturum süreniz dolmuş. Lütfen tekrar giriş yapın.',
      });
      expect(body(await refresh(idle.refreshToken))).toMatchObject({
        code: expect.stringMatching(/SESSION_(EXPIRED|REVOKED)/),
      });

      const idleRefresh = await registerUser(t.app);
      await ageSession(idleRefresh.refreshToken, 6);
      expect(body(await refresh(idleRefresh.refreshToken))).toMatchObject({ code: 'SESSION_EXPIRED' });
    } finally {
      await setSettings(t, 'security', { sessionTimeout: 60 });
    }
  });

  it('activity keeps a session alive: each refresh restarts the idle clock', async () => {
    await setSettings(t, 'security', { sessionTimeout: 5 });
    try {
      const active = await registerUser(t.app);
      await ageSession(active.refreshToken, 4);
      const next = body<{ data: AuthSession }>(await refresh(active.refreshToken)).data;
      await ageSession(next.refreshToken, 4);
      expect((await refresh(next.refreshToken)).statusCode).toBe(200);
    } finally {
      await setSettings(t, 'security', { sessionTimeout: 60 });
    }
  });

  it('rememberMe sessions last 30 days and ignore the idle timeout', async () => {
    await setSettings(t, 'security', { sessionTimeout: 5 });
    try {
      const account = await registerUser(t.app);
      const remembered = await loginAs(t.app, account.user.email, account.password, { rememberMe: true });
      const [row] = await t.db.db
        .select()
        .from(refreshSessions)
        .where(eq(refreshSessions.tokenHash, sha256(remembered.refreshToken)));
      const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
      await ageSession(remembered.refreshToken, 120);
      expect((await me(remembered.token)).statusCode).toBe(200);
      expect((await refresh(remembered.refreshToken)).statusCode).toBe(200);
    } finally {
      await setSettings(t, 'security', { sessionTimeout: 60 });
    }
  });

  it('a session past its absolute expiry cannot be refreshed', async () => {
    const account = await registerUser(t.app);
    await t.db.db
      .update(refreshSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshSessions.tokenHash, sha256(account.refreshToken)));
    expect(body(await refresh(account.refreshToken))).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('never issues an access token that outlives its session', async () => {
    const account = await registerUser(t.app);
    const soon = new Date(Date.now() + 2 * 60_000);
    await t.db.db
      .update(refreshSessions)
      .set({ expiresAt: soon })
      .where(eq(refreshSessions.tokenHash, sha256(account.refreshToken)));
    const next = body<{ data: AuthSession }>(await refresh(account.refreshToken)).data;
    expect(new Date(next.expiresAt).getTime()).toBeLessThanOrEqual(soon.getTime());
    expect(Number(decodePart(next.token, 1).exp) * 1000).toBeLessThanOrEqual(soon.getTime());
  });
});

describe('policies', () => {
  it('requireRole admits admins and moderators only', async () => {
    for (const [account, status] of [
      [DEMO_ACCOUNTS.admin, 200],
      [DEMO_ACCOUNTS.moderator, 200],
      [DEMO_ACCOUNTS.user, 403],
      [DEMO_ACCOUNTS.premium, 403],
    ] as const) {
      const s = await loginAs(t.app, account.email, account.password);
      const res = await t.app.inject({ method: 'GET', url: '/api/__test/staff', headers: bearer(s.token) });
      expect(res.statusCode, account.email).toBe(status);
      if (status === 403) expect(body(res)).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/__test/staff' })).statusCode).toBe(401);
  });

  it('reads the role from the database, not from the token', async () => {
    const account = await registerUser(t.app);
    await t.db.db.update(users).set({ role: 'moderator' }).where(eq(users.id, account.user._id));
    const res = await t.app.inject({ method: 'GET', url: '/api/__test/staff', headers: bearer(account.token) });
    expect(res.statusCode).toBe(200);
  });

  it('requirePlan("premium") admits an active premium plan only', async () => {
    const premium = await loginAs(t.app, DEMO_ACCOUNTS.premium.email, DEMO_ACCOUNTS.premium.password);
    const free = await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/__test/premium', headers: bearer(premium.token) })).statusCode,
    ).toBe(200);
    const denied = await t.app.inject({ method: 'GET', url: '/api/__test/premium', headers: bearer(free.token) });
    expect(denied.statusCode).toBe(403);
    expect(body(denied)).toMatchObject({ code: 'PREMIUM_REQUIRED', message: 'Bu özellik Premium üyeler içindir.' });

    // An expired premium plan no longer counts, at once (the session was just looked up).
    await updateUser(t.db.db, premium.user._id, { subscriptionEnd: new Date(Date.now() - 1000) });
    const lapsed = await t.app.inject({ method: 'GET', url: '/api/__test/premium', headers: bearer(premium.token) });
    expect(lapsed.statusCode).toBe(403);
  });
});
