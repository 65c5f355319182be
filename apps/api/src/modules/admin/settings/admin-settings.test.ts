import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SECRET_MASK, type AuditEntry } from '@kiyasla/contracts/admin-audit';
import { adminSettingsMessages, type SettingsExport } from '@kiyasla/contracts/admin-settings';
import {
  DEFAULT_SETTINGS,
  SETTINGS_RANGES,
  settingsMessages,
  smtpSettingsMessages,
  type SystemSettings,
} from '@kiyasla/contracts/settings';
import { systemSettings } from '../../../db/schema/system-settings';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';
import { mailHeaders, startSmtpStandIn } from '../../notifications/deliveries/smtp-stand-in';

const t = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
});

async function getSettings(): Promise<SystemSettings> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: SystemSettings }>(res).data;
}

function save(settings: SystemSettings) {
  return t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(token), payload: settings });
}

async function latestAudit(): Promise<AuditEntry> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/audit-log?entityType=settings',
    headers: bearer(token),
  });
  return body<{ data: AuditEntry[] }>(res).data[0]!;
}

const STRIPE_SECRET = 'sk_test_gizli_1234567890';

describe('secrets', () => {
  it('are stored encrypted, obeyed in clear, and never returned or audited in clear', async () => {
    const settings = await getSettings();
    settings.payment.stripeSecretKey = STRIPE_SECRET;
    settings.payment.provider = 'stripe';
    const res = await save(settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({
      message: adminSettingsMessages.saved,
      data: { payment: { stripeSecretKey: SECRET_MASK } },
    });
    expect(res.body).not.toContain(STRIPE_SECRET);

    const [row] = await t.db.db.select().from(systemSettings).where(eq(systemSettings.group, 'payment'));
    expect(String(row!.value.stripeSecretKey)).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row!.value)).not.toContain(STRIPE_SECRET);
    expect((await t.app.settings.group('payment')).stripeSecretKey).toBe(STRIPE_SECRET);

    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(token) });
    expect(read.body).not.toContain(STRIPE_SECRET);
    expect(body<{ data: SystemSettings }>(read).data.payment).toMatchObject({
      stripeSecretKey: SECRET_MASK,
      webhookSecret: '',
    });

    const entry = await latestAudit();
    expect(entry).toMatchObject({
      action: 'settings.update',
      entityId: 'payment',
      after: { changedSecrets: ['payment.stripeSecretKey'] },
    });
    expect(JSON.stringify(entry)).not.toContain(STRIPE_SECRET);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.body).not.toContain(STRIPE_SECRET);
  });

  it('a masked secret sent back keeps its value; a new one replaces it', async () => {
    const settings = await getSettings();
    expect(settings.payment.stripeSecretKey).toBe(SECRET_MASK);
    settings.general.siteName = 'Kıyasla Test';
    expect((await save(settings)).statusCode).toBe(200);
    expect((await t.app.settings.group('payment')).stripeSecretKey).toBe(STRIPE_SECRET);
    expect((await latestAudit()).after).toEqual({ general: expect.objectContaining({ siteName: 'Kıyasla Test' }) });

    settings.payment.stripeSecretKey = 'sk_test_yeni';
    expect((await save(settings)).statusCode).toBe(200);
    expect((await t.app.settings.group('payment')).stripeSecretKey).toBe('sk_test_yeni');
  });

  it('the export link serves the settings without any secret, and only while its signature holds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/settings/export', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { downloadUrl } = body<{ data: SettingsExport }>(res).data;
    const file = await t.app.inject({ method: 'GET', url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="kiyasla-ayarlar-/);
    const exported = JSON.parse(file.body) as SystemSettings;
    expect(exported.general.siteName).toBe('Kıyasla Test');
    expect(exported.payment.stripeSecretKey).toBe('');
    expect(file.body).not.toContain('sk_test_yeni');
    expect(file.body).not.toContain(SECRET_MASK);

    const signature = /signature=([\w-]+)/.exec(downloadUrl)![1]!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    const refused = await t.app.inject({ method: 'GET', url: downloadUrl.replace(signature, flipped) });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 'EXPORT_LINK_INVALID' });
    const expired = await t.app.inject({ method: 'GET', url: downloadUrl.replace(/expires=\d+/, 'expires=1000') });
    expect(expired.statusCode).toBe(403);
  });
});

describe('validation (spec §5 ranges)', () => {
  const cases: { group: 'security' | 'features'; field: keyof typeof SETTINGS_RANGES }[] = [
    { group: 'security', field: 'passwordMinLength' },
    { group: 'security', field: 'sessionTimeout' },
    { group: 'security', field: 'maxLoginAttempts' },
    { group: 'security', field: 'lockoutDuration' },
    { group: 'features', field: 'maxComparisonItems' },
    { group: 'features', field: 'maxWishlistItems' },
    { group: 'features', field: 'priceDropThreshold' },
  ];

  it.each(cases)(
    '$field: both bounds are accepted, one past either is refused naming the field',
    async ({ group, field }) => {
      const { min, max } = SETTINGS_RANGES[field];
      const settings = await getSettings();
      for (const value of [min, max]) {
        (settings[group] as Record<string, unknown>)[field] = value;
        expect((await save(settings)).statusCode, `${field}=${value}`).toBe(200);
      }
      for (const value of [min - 1, max + 1]) {
        (settings[group] as Record<string, unknown>)[field] = value;
        const res = await save(settings);
        expect(res.statusCode, `${field}=${value}`).toBe(400);
        const message = settingsMessages.range(field as Parameters<typeof settingsMessages.range>[0], min, max);
        expect(body(res)).toMatchObject({
          code: 'VALIDATION_ERROR',
          message,
          errors: [{ path: `body.${group}.${field}`, message }],
        });
      }
      // Nothing refused was stored.
      expect(((await getSettings())[group] as Record<string, unknown>)[field]).toBe(max);
    },
  );

  it('taxRate: 0 and 1 with steps of 0.01', async () => {
    const settings = await getSettings();
    for (const value of [0, 1, 0.18]) {
      settings.payment.taxRate = value;
      expect((await save(settings)).statusCode, String(value)).toBe(200);
    }
    for (const [value, message] of [
      [-0.01, settingsMessages.range('taxRate', 0, 1)],
      [1.01, settingsMessages.range('taxRate', 0, 1)],
      [0.185, settingsMessages.taxRateStep],
    ] as const) {
      settings.payment.taxRate = value;
      const res = await save(settings);
      expect(res.statusCode, String(value)).toBe(400);
      expect(body(res)).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
  });

  it('refuses scheduled maintenance without its dates, or ending before it starts', async () => {
    const settings = await getSettings();
    settings.maintenance.scheduledMaintenance = { enabled: true, startDate: null, endDate: null };
    expect(body(await save(settings))).toMatchObject({ message: settingsMessages.scheduleDatesRequired });
    settings.maintenance.scheduledMaintenance = {
      enabled: true,
      startDate: '2030-01-02T10:00:00+03:00',
      endDate: '2030-01-01T10:00:00+03:00',
    };
    expect(body(await save(settings))).toMatchObject({ message: settingsMessages.scheduleOrder });
  });
});

describe('effect', () => {
  it('a saved limit applies at once to what the API obeys', async () => {
    const settings = await getSettings();
    settings.features.maxComparisonItems = 7;
    settings.features.enableRegistration = false;
    expect((await save(settings)).statusCode).toBe(200);
    const config = body<{
      data: { limits: { maxComparisonItems: number }; features: { enableRegistration: boolean } };
    }>(await t.app.inject({ method: 'GET', url: '/api/config' })).data;
    expect(config.limits.maxComparisonItems).toBe(7);
    expect(config.features.enableRegistration).toBe(false);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Ali', lastName: 'Veli', email: 'kapali@example.com', password: 'Güçlü.Şifre1' },
    });
    expect(register.statusCode).toBe(403);
  });

  it("another instance's save reaches this one's settings at its commit", async () => {
    await t.app.settings.all();
    await t.db.db.transaction(async (tx) => {
      await tx
        .update(systemSettings)
        .set({ value: { ...DEFAULT_SETTINGS.features, maxComparisonItems: 3 } })
        .where(eq(systemSettings.group, 'features'));
      await tx.execute(sql`select pg_notify('kiyasla_reads', 'settings')`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await t.app.settings.group('features')).maxComparisonItems).toBe(3);
  });

  it('reset returns every group to its defaults and is audited', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/settings/reset', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ message: adminSettingsMessages.reset, data: DEFAULT_SETTINGS });
    expect((await t.app.settings.group('payment')).stripeSecretKey).toBe('');
    expect(await latestAudit()).toMatchObject({ action: 'settings.reset' });
  });
});

describe('the e-mail tab’s test button', () => {
  const send = () => t.app.inject({ method: 'POST', url: '/api/admin/settings/email/test', headers: bearer(token) });

  it("sends one message at once to the signed-in admin's own address and says where it went", async () => {
    const spy = vi.spyOn(t.app.mail.transport, 'send');
    try {
      const res = await send();
      expect(res.statusCode, res.body).toBe(200);
      const to = DEMO_ACCOUNTS.admin.email;
      // Without SMTP_URL the transport only logs, and the answer says so rather than claiming delivery.
      expect(body(res)).toMatchObject({
        data: { to, delivery: 'log' },
        message: adminSettingsMessages.emailTestLogged(to),
      });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy.mock.calls[0]![0]).toMatchObject({ to, subject: adminSettingsMessages.emailTestSubject });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 502 EMAIL_TEST_FAILED in Turkish when the mail server refuses', async () => {
    const spy = vi.spyOn(t.app.mail.transport, 'send').mockRejectedValueOnce(new Error('ECONNREFUSED'));
    try {
      const res = await send();
      expect(res.statusCode).toBe(502);
      expect(body(res)).toMatchObject({ code: 'EMAIL_TEST_FAILED', message: adminSettingsMessages.emailTestFailed });
      expect(res.body).not.toContain('ECONNREFUSED');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the e-mail tab’s SMTP server and sender (no MAIL_FROM, the default setup)', () => {
  const app = useTestApp({ config: { mailFrom: undefined } });
  let adminToken: string;
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

  beforeAll(async () => {
    adminToken = (await loginAs(app.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
    smtp = await startSmtpStandIn();
    return () => smtp.close();
  });

  const read = async () =>
    body<{ data: SystemSettings }>(
      await app.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(adminToken) }),
    ).data;
  const saveEmail = async (patch: Partial<SystemSettings['email']>) => {
    const settings = await read();
    return app.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(adminToken),
      payload: { ...settings, email: { ...settings.email, ...patch } },
    });
  };
  const sendTest = () =>
    app.app.inject({ method: 'POST', url: '/api/admin/settings/email/test', headers: bearer(adminToken) });
  const adminInbox = () => smtp.inbox.filter((mail) => mail.to.includes(DEMO_ACCOUNTS.admin.email));

  it('sends the test mail through the saved SMTP server, from the saved sender', async () => {
    const res = await saveEmail({
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      fromName: 'Kıyasla Bildirim',
      fromAddress: 'gonderen@kiyasla.test',
      replyTo: 'yanit@kiyasla.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = adminInbox().length;
    const test = await sendTest();
    expect(test.statusCode, test.body).toBe(200);
    expect(body(test)).toMatchObject({ data: { delivery: 'smtp' } });
    const received = adminInbox();
    expect(received).toHaveLength(before + 1);
    const headers = mailHeaders(received.at(-1)!.raw);
    expect(headers.get('from')).toContain('<gonderen@kiyasla.test>');
    expect(headers.get('from')).not.toContain('no-reply');
    expect(headers.get('reply-to')).toBe('yanit@kiyasla.test');
    expect(headers.get('subject')).toBeDefined();
  });

  it('sends outbox mail (resets, summaries) through the same server', async () => {
    const before = smtp.inbox.length;
    await app.app.mail.enqueue(app.db.db, 'email.test', {
      to: 'kuyruk@kiyasla.test',
      subject: 'Kuyruktan',
      text: 'Merhaba',
    });
    while ((await app.app.mail.runOnce()) > 0);
    expect(smtp.inbox.slice(before).map((mail) => mail.to)).toEqual([['kuyruk@kiyasla.test']]);
    expect(mailHeaders(smtp.inbox.at(-1)!.raw).get('from')).toContain('<gonderen@kiyasla.test>');
  });

  it('uses a changed server at once: a port nobody listens on fails, an empty host goes back to the log', async () => {
    expect((await saveEmail({ smtpPort: 9 })).statusCode).toBe(200);
    const down = await sendTest();
    expect(down.statusCode).toBe(502);
    expect(body(down)).toMatchObject({ code: 'EMAIL_TEST_FAILED' });

    expect((await saveEmail({ smtpHost: '', smtpPort: 587 })).statusCode).toBe(200);
    const before = smtp.inbox.length;
    const logged = await sendTest();
    expect(logged.statusCode, logged.body).toBe(200);
    expect(body(logged)).toMatchObject({ data: { delivery: 'log' } });
    expect(smtp.inbox).toHaveLength(before);
  });

  it('keeps the SMTP password encrypted and masked; the mask sent back keeps it', async () => {
    const PASSWORD = 'smtp-gizli-sifre-123';
    const res = await saveEmail({ smtpHost: 'smtp.ornek.com', smtpUser: 'posta', smtpPassword: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(PASSWORD);
    expect(body<{ data: SystemSettings }>(res).data.email.smtpPassword).toBe(SECRET_MASK);
    const [row] = await app.db.db.select().from(systemSettings).where(eq(systemSettings.group, 'email'));
    expect(String(row!.value.smtpPassword)).toMatch(/^enc:v1:/);
    expect((await app.app.settings.group('email')).smtpPassword).toBe(PASSWORD);

    // The form sends the mask back with another change: the password stays.
    expect((await saveEmail({ smtpPort: 465, smtpSecure: true })).statusCode).toBe(200);
    expect(await app.app.settings.group('email')).toMatchObject({ smtpPassword: PASSWORD, smtpPort: 465 });
    const exported = await app.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(adminToken) });
    expect(exported.body).not.toContain(PASSWORD);
  });

  it('refuses invalid SMTP fields with a Turkish message naming the field', async () => {
    const cases: [Partial<SystemSettings['email']>, string][] = [
      [{ smtpPort: 0 }, settingsMessages.range('smtpPort', 1, 65535)],
      [{ smtpPort: 70_000 }, settingsMessages.range('smtpPort', 1, 65535)],
      [{ smtpHost: 'smtp://ornek.com' }, smtpSettingsMessages.host],
      [{ smtpHost: '', smtpUser: 'posta', smtpPassword: '' }, smtpSettingsMessages.hostRequired],
      [{ smtpHost: 'smtp.ornek.com', smtpUser: '', smtpPassword: 'gizli' }, smtpSettingsMessages.userRequired],
    ];
    for (const [patch, message] of cases) {
      const res = await saveEmail(patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(body(res)).toMatchObject({ message });
    }
    expect(smtpSettingsMessages.hostRequired).toContain('SMTP sunucusu');
    expect(settingsMessages.range('smtpPort', 1, 65535)).toContain('SMTP portu');
  });

  it('refuses a sender name with a line break (a header of every mail), keeping the saved one', async () => {
    const before = (await read()).email.fromName;
    for (const fromName of ['Kıyasla\r\nBcc: herkes@example.com', 'Kıyasla\nX-Spam: 1']) {
      const res = await saveEmail({ fromName });
      expect(res.statusCode, JSON.stringify(fromName)).toBe(400);
      const message = 'Gönderen adı tek satır olmalı ve kontrol karakteri içermemelidir';
      expect(body(res)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message,
        errors: [{ path: 'body.email.fromName', message }],
      });
    }
    expect((await read()).email.fromName).toBe(before);
  });
});
