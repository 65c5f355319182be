import { describe, expect, it } from 'vitest';
import { isValidEmail } from './validation';

describe('isValidEmail', () => {
  it('accepts ordinary addresses (trimmed)', () => {
    expect(isValidEmail('ayse@example.com')).toBe(true);
    expect(isValidEmail('  ayse.yilmaz@posta.com.tr ')).toBe(true);
  });
  it('rejects blanks, spaces, missing or repeated at-signs and missing dots', () => {
    for (const bad of [
      '',
      '   ',
      'ayse example@x.com',
      'ayse.example.com',
      'a@b@c.com',
      'ayse@example',
      'ayse@.com',
      'ayse@example.',
      '@example.com',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});
