import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  SETTINGS_GROUPS,
  emailSettingsSchema,
  generalSettingsSchema,
  securitySettingsSchema,
  settingsMessages,
  systemSettingsSchema,
} from './settings';

describe('system settings', () => {
  it('ships defaults that pass their own validation for every group', () => {
    expect(systemSettingsSchema.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual([...SETTINGS_GROUPS].sort());
  });

  it('enforces the admin ranges', () => {
    const ok = DEFAULT_SETTINGS.security;
    expect(securitySettingsSchema.safeParse({ ...ok, passwordMinLength: 5 }).success).toBe(false);
    expect(securitySettingsSchema.safeParse({ ...ok, sessionTimeout: 1441 }).success).toBe(false);
    expect(securitySettingsSchema.safeParse({ ...ok, maxLoginAttempts: 3, lockoutDuration: 60 }).success).toBe(true);
  });

  it('refuses line breaks and other control characters in the names that go into mail headers', () => {
    for (const value of [
      'Kıyasla\r\nBcc: herkes@example.com',
      'Kıyasla\nX',
      'Kıya\tsla',
      'Kıya\u0085sla',
      'Kıya\u2028sla',
      'Kıya\u0000sla',
    ]) {
      const fromName = emailSettingsSchema.safeParse({ ...DEFAULT_SETTINGS.email, fromName: value });
      expect(
        fromName.error?.issues.map((i) => [i.path.join('.'), i.message]),
        JSON.stringify(value),
      ).toEqual([['fromName', settingsMessages.singleLine('fromName')]]);
      const siteName = generalSettingsSchema.safeParse({ ...DEFAULT_SETTINGS.general, siteName: value });
      expect(siteName.error?.issues.map((i) => i.message)).toEqual([settingsMessages.singleLine('siteName')]);
    }
    expect(settingsMessages.singleLine('fromName')).toBe(
      'Gönderen adı tek satır olmalı ve kontrol karakteri içermemelidir',
    );
    expect(
      emailSettingsSchema.safeParse({ ...DEFAULT_SETTINGS.email, fromName: 'Kıyasla Bildirim – Çağrı' }).success,
    ).toBe(true);
  });
});
