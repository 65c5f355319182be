import type { AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/outbox';
import { passwordResetTokens } from '../../db/schema/password-reset-tokens';
import { users } from '../../db/schema/users';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server on 127.0.0.1 that keeps every message it receives. */
async function startSmtp(): Promise<{ port: number; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, inbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Decodes the quoted-printable text part enough to read the link. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function utf8(latin1: string): string {
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, publicUrl: 'https://kiyasla.test' },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function resetMailFor(email: string, after: number): Promise<{ token: string; text: string; raw: string }> {
  // A new account's verification e-mail may come first: the reset's is the one with its link.
  const mail = await waitFor(() =>
    smtp.inbox
      .slice(after)
      .find((m) => m.to.includes(email) && decodeQuotedPrintable(m.raw).includes('/reset-password?token=')),
  );
  const text = utf8(decodeQuotedPrintable(mail.raw));
  const token = /https:\/\/kiyasla\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no reset link in mail:\n${text}`);
  return { token, text, raw: mail.raw };
}

describe('password reset through e-mail', () => {
  it('mails a one-hour, single-use link; the reset works once, ends every session and the old password', async () => {
    const email = DEMO_ACCOUNTS.user.email;
    const oldSession = await loginAs(t.app, email, DEMO_ACCOUNTS.user.password);
    const before = smtp.inbox.length;

    const res = await forgot(' USER@kiyasla.test ');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({
      success: true,
      data: null,
      message:
        'Bu e-posta adresiyle kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderildi. Bağlantı 1 saat geçerlidir.',
    });

    const { token, text, raw } = await resetMailFor(email, before);
    expect(raw).toMatch(/^From: .*no-reply@kiyasla\.test/m);
    expect(raw).toMatch(/^To: user@kiyasla\.test/m);
    expect(text).toContain('Merhaba Mehmet,');
    expect(text).toContain('Bağlantı 60 dakika geçerlidir');

    // Only the hash is stored; the token expires in an hour.
    const [stored] = await t.db.db
      .select()
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(users.email, email));
    expect(stored?.password_reset_tokens.tokenHash).not.toBe(token);
    const ttl = (stored?.password_reset_tokens.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);

    // Once delivered, the outbox keeps no copy of the link.
    await t.app.mail.idle();
    const rows = await t.db.db.select().from(outbox).where(like(outbox.kind, 'email.password-reset'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'done' && !JSON.stringify(r.payload).includes(token))).toBe(true);

    const done = await reset(token, 'Yeni.Sifre2024');
    expect(done.statusCode).toBe(200);
    expect(body(done)).toMatchObject({ message: 'Şifreniz sıfırlandı. Yeni şifrenizle giriş yapabilirsiniz.' });

    expect((await login(email, DEMO_ACCOUNTS.user.password)).statusCode).toBe(401);
    expect((await login(email, 'Yeni.Sifre2024')).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(oldSession.token) });
    expect(me.statusCode).toBe(401);

    const again = await reset(token, 'Baska.Sifre2024');
    expect(again.statusCode).toBe(400);
    expect(body(again)).toEqual({
      success: false,
      code: 'RESET_TOKEN_INVALID',
      message: 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
    });
    expect((await login(email, 'Yeni.Sifre2024')).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const before = smtp.inbox.length;
    const outboxBefore = (await t.db.db.select().from(outbox)).length;
    const unknown = await forgot('kimse-yok@example.com');
    const known = await forgot(DEMO_ACCOUNTS.moderator.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await resetMailFor(DEMO_ACCOUNTS.moderator.email, before);
    expect(smtp.inbox.slice(before).every((m) => !m.to.includes('kimse-yok@example.com'))).toBe(true);
    expect((await t.db.db.select().from(outbox)).length).toBe(outboxBefore + 1);
  });

  it('refuses an expired link', async () => {
    const account = await registerUser(t.app, { password: 'Eski.Sifre1' });
    const before = smtp.inbox.length;
    await forgot(account.user.email);
    const { token } = await resetMailFor(account.user.email, before);
    await t.db.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, account.user._id));
    expect(body(await reset(token, 'Yeni.Sifre1x'))).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect((await login(account.user.email, 'Eski.Sifre1')).statusCode).toBe(200);
  });

  it('a newer link replaces the older one', async () => {
    const account = await registerUser(t.app);
    let before = smtp.inbox.length;
    await forgot(account.user.email);
    const first = await resetMailFor(account.user.email, before);
    before = smtp.inbox.length;
    await forgot(account.user.email);
    const second = await resetMailFor(account.user.email, before);
    expect(body(await reset(first.token, 'Birinci.Link1'))).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    expect((await reset(second.token, 'Ikinci.Link1')).statusCode).toBe(200);
  });

  it('applies the password policy and keeps the link usable after a weak attempt', async () => {
    const account = await registerUser(t.app);
    const before = smtp.inbox.length;
    await forgot(account.user.email);
    const { token } = await resetMailFor(account.user.email, before);
    const weak = await reset(token, 'zayif');
    expect(weak.statusCode).toBe(400);
    expect(body(weak)).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect((await reset(token, 'Guclu.Sifre9')).statusCode).toBe(200);
  });

  it('clears a lockout and sends at most 3 links per hour to one account', async () => {
    const account = await registerUser(t.app);
    await t.db.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(users.id, account.user._id));
    const before = smtp.inbox.length;
    for (let i = 0; i < 4; i++) expect((await forgot(account.user.email)).statusCode).toBe(200);
    await t.app.mail.idle();
    // Reset mails only: the new account's verification e-mail may arrive meanwhile.
    const resetMails = () =>
      smtp.inbox
        .slice(before)
        .filter(
          (m) => m.to.includes(account.user.email) && decodeQuotedPrintable(m.raw).includes('/reset-password?token='),
        );
    await waitFor(() => (resetMails().length >= 3 ? true : undefined));
    await new Promise((r) => setTimeout(r, 200));
    const mails = resetMails();
    expect(mails).toHaveLength(3);
    const last = await resetMailFor(account.user.email, smtp.inbox.indexOf(mails[2]!));
    expect((await reset(last.token, 'Kilit.Acildi1')).statusCode).toBe(200);
    expect((await login(account.user.email, 'Kilit.Acildi1')).statusCode).toBe(200);
  });
});

describe('PUT /api/auth/password', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/password', headers: bearer(token), payload });

  it('refuses a wrong current password without signing the user out', async () => {
    const account = await registerUser(t.app, { password: 'Mevcut.Sifre1' });
    const res = await change(account.token, { currentPassword: 'Yanlis.Sifre1', newPassword: 'Yeni.Sifre123' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Mevcut şifreniz hatalı.' });
    expect((await login(account.user.email, 'Mevcut.Sifre1')).statusCode).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins: the fifth locks the account (423)', async () => {
    const account = await registerUser(t.app, { password: 'Mevcut.Sifre1' });
    for (let i = 0; i < 4; i += 1) {
      const wrong = await change(account.token, { currentPassword: `Yanlis.Sifre${i}`, newPassword: 'Yeni.Sifre123' });
      expect(body(wrong)).toMatchObject({ code: 'WRONG_PASSWORD' });
    }
    const fifth = await change(account.token, { currentPassword: 'Yanlis.Sifre9', newPassword: 'Yeni.Sifre123' });
    expect(fifth.statusCode).toBe(423);
    expect(body(fifth)).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    // Locked: the right current password is refused too, and so is signing in.
    const right = await change(account.token, { currentPassword: 'Mevcut.Sifre1', newPassword: 'Yeni.Sifre123' });
    expect(right.statusCode).toBe(423);
    expect((await login(account.user.email, 'Mevcut.Sifre1')).statusCode).toBe(423);
  });

  it('applies the password policy and refuses the same password', async () => {
    const account = await registerUser(t.app, { password: 'Mevcut.Sifre1' });
    const weak = await change(account.token, { currentPassword: 'Mevcut.Sifre1', newPassword: 'kisa' });
    expect(body(weak)).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'Şifre en az 8 karakter olmalı ve büyük harf, küçük harf, rakam ve özel karakter içermelidir',
    });
    const same = await change(account.token, { currentPassword: 'Mevcut.Sifre1', newPassword: 'Mevcut.Sifre1' });
    expect(body(same)).toMatchObject({ code: 'PASSWORD_UNCHANGED' });
  });

  it('changes the password and ends every other session, keeping this one', async () => {
    const account = await registerUser(t.app, { password: 'Mevcut.Sifre1' });
    const elsewhere = await loginAs(t.app, account.user.email, 'Mevcut.Sifre1');
    const res = await change(account.token, { currentPassword: 'Mevcut.Sifre1', newPassword: 'Degisti.Sifre2' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: 'Şifreniz başarıyla değiştirildi. Diğer cihazlardaki oturumlarınız kapatıldı.',
    });
    const meHere = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(account.token) });
    expect(meHere.statusCode).toBe(200);
    const meThere = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(elsewhere.token) });
    expect(body(meThere)).toMatchObject({ code: 'SESSION_REVOKED' });
    const refreshThere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: elsewhere.refreshToken },
    });
    expect(refreshThere.statusCode).toBe(401);
    expect((await login(account.user.email, 'Mevcut.Sifre1')).statusCode).toBe(401);
    expect((await login(account.user.email, 'Degisti.Sifre2')).statusCode).toBe(200);
  });

  it('lets an account without a password (social sign-in) set its first one', async () => {
    const account = await registerUser(t.app);
    await t.db.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.user._id));
    const res = await change(account.token, { newPassword: 'Ilk.Sifrem1' });
    expect(res.statusCode).toBe(200);
    expect((await login(account.user.email, 'Ilk.Sifrem1')).statusCode).toBe(200);
  });
});
