import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@kiyasla/contracts/user';
import { emailVerificationTokens } from '../../db/schema/email-verification-tokens';
import { outbox } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import type { MailMessage } from '../../mail/transport';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { useTestApp } from '../../test/app';
import { hashToken } from './tokens';

const t = useTestApp({ config: { publicUrl: 'https://kiyasla.test' } });

/** Every message the outbox hands to the transport, in order. */
const sent: MailMessage[] = [];
beforeAll(() => {
  const send = t.app.mail.transport.send.bind(t.app.mail.transport);
  vi.spyOn(t.app.mail.transport, 'send').mockImplementation(async (message) => {
    sent.push(message);
    await send(message);
  });
});

const LINK = /https:\/\/kiyasla\.test\/verify-email\?token=([A-Za-z0-9_-]{43})/;

/** The token of the newest verification mail sent to `email` (delivered by the outbox). */
async function latestLinkFor(email: string): Promise<{ token: string; mail: MailMessage }> {
  await t.app.mail.idle();
  const mail = sent.filter((m) => m.to === email && LINK.test(m.text)).at(-1);
  if (!mail) throw new Error(`no verification mail for ${email}`);
  return { token: LINK.exec(mail.text)![1]!, mail };
}

const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const resend = (token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend', headers: token ? bearer(token) : {} });
const me = async (token: string) =>
  body<{ data: User }>(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).data;

const verificationMailRows = (email: string) =>
  t.db.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.kind, 'email.verify-email'), sql`${outbox.payload}->>'to' = ${email}`));

/** Moves the account's links back in time, as if they had been sent `ms` earlier. */
async function age(userId: string, ms: number) {
  await t.db.db
    .update(emailVerificationTokens)
    .set({
      createdAt: sql`${emailVerificationTokens.createdAt} - make_interval(secs => ${ms / 1000})`,
      expiresAt: sql`${emailVerificationTokens.expiresAt} - make_interval(secs => ${ms / 1000})`,
    })
    .where(eq(emailVerificationTokens.userId, userId));
}

describe('e-mail verification', () => {
  it('registration queues exactly one verification e-mail whose link verifies the address', async () => {
    const account = await registerUser(t.app, { firstName: 'Ayşe' });
    const email = account.user.email;
    expect(account.user.emailVerified).toBe(false);
    expect(await verificationMailRows(email)).toHaveLength(1);

    const { token, mail } = await latestLinkFor(email);
    expect(mail.subject).toBe('Kıyasla e-posta adresinizi doğrulayın');
    expect(mail.text).toContain('Merhaba Ayşe,');
    expect(mail.text).toContain('Bağlantı 48 saat geçerlidir');
    expect(mail.html).toContain(`https://kiyasla.test/verify-email?token=${token}`);

    // Only the hash is stored, bound to the address; the link lives 48 hours.
    const [stored] = await t.db.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, account.user._id));
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(stored?.email).toBe(email);
    const ttl = (stored?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(47.9 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(48 * 3_600_000);

    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({
      success: true,
      data: { status: 'verified' },
      message: 'E-posta adresiniz doğrulandı.',
    });
    // The signed-in session sees it at once (the session cache forgot the row).
    expect((await me(account.token)).emailVerified).toBe(true);
  });

  it('a second click on the used link says the address is already verified', async () => {
    const account = await registerUser(t.app);
    const { token } = await latestLinkFor(account.user.email);
    expect((await confirm(token)).statusCode).toBe(200);

    const again = await confirm(token);
    expect(again.statusCode, again.body).toBe(200);
    expect(body(again)).toEqual({
      success: true,
      data: { status: 'already-verified' },
      message: 'E-posta adresiniz zaten doğrulanmış.',
    });
  });

  it('refuses unknown and malformed links with EMAIL_VERIFICATION_INVALID', async () => {
    for (const token of ['x'.repeat(43), 'kisa']) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({
        success: false,
        code: 'EMAIL_VERIFICATION_INVALID',
        message:
          'E-posta doğrulama bağlantısı geçersiz veya daha önce kullanılmış. Gerekirse yeni bir bağlantı isteyin.',
      });
    }
  });

  it('refuses an expired link and leaves the address unverified', async () => {
    const account = await registerUser(t.app);
    const { token } = await latestLinkFor(account.user.email);
    await age(account.user._id, 48 * 3_600_000 + 1000);

    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'EMAIL_VERIFICATION_EXPIRED' });
    expect((await me(account.token)).emailVerified).toBe(false);
  });

  it('a resent link supersedes the older one', async () => {
    const account = await registerUser(t.app);
    const { token: first } = await latestLinkFor(account.user.email);
    await age(account.user._id, 61_000);

    const res = await resend(account.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({
      success: true,
      data: { email: account.user.email, resendAfterSeconds: 60 },
      message: `Doğrulama e-postası ${account.user.email} adresine gönderildi. Lütfen gelen kutunuzu (ve istenmeyen e-posta klasörünü) kontrol edin.`,
    });
    const { token: second } = await latestLinkFor(account.user.email);
    expect(second).not.toBe(first);

    const old = await confirm(first);
    expect(old.statusCode).toBe(400);
    expect(body(old)).toMatchObject({ code: 'EMAIL_VERIFICATION_SUPERSEDED' });
    expect((await me(account.token)).emailVerified).toBe(false);

    expect(body(await confirm(second))).toMatchObject({ data: { status: 'verified' } });
  });

  it('refuses a link sent to an address the account no longer has', async () => {
    const account = await registerUser(t.app);
    const { token } = await latestLinkFor(account.user.email);
    await t.db.db
      .update(users)
      .set({ email: `yeni.${account.user.email}` })
      .where(eq(users.id, account.user._id));

    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'EMAIL_VERIFICATION_EMAIL_CHANGED' });
    const [row] = await t.db.db.select().from(users).where(eq(users.id, account.user._id));
    expect(row?.emailVerified).toBe(false);
  });

  it('a used link never verifies a second time', async () => {
    const account = await registerUser(t.app);
    const { token } = await latestLinkFor(account.user.email);
    expect((await confirm(token)).statusCode).toBe(200);
    // Unverified again (as an address change would leave it): the used link is spent.
    await t.db.db.update(users).set({ emailVerified: false }).where(eq(users.id, account.user._id));

    const res = await confirm(token);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'EMAIL_VERIFICATION_INVALID' });
  });

  it('resends at most once a minute, with a Turkish 429 and Retry-After', async () => {
    const account = await registerUser(t.app);
    const res = await resend(account.token);
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ success: false, code: 'EMAIL_VERIFICATION_RATE_LIMITED' });
    expect(body<{ message: string }>(res).message).toMatch(
      /^Yeni bir doğrulama e-postası istemeden önce lütfen \d+ saniye bekleyin\.$/,
    );
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await verificationMailRows(account.user.email)).toHaveLength(1);
  });

  it('sends at most five verification e-mails in 24 hours', async () => {
    const account = await registerUser(t.app);
    for (let i = 0; i < 4; i++) {
      await age(account.user._id, 61_000);
      expect((await resend(account.token)).statusCode).toBe(200);
    }
    await age(account.user._id, 61_000);
    const res = await resend(account.token);
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ code: 'EMAIL_VERIFICATION_RATE_LIMITED' });
    expect(body<{ message: string }>(res).message).toContain('Son 24 saatte gönderilebilecek 5 doğrulama e-postası');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await verificationMailRows(account.user.email)).toHaveLength(5);

    // A day later the oldest has left the window.
    await age(account.user._id, 24 * 3_600_000 - 5 * 61_000);
    expect((await resend(account.token)).statusCode).toBe(200);
  });

  it('two resends at once never both take the last slot of the day', async () => {
    const account = await registerUser(t.app);
    for (let i = 0; i < 3; i++) {
      await age(account.user._id, 61_000);
      expect((await resend(account.token)).statusCode).toBe(200);
    }
    await age(account.user._id, 61_000);

    const answers = await Promise.all([resend(account.token), resend(account.token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    const tokens = await t.db.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, account.user._id));
    expect(tokens).toHaveLength(5);
    expect(tokens.filter((row) => !row.supersededAt)).toHaveLength(1);
  });

  it('refuses a resend for a verified address (409) and without a session (401)', async () => {
    const session = await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const res = await resend(session.token);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({
      code: 'EMAIL_ALREADY_VERIFIED',
      message: 'E-posta adresiniz zaten doğrulanmış.',
    });
    expect((await resend()).statusCode).toBe(401);
  });
});
