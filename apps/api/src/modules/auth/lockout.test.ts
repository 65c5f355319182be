import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { body, registerUser } from '../../test/accounts';
import { setSettings, useTestApp } from '../../test/app';
import { hashToken, randomToken } from './tokens';
import { KNOWN_DEVICE_COOKIE, knownDeviceOf, knownDeviceSetCookie } from './known-device';

/**
 * "Anyone can lock any account" (ADR 004): wrong guesses from one client slow that client down
 * and lock the account for unknown devices, but the owner's browser — a known device — still
 * signs in with the right password and clears the lock; a reset link clears it too.
 */

const t = useTestApp();

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

function login(email: string, password: string, opts: { ip: string; cookie?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: opts.ip,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: { email, password },
  });
}

/** The `name=value` of the known-device cookie a sign-in set. */
function deviceCookie(res: LightMyRequestResponse): string {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
  expect(header, 'the sign-in sets the known-device cookie').toBeDefined();
  return header!.split(';')[0]!;
}

/** An account whose owner signed in once from OWNER's browser, and that browser's cookie. */
async function accountWithKnownDevice(password: string) {
  const account = await registerUser(t.app, { password });
  const first = await login(account.user.email, password, { ip: OWNER });
  expect(first.statusCode).toBe(200);
  return { email: account.user.email, id: account.user._id, cookie: deviceCookie(first) };
}

async function guessWrong(email: string, times: number, ip = ATTACKER): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < times; i += 1) answers.push(await login(email, `Yanlis.Tahmin${i}`, { ip }));
  return answers;
}

describe('sign-in throttling that does not punish the owner', () => {
  it('an attacker with wrong passwords does not stop the owner on a known device', async () => {
    const owner = await accountWithKnownDevice('Sahibi.Benim1');
    const answers = await guessWrong(owner.email, 7);
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 423, 423, 423]);

    const signedIn = await login(owner.email, 'Sahibi.Benim1', { ip: OWNER, cookie: owner.cookie });
    expect(signedIn.statusCode).toBe(200);
    // …and the right password from a known device clears the lock for everyone.
    const [row] = await t.db.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.lockedUntil).toBeNull();
    expect(row?.failedLoginCount).toBe(0);
  });

  it('the owner on a known device behind the attacker’s address (one NAT) signs in too', async () => {
    const owner = await accountWithKnownDevice('Ayni.Adres1');
    await guessWrong(owner.email, 8, OWNER);
    expect((await login(owner.email, 'Ayni.Adres1', { ip: OWNER, cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('the attacker gets 423 with Retry-After while the account is locked, then 429 with Retry-After', async () => {
    const owner = await accountWithKnownDevice('Uzun.Bekle1');
    const answers = await guessWrong(owner.email, 6);
    const locked = answers[4]!;
    expect(locked.statusCode).toBe(423);
    expect(body(locked)).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // Even the right password from an unknown device is refused while the lock lasts.
    const rightButUnknown = await login(owner.email, 'Uzun.Bekle1', { ip: ATTACKER });
    expect(rightButUnknown.statusCode).toBe(423);

    // The account lock over, the attacker's own client still waits (its first round: 15 min).
    await t.db.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, owner.id));
    const waiting = await login(owner.email, 'Yanlis.Tekrar1', { ip: ATTACKER });
    expect(waiting.statusCode).toBe(429);
    expect(body(waiting)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // …while a different client may still try (and is counted toward a new lock).
    expect((await login(owner.email, 'Yanlis.Baska1', { ip: '192.0.2.9' })).statusCode).toBe(401);
  });

  it('a known device that guesses wrong waits like any other client (429), not forever', async () => {
    const owner = await accountWithKnownDevice('Cihaz.Yanlis1');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await login(owner.email, `Yanlis.${i}Cihaz`, { ip: OWNER, cookie: owner.cookie })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('a password reset link clears the lock for any device', async () => {
    const owner = await accountWithKnownDevice('Sifirla.Beni1');
    await guessWrong(owner.email, 5);
    expect((await login(owner.email, 'Sifirla.Beni1', { ip: '192.0.2.44' })).statusCode).toBe(423);

    // The link's token, as POST /auth/forgot-password would have mailed it.
    const token = randomToken();
    await t.db.db
      .insert(passwordResetTokens)
      .values({ userId: owner.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Yeni.Sifre12' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(owner.email, 'Yeni.Sifre12', { ip: '192.0.2.44' })).statusCode).toBe(200);
  });

  it('a cookie for another account, a forged one or an expired one does not pass the lock', async () => {
    const owner = await accountWithKnownDevice('Sahte.Cerez1');
    const other = await accountWithKnownDevice('Baska.Hesap1');
    await guessWrong(owner.email, 5);
    const secret = t.app.config.jwtSecret;
    const forged = knownDeviceSetCookie('a-different-secret-of-32-characters!!', undefined, owner.id, {
      secure: false,
    }).split(';')[0]!;
    const old = knownDeviceSetCookie(secret, undefined, owner.id, {
      secure: false,
      nowMs: Date.now() - 181 * 24 * 60 * 60_000,
    }).split(';')[0]!;
    const tampered = owner.cookie.replace(/~[^~]+$/, '~AAAA');
    for (const cookie of [other.cookie, forged, old, tampered]) {
      expect((await login(owner.email, 'Sahte.Cerez1', { ip: OWNER, cookie })).statusCode, cookie).toBe(423);
    }
    expect((await login(owner.email, 'Sahte.Cerez1', { ip: OWNER, cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('honours the admin maxLoginAttempts and lockoutDuration for the lock and the client wait', async () => {
    await setSettings(t, 'security', { maxLoginAttempts: 3, lockoutDuration: 30 });
    try {
      const owner = await accountWithKnownDevice('Ayar.Kilit1');
      const answers = await guessWrong(owner.email, 3);
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 423]);
      expect(Number(answers[2]!.headers['retry-after'])).toBeGreaterThan(29 * 60);
      expect((await login(owner.email, 'Ayar.Kilit1', { ip: OWNER, cookie: owner.cookie })).statusCode).toBe(200);
    } finally {
      await setSettings(t, 'security', { maxLoginAttempts: 5, lockoutDuration: 15 });
    }
  });
});

describe('the known-device cookie', () => {
  it('is HttpOnly, SameSite=Strict, only for /api/auth, and Secure over HTTPS', () => {
    const plain = knownDeviceSetCookie('s'.repeat(32), undefined, 'u1', { secure: false });
    expect(plain).toMatch(/; Path=\/api\/auth; Max-Age=15552000; HttpOnly; SameSite=Strict$/);
    expect(knownDeviceSetCookie('s'.repeat(32), undefined, 'u1', { secure: true })).toMatch(/; Secure$/);
  });

  it('remembers several accounts of one browser and keeps each device id', () => {
    const secret = 's'.repeat(32);
    const first = knownDeviceSetCookie(secret, undefined, 'u1', { secure: false }).split(';')[0]!;
    const device = knownDeviceOf(secret, first, 'u1');
    const both = knownDeviceSetCookie(secret, first, 'u2', { secure: false }).split(';')[0]!;
    expect(knownDeviceOf(secret, both, 'u1')).toBe(device);
    expect(knownDeviceOf(secret, both, 'u2')).toBeDefined();
    expect(knownDeviceOf(secret, both, 'u3')).toBeUndefined();
  });

  it('is set by a successful sign-in only', async () => {
    const account = await registerUser(t.app, { password: 'Cerez.Yok1' });
    const wrong = await login(account.user.email, 'Yanlis.Sifre1', { ip: '192.0.2.80' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });
});
