import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicConfigSchema, type PublicConfig } from '@kiyasla/contracts/public-config';
import { DEFAULT_SETTINGS } from '@kiyasla/contracts/settings';
import { systemSettings } from '../../db/schema/system-settings';
import { setSettings, useTestApp } from '../../test/app';
import { resolveSettings, SettingsService } from './settings.service';

const t = useTestApp({ config: { googleClientId: 'client-123.apps.googleusercontent.com' } });

const getConfig = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/config' });
  expect(res.statusCode).toBe(200);
  return publicConfigSchema.parse((res.json() as { data: unknown }).data);
};

describe('GET /api/config', () => {
  it('publishes flags, limits, password policy, plans and sign-in providers from the defaults', async () => {
    const config: PublicConfig = await getConfig();
    expect(config.features).toMatchObject({
      enableRegistration: true,
      enableSocialLogin: true,
      enablePriceAlerts: true,
    });
    expect(config.limits).toEqual({
      maxComparisonItems: 5,
      minComparisonItems: 2,
      maxWishlistItems: 20,
      premiumWishlistItems: 500,
      savedComparisons: { free: 3, 'monthly-premium': 10, 'yearly-premium': null, 'lifetime-premium': null },
      avatarMaxBytes: 5 * 1024 * 1024,
    });
    expect(config.passwordPolicy).toEqual({
      minLength: 8,
      requireUppercase: true,
      requireLowercase: true,
      requireNumbers: true,
      requireSymbols: true,
    });
    expect(config.plans.map((p) => [p.id, p.price, p.originalPrice, p.popular])).toEqual([
      ['monthly-premium', 29.99, null, false],
      ['yearly-premium', 337.5, 449.99, true],
      ['lifetime-premium', 1429.99, null, false],
    ]);
    expect(config.auth).toMatchObject({
      googleClientId: 'client-123.apps.googleusercontent.com',
      facebookAppId: null,
      rememberMeDays: 30,
      sessionTimeoutMinutes: 60,
    });
    expect(config.maintenance).toMatchObject({
      enabled: false,
      message: DEFAULT_SETTINGS.maintenance.maintenanceMessage,
    });
  });

  it('follows what operators set', async () => {
    await setSettings(t, 'features', { maxComparisonItems: 8, maxWishlistItems: 50, enableWishlist: false });
    await setSettings(t, 'security', { passwordMinLength: 10, passwordRequireSymbols: false, sessionTimeout: 30 });
    await setSettings(t, 'maintenance', { enableMaintenanceMode: true, maintenanceMessage: 'Bakım: 02:00’ye kadar.' });
    const config = await getConfig();
    expect(config.limits).toMatchObject({ maxComparisonItems: 8, maxWishlistItems: 50 });
    expect(config.features.enableWishlist).toBe(false);
    expect(config.passwordPolicy).toMatchObject({ minLength: 10, requireSymbols: false });
    expect(config.auth.sessionTimeoutMinutes).toBe(30);
    expect(config.maintenance).toMatchObject({ enabled: true, message: 'Bakım: 02:00’ye kadar.' });
  });

  it('never carries a secret, even when payment credentials are set', async () => {
    await setSettings(t, 'payment', {
      stripeSecretKey: 'sk_live_SECRET',
      webhookSecret: 'whsec_SECRET',
      iyzicoSecretKey: 'SECRET',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.body).not.toContain('SECRET');
    expect(res.body).not.toMatch(/secret/i);
  });
});

describe('SettingsService', () => {
  it('falls back to the defaults key by key for missing or invalid stored values', () => {
    const resolved = resolveSettings(
      new Map([['security', { passwordMinLength: 3, maxLoginAttempts: 7, sessionTimeout: 'long' }]]),
    );
    expect(resolved.security).toMatchObject({
      passwordMinLength: DEFAULT_SETTINGS.security.passwordMinLength,
      maxLoginAttempts: 7,
      sessionTimeout: DEFAULT_SETTINGS.security.sessionTimeout,
    });
    expect(resolved.features).toEqual(DEFAULT_SETTINGS.features);
  });

  it('caches for its TTL and reloads after invalidate()', async () => {
    const service = new SettingsService(t.db.db, 60_000);
    expect((await service.group('security')).maxLoginAttempts).toBe(5);
    const [row] = await t.db.db.select().from(systemSettings).where(eq(systemSettings.group, 'security'));
    await t.db.db
      .update(systemSettings)
      .set({ value: { ...row?.value, maxLoginAttempts: 9 } })
      .where(eq(systemSettings.group, 'security'));
    expect((await service.group('security')).maxLoginAttempts).toBe(5);
    service.invalidate();
    expect((await service.group('security')).maxLoginAttempts).toBe(9);
  });
});
