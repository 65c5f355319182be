import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthSession } from '@kiyasla/contracts/auth';
import { users } from '../../db/schema/users';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { setSettings, useTestApp } from '../../test/app';

const t = useTestApp();

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

const RULE = 'Şifre en az 8 karakter olmalı ve büyük harf, küçük harf, rakam ve özel karakter içermelidir';

describe('POST /api/auth/register', () => {
  it('creates the account, trims and lower-cases the e-mail, and signs the user in (201)', async () => {
    const res = await post('/api/auth/register', {
      firstName: '  Çağrı  ',
      lastName: 'Öztürk Şahin',
      email: '  Cagri.Ozturk@Example.COM ',
      password: 'Ğüçlü.Parola9',
    });
    expect(res.statusCode).toBe(201);
    const { data, message } = body<{ data: AuthSession; message: string }>(res);
    expect(message).toBe('Kayıt başarılı. Hoş geldiniz!');
    expect(data.user).toMatchObject({
      firstName: 'Çağrı',
      lastName: 'Öztürk Şahin',
      email: 'cagri.ozturk@example.com',
      role: 'user',
      isPremium: false,
      hasPassword: true,
      subscription: { plan: 'free', status: 'active', price: 0 },
    });
    expect(typeof data.token).toBe('string');
    expect(data.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(data.token) });
    expect(body<{ data: { email: string } }>(me).data.email).toBe('cagri.ozturk@example.com');
  });

  it('never returns the password hash or other internal columns', async () => {
    const res = await post('/api/auth/register', {
      firstName: 'Gizli',
      lastName: 'Alan',
      email: 'gizli.alan@example.com',
      password: 'Gizli.Alan1',
    });
    const text = res.body;
    for (const leak of [
      'passwordHash',
      'password_hash',
      '$argon2',
      'failedLoginCount',
      'lockedUntil',
      'googleId',
      'deletedAt',
    ]) {
      expect(text).not.toContain(leak);
    }
  });

  it.each([
    ['firstName', { firstName: 'A' }, 'Ad en az 2 karakter olmalı ve sadece harflerden oluşmalıdır'],
    ['firstName', { firstName: 'Ali3' }, 'Ad en az 2 karakter olmalı ve sadece harflerden oluşmalıdır'],
    ['lastName', { lastName: 'K.' }, 'Soyad en az 2 karakter olmalı ve sadece harflerden oluşmalıdır'],
    ['lastName', { lastName: '   ' }, 'Soyad en az 2 karakter olmalı ve sadece harflerden oluşmalıdır'],
    ['email', { email: 'adsoyad.example.com' }, 'Geçerli bir e-posta adresi girin'],
    ['email', { email: 'ad soyad@example.com' }, 'Geçerli bir e-posta adresi girin'],
    ['email', { email: 'ad@example' }, 'Geçerli bir e-posta adresi girin'],
  ])('refuses an invalid %s with the specification message (%j)', async (field, patch, message) => {
    const res = await post('/api/auth/register', {
      firstName: 'Ayşe',
      lastName: 'Yıldız',
      email: 'gecerli@example.com',
      password: 'Geçerli.Şifre1',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    const b = body<{ code: string; message: string; errors: { path: string; message: string }[] }>(res);
    expect(b.code).toBe('VALIDATION_ERROR');
    expect(b.message).toBe(message);
    expect(b.errors).toContainEqual({ path: `body.${field}`, message });
  });

  it.each([
    ['too short', 'Kısa.1a'],
    ['no upper case', 'kucuk.harf1'],
    ['no lower case', 'BUYUK.HARF1'],
    ['no digit', 'Rakamsiz.Sifre'],
    ['no special character', 'Ozelsiz1Sifre'],
  ])('refuses a password with %s', async (_case, password) => {
    const res = await post('/api/auth/register', {
      firstName: 'Ayşe',
      lastName: 'Yıldız',
      email: 'zayif@example.com',
      password,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'WEAK_PASSWORD', message: RULE });
  });

  it('applies the admin minimum length and the numbers/symbols switches', async () => {
    await setSettings(t, 'security', { passwordMinLength: 12, passwordRequireSymbols: false });
    try {
      const short = await post('/api/auth/register', {
        firstName: 'Uzun',
        lastName: 'Şifre',
        email: 'uzun.sifre@example.com',
        password: 'Abcdefgh1!x',
      });
      expect(body(short)).toMatchObject({
        code: 'WEAK_PASSWORD',
        message: 'Şifre en az 12 karakter olmalı ve büyük harf, küçük harf ve rakam içermelidir',
      });
      const ok = await post('/api/auth/register', {
        firstName: 'Uzun',
        lastName: 'Şifre',
        email: 'uzun.sifre@example.com',
        password: 'Abcdefghijk1',
      });
      expect(ok.statusCode).toBe(201);
    } finally {
      await setSettings(t, 'security', { passwordMinLength: 8, passwordRequireSymbols: true });
    }
  });

  it('answers 409 with a Turkish message for an e-mail already registered, whatever its case', async () => {
    const res = await post('/api/auth/register', {
      firstName: 'Mehmet',
      lastName: 'Demir',
      email: ' USER@Kiyasla.Test ',
      password: 'Başka.Şifre1',
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({
      success: false,
      code: 'EMAIL_TAKEN',
      message: 'Bu e-posta adresiyle kayıtlı bir hesap zaten var.',
    });
  });

  it('is refused with a clear message while registration is disabled in the admin settings', async () => {
    await setSettings(t, 'features', { enableRegistration: false });
    try {
      const res = await post('/api/auth/register', {
        firstName: 'Kapalı',
        lastName: 'Kayıt',
        email: 'kapali@example.com',
        password: 'Kapalı.Kayıt1',
      });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ code: 'REGISTRATION_DISABLED', message: 'Yeni üye kaydı şu anda kapalıdır.' });
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(
        body<{ data: { features: { enableRegistration: boolean } } }>(config).data.features.enableRegistration,
      ).toBe(false);
    } finally {
      await setSettings(t, 'features', { enableRegistration: true });
    }
  });

  it('stores an argon2id hash, never the password', async () => {
    const session = await registerUser(t.app, { password: 'Argon.Hash42' });
    const [row] = await t.db.db.select().from(users).where(eq(users.id, session.user._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('Argon.Hash42');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in a demo account and returns user, token and refreshToken', async () => {
    const res = await post('/api/auth/login', { email: ' Premium@Kiyasla.test', password: 'Premium123!' });
    expect(res.statusCode).toBe(200);
    const { data, message } = body<{ data: AuthSession; message: string }>(res);
    expect(message).toBe('Giriş başarılı');
    expect(Object.keys(data).sort()).toEqual(['expiresAt', 'refreshToken', 'token', 'user']);
    expect(data.user).toMatchObject({
      email: 'premium@kiyasla.test',
      firstName: 'Ayşe',
      isPremium: true,
      subscription: { plan: 'yearly-premium', status: 'active', price: 337.5, autoRenew: true },
    });
    // The access token is short-lived.
    const ttl = new Date(data.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  });

  it('gives the same 401 for an unknown e-mail and for a wrong password', async () => {
    const unknown = await post('/api/auth/login', { email: 'kimse@example.com', password: 'Yanlis.Sifre1' });
    const wrong = await post('/api/auth/login', { email: DEMO_ACCOUNTS.moderator.email, password: 'Yanlis.Sifre1' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Giriş başarısız. E-posta adresi veya şifre hatalı.',
      });
    }
  });

  it('validates the form with the specification messages', async () => {
    const badEmail = await post('/api/auth/login', { email: 'nokta-yok@', password: 'x' });
    expect(body(badEmail)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Geçerli bir e-posta adresi girin' });
    const noPassword = await post('/api/auth/login', { email: 'a@b.co', password: '' });
    expect(body(noPassword)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Şifre gereklidir' });
  });

  it('locks the account after maxLoginAttempts failures, refusing even the right password from an unknown device, until lockoutDuration passes', async () => {
    const account = await registerUser(t.app, { password: 'Kilit.Test1' });
    const email = account.user.email;
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/auth/login', { email, password: `Yanlis.${i}A` });
      expect(res.statusCode).toBe(401);
    }
    const fifth = await post('/api/auth/login', { email, password: 'Yanlis.5A' });
    expect(fifth.statusCode).toBe(423);
    expect(body(fifth)).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Çok fazla başarısız giriş denemesi yapıldı. Güvenliğiniz için hesabınız 15 dakika süreyle kilitlendi.',
    });
    const rightButLocked = await post('/api/auth/login', { email, password: 'Kilit.Test1' });
    expect(rightButLocked.statusCode).toBe(423);
    expect(body(rightButLocked)).toMatchObject({ code: 'ACCOUNT_LOCKED' });

    // The lockout ends after lockoutDuration minutes.
    const [row] = await t.db.db.select().from(users).where(eq(users.email, email));
    const lockedFor = (row?.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockedFor).toBeGreaterThan(14 * 60_000);
    expect(lockedFor).toBeLessThanOrEqual(15 * 60_000);
    await t.db.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.email, email));
    // The guessing client itself waits as long as the lock lasted (ADR 004: per account and
    // client); in real time both end together, here only the account's lock was wound back.
    const sameClient = await post('/api/auth/login', { email, password: 'Kilit.Test1' });
    expect(sameClient.statusCode).toBe(429);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '192.0.2.31',
      payload: { email, password: 'Kilit.Test1' },
    });
    expect(after.statusCode).toBe(200);
    const [reset] = await t.db.db.select().from(users).where(eq(users.email, email));
    expect(reset?.failedLoginCount).toBe(0);
    expect(reset?.lockedUntil).toBeNull();
  });

  it('honours the admin maxLoginAttempts and lockoutDuration', async () => {
    await setSettings(t, 'security', { maxLoginAttempts: 3, lockoutDuration: 30 });
    try {
      const account = await registerUser(t.app, { password: 'Ayarli.Kilit1' });
      for (let i = 0; i < 2; i++) {
        expect(
          (await post('/api/auth/login', { email: account.user.email, password: 'Yanlis.Sifre1' })).statusCode,
        ).toBe(401);
      }
      const third = await post('/api/auth/login', { email: account.user.email, password: 'Yanlis.Sifre1' });
      expect(third.statusCode).toBe(423);
      expect(body<{ message: string }>(third).message).toContain('30 dakika');
    } finally {
      await setSettings(t, 'security', { maxLoginAttempts: 5, lockoutDuration: 15 });
    }
  });

  it('a successful login resets the failure counter', async () => {
    const account = await registerUser(t.app, { password: 'Sayac.Sifir1' });
    for (let i = 0; i < 4; i++) await post('/api/auth/login', { email: account.user.email, password: 'Yanlis.Sifre1' });
    expect((await post('/api/auth/login', { email: account.user.email, password: 'Sayac.Sifir1' })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/auth/login', { email: account.user.email, password: 'Yanlis.Sifre1' })).statusCode).toBe(
        401,
      );
    }
  });

  it('locks unknown e-mails the same way, so the lockout does not reveal which e-mails exist', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post('/api/auth/login', { email: 'hayalet@example.com', password: 'Yanlis.Sifre1' })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423, 423]);
  });

  it('refuses a deactivated account only once the password is right', async () => {
    const account = await registerUser(t.app, { password: 'Pasif.Hesap1' });
    await t.db.db.update(users).set({ isActive: false }).where(eq(users.id, account.user._id));
    const wrong = await post('/api/auth/login', { email: account.user.email, password: 'Yanlis.Sifre1' });
    expect(body(wrong)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const right = await post('/api/auth/login', { email: account.user.email, password: 'Pasif.Hesap1' });
    expect(right.statusCode).toBe(403);
    expect(body(right)).toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });

  it('refuses a password sign-in to an account created through social sign-in (no password)', async () => {
    const account = await registerUser(t.app);
    await t.db.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.user._id));
    const res = await post('/api/auth/login', { email: account.user.email, password: account.password });
    expect(body(res)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('every demo account can sign in', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const session = await loginAs(t.app, account.email, account.password);
      expect(session.user.role).toBe(account.role);
    }
  });
});

describe('a password over the length limit', () => {
  it('is named as too long (128 for a new password, 1024 for one being checked), not as missing', async () => {
    const me = await registerUser(t.app);
    const tooLong = (max: number) => `Şifre en fazla ${max} karakter olabilir`;
    const newPassword = 'Aa1!'.repeat(32) + 'x';
    const cases: [string, 'POST' | 'PUT', string, Record<string, unknown>, string, Record<string, string>?][] = [
      [
        'register',
        'POST',
        '/api/auth/register',
        { firstName: 'Uzun', lastName: 'Şifre', email: 'uzun.sifre.limit@example.com', password: newPassword },
        tooLong(128),
      ],
      ['reset', 'POST', '/api/auth/reset-password', { token: 'x'.repeat(43), password: newPassword }, tooLong(128)],
      [
        'change',
        'PUT',
        '/api/auth/password',
        { currentPassword: me.password, newPassword },
        tooLong(128),
        bearer(me.token),
      ],
      ['login', 'POST', '/api/auth/login', { email: me.user.email, password: 'x'.repeat(1025) }, tooLong(1024)],
    ];
    for (const [name, method, url, payload, message, headers] of cases) {
      const res = await t.app.inject({ method, url, payload, headers });
      expect(res.statusCode, name).toBe(400);
      expect(body(res), name).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    // The limits themselves are accepted as far as the length goes.
    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: 'x'.repeat(1024) },
    });
    expect(body(atLimit)).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});

describe('POST /api/auth/reset-password with a link that cannot be one', () => {
  it('answers like an expired link (RESET_TOKEN_INVALID), so the page offers a new one', async () => {
    for (const token of ['kisa', 'x'.repeat(201), undefined]) {
      const res = await post('/api/auth/reset-password', { token, password: 'Yeni.Şifre1' });
      expect(res.statusCode, String(token)).toBe(400);
      expect(body(res), String(token)).toMatchObject({
        code: 'RESET_TOKEN_INVALID',
        message: 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
      });
    }
  });
});

describe('a token that cannot be one', () => {
  it('is answered with the code of a token refused, with the same message', async () => {
    const cases: [string, unknown, string, string][] = [
      ['/api/auth/refresh', {}, 'REFRESH_INVALID', 'Oturum bilginiz geçersiz. Lütfen tekrar giriş yapın.'],
      [
        '/api/auth/refresh',
        { refreshToken: 'kisa' },
        'REFRESH_INVALID',
        'Oturum bilginiz geçersiz. Lütfen tekrar giriş yapın.',
      ],
      ['/api/auth/google', { credential: '' }, 'SOCIAL_TOKEN_INVALID', 'Google giriş başarısız'],
      ['/api/auth/google', {}, 'SOCIAL_TOKEN_INVALID', 'Google giriş başarısız'],
      ['/api/auth/facebook', { accessToken: 'x', userID: 'abc' }, 'SOCIAL_TOKEN_INVALID', 'Facebook giriş başarısız'],
    ];
    for (const [url, payload, code, message] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(body(res), `${url} ${JSON.stringify(payload)}`).toMatchObject({ code, message });
    }
  });
});

describe('rate limiting per IP', () => {
  const limited = useTestApp({ config: { authRateLimitMax: 3 } });

  it('answers 429 with a Turkish message once one IP exceeds the sign-in limit; other IPs are unaffected', async () => {
    const attempt = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: 'kimse@example.com', password: 'Yanlis.Sifre1' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt('203.0.113.7')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await attempt('203.0.113.7');
    expect(body(blocked)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Çok fazla deneme yaptınız. Lütfen biraz bekleyip tekrar deneyin.',
    });
    expect((await attempt('198.51.100.20')).statusCode).toBe(401);
  });
});
