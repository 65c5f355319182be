import { PHONE_MAX_LENGTH, PHONE_PREFIX } from '@kiyasla/contracts/user';

/** Digits of a Turkish number after the country code (spec §5/§9: up to 10). */
export const PHONE_DIGITS = 10;

/**
 * Formats the optional phone input as the user types (spec §5: auto-prefixed +90, up to 10
 * digits, at most 17 characters): "05321234567", "5321234567" or "+90 532 123 45 67" all
 * become "+90 532 123 45 67". No digits at all leaves the field empty.
 */
export function formatPhoneInput(value: string): string {
  let rest = value.trim();
  if (rest.startsWith(PHONE_PREFIX)) rest = rest.slice(PHONE_PREFIX.length);
  let digits = rest.replace(/\D/g, '');
  // A pasted "90532…" or "0532…": the country code or the trunk zero is not part of the 10 digits.
  if (digits.length > PHONE_DIGITS && digits.startsWith('90')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.replace(/^0+/, '');
  digits = digits.slice(0, PHONE_DIGITS);
  if (!digits) return '';
  const groups = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 8), digits.slice(8, 10)].filter(Boolean);
  return `${PHONE_PREFIX} ${groups.join(' ')}`.slice(0, PHONE_MAX_LENGTH);
}
