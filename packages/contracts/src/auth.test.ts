import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, mergeNotificationSettings, TOPIC_CHANNEL_KEYS } from './notification-settings';
import { DEFAULT_PASSWORD_POLICY, NAME_DISALLOWED_CHARS, passwordMeetsPolicy, passwordRuleMessage } from './user';
import { registerFormSchema, registerRequestSchema } from './auth';

const valid = { firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com', password: 'Güçlü.Şifre1' };

describe('registration rules (§5)', () => {
  it('gives the specification’s password rule text for the default policy', () => {
    expect(passwordRuleMessage()).toBe(
      'Şifre en az 8 karakter olmalı ve büyük harf, küçük harf, rakam ve özel karakter içermelidir',
    );
    expect(passwordRuleMessage({ ...DEFAULT_PASSWORD_POLICY, minLength: 10, requireNumbers: false })).toBe(
      'Şifre en az 10 karakter olmalı ve büyük harf, küçük harf ve özel karakter içermelidir',
    );
  });

  it.each([
    ['Abcdef1!', true],
    ['ŞİFRE.ğü1', true],
    ['Abcde1!', false],
    ['abcdef1!', false],
    ['ABCDEF1!', false],
    ['Abcdefg!', false],
    ['Abcdefg1', false],
  ])('password %s meets the default policy: %s', (password, ok) => {
    expect(passwordMeetsPolicy(password, DEFAULT_PASSWORD_POLICY)).toBe(ok);
  });

  it('accepts Turkish letters and spaces in names, trims them and lower-cases the e-mail', () => {
    const parsed = registerRequestSchema.parse({
      ...valid,
      firstName: '  Çağla  Nur ',
      lastName: 'Öğüt',
      email: ' Cagla@Example.COM ',
    });
    expect(parsed).toMatchObject({ firstName: 'Çağla Nur', lastName: 'Öğüt', email: 'cagla@example.com' });
  });

  it.each(['A', 'Ali1', 'Ali_Veli', '  ', "O'Neil"])('refuses the name %j with the rule message', (firstName) => {
    const result = registerRequestSchema.safeParse({ ...valid, firstName });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Ad en az 2 karakter olmalı ve sadece harflerden oluşmalıdır');
  });

  it('strips disallowed characters while typing', () => {
    expect('Ay3şe_ Nur!'.replace(NAME_DISALLOWED_CHARS, '')).toBe('Ayşe Nur');
  });

  it.each(['no-at.example.com', 'a b@example.com', 'a@example', '@example.com', 'a@@b.co'])(
    'refuses the e-mail %j',
    (email) => {
      const result = registerRequestSchema.safeParse({ ...valid, email });
      expect(result.error?.issues[0]?.message).toBe('Geçerli bir e-posta adresi girin');
    },
  );

  it('the form checks confirmation, terms and the policy', () => {
    const form = registerFormSchema();
    const base = { ...valid, confirmPassword: valid.password, acceptTerms: true };
    expect(form.safeParse(base).success).toBe(true);
    const messages = (v: object) => form.safeParse(v).error?.issues.map((i) => i.message);
    expect(messages({ ...base, confirmPassword: 'x' })).toContain('Şifreler eşleşmiyor');
    expect(messages({ ...base, acceptTerms: false })).toContain('Kullanım şartlarını kabul etmelisiniz');
    expect(messages({ ...base, password: 'kisa', confirmPassword: 'kisa' })).toContain(passwordRuleMessage());
    expect(messages({ ...base, phone: '12' })).toContain('Geçerli bir telefon numarası girin');
    expect(form.safeParse({ ...base, phone: '+90 532 123 45 67' }).success).toBe(true);
  });
});

describe('notification settings', () => {
  it('has the specification defaults', () => {
    const on = ['price_drop', 'price_target', 'system_updates', 'weekly_summary'] as const;
    const off = ['new_products', 'promotions'] as const;
    for (const topic of on) expect(DEFAULT_NOTIFICATION_SETTINGS[topic]).toBe(true);
    for (const topic of off) expect(DEFAULT_NOTIFICATION_SETTINGS[topic]).toBe(false);
    expect(DEFAULT_NOTIFICATION_SETTINGS.quietHours).toEqual({ start: '22:00', end: '08:00' });
    for (const key of Object.values(TOPIC_CHANNEL_KEYS)) {
      expect(Object.keys(DEFAULT_NOTIFICATION_SETTINGS[key]).sort()).toEqual(['email', 'push', 'sms']);
    }
  });

  it('merges partial updates one level deep and ignores unknown keys', () => {
    const merged = mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, {
      weeklySummaryChannels: { push: true },
      quietHours: { end: '07:00' },
      unknown: true,
    });
    expect(merged.weeklySummaryChannels).toEqual({ push: true, email: true, sms: false });
    expect(merged.quietHours).toEqual({ start: '22:00', end: '07:00' });
    expect(merged).not.toHaveProperty('unknown');
  });

  it('keeps the base value for a stored key that no longer fits, and the valid keys around it', () => {
    const merged = mergeNotificationSettings(DEFAULT_NOTIFICATION_SETTINGS, {
      quietHours: { start: 'noon' },
      promotions: 'yes',
      newsletter: true,
    });
    expect(merged).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, newsletter: true });
  });
});
