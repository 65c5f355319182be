import { createHmac, timingSafeEqual } from 'node:crypto';

/** base64(HMAC-SHA256(data, secret)): the signature of Shopier's form and callback, and of ours. */
export function hmacBase64(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('base64');
}

/** Constant-time comparison of two signatures (a different length is simply unequal). */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
