import { describe, expect, it } from 'vitest';
import { phoneSchema } from '@kiyasla/contracts/user';
import { formatPhoneInput } from './phone-input';

describe('formatPhoneInput', () => {
  it('prefixes +90 and groups the digits as they are typed', () => {
    expect(formatPhoneInput('5')).toBe('+90 5');
    expect(formatPhoneInput('532')).toBe('+90 532');
    expect(formatPhoneInput('5321')).toBe('+90 532 1');
    expect(formatPhoneInput('532123456')).toBe('+90 532 123 45 6');
    expect(formatPhoneInput('5321234567')).toBe('+90 532 123 45 67');
  });

  it('keeps at most 10 digits and 17 characters', () => {
    const full = formatPhoneInput('+90 532 123 45 6789');
    expect(full).toBe('+90 532 123 45 67');
    expect(full).toHaveLength(17);
  });

  it('accepts pasted numbers with the trunk zero or the country code', () => {
    expect(formatPhoneInput('0532 123 45 67')).toBe('+90 532 123 45 67');
    expect(formatPhoneInput('905321234567')).toBe('+90 532 123 45 67');
    expect(formatPhoneInput('+90 (532) 123-45-67')).toBe('+90 532 123 45 67');
  });

  it('empties the field when no digit is left', () => {
    expect(formatPhoneInput('+90 ')).toBe('');
    expect(formatPhoneInput('abc')).toBe('');
    expect(formatPhoneInput('')).toBe('');
  });

  it('produces numbers the contract accepts', () => {
    expect(phoneSchema.safeParse(formatPhoneInput('5321234567')).success).toBe(true);
  });
});
