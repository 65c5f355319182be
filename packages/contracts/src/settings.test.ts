import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_GROUPS, securitySettingsSchema, systemSettingsSchema } from './settings';

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
});
