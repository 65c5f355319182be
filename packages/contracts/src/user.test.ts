import { describe, expect, it } from 'vitest';
import { emailSchema, normalizeEmail } from './user';

describe('normalizeEmail', () => {
  it('reads the Turkish capital dotted İ as i, not as i + a combining dot', () => {
    expect(normalizeEmail('İLKAY@example.test')).toBe('ilkay@example.test');
    expect(normalizeEmail('İLKAY@example.test')).toHaveLength('ilkay@example.test'.length);
  });

  it('lower-cases ASCII without locale (I stays i, never a dotless ı) and keeps ı as typed', () => {
    expect(normalizeEmail('  IRMAK@Example.TEST ')).toBe('irmak@example.test');
    expect(normalizeEmail('ılgaz@example.test')).toBe('ılgaz@example.test');
  });

  it('composes decomposed letters, so one address has one spelling', () => {
    expect(normalizeEmail('s\u0327ule@example.test')).toBe('şule@example.test');
  });

  it('is what the request schemas store', () => {
    expect(emailSchema.parse(' İLKAY@Example.test')).toBe('ilkay@example.test');
  });
});
