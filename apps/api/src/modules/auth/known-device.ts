import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * "Known devices" (ADR 004): after a successful sign-in the browser gets a signed cookie saying
 * "account X signed in here before". It lets the right password through an account lock that
 * someone else's wrong guesses caused, and gives the device a throttling bucket of its own.
 * It is no credential: the password is still checked, and it only says something about the
 * account it names. HttpOnly, SameSite=Strict, sent only to /api/auth.
 */
export const KNOWN_DEVICE_COOKIE = 'kiyasla_device';
/** How long a browser stays known without signing in again. */
export const KNOWN_DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** Accounts one browser remembers (a shared family computer); the oldest drops out. */
const MAX_ACCOUNTS = 5;

interface Entry {
  userId: string;
  deviceId: string;
  issuedS: number;
  mac: string;
}

function macOf(secret: string, userId: string, deviceId: string, issuedS: number): string {
  return createHmac('sha256', secret)
    .update(`kiyasla:known-device:${userId}:${deviceId}:${issuedS}`)
    .digest('base64url');
}

function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieValue(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === KNOWN_DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The cookie's entries whose signature holds and which have not expired. */
function validEntries(secret: string, cookieHeader: string | undefined, nowMs: number): Entry[] {
  const value = cookieValue(cookieHeader);
  if (!value || value.length > 2_000) return [];
  const nowS = Math.floor(nowMs / 1000);
  const entries: Entry[] = [];
  for (const raw of value.split('.').slice(0, MAX_ACCOUNTS)) {
    const [userId, deviceId, issued, mac] = raw.split('~');
    const issuedS = Number(issued);
    if (!userId || !deviceId || !mac || !Number.isSafeInteger(issuedS)) continue;
    if (issuedS > nowS + 60 || nowS - issuedS > KNOWN_DEVICE_MAX_AGE_S) continue;
    if (!sameMac(mac, macOf(secret, userId, deviceId, issuedS))) continue;
    entries.push({ userId, deviceId, issuedS, mac });
  }
  return entries;
}

/** This browser's device id for `userId`, when its cookie proves an earlier sign-in to that account. */
export function knownDeviceOf(
  secret: string,
  cookieHeader: string | undefined,
  userId: string,
  nowMs = Date.now(),
): string | undefined {
  return validEntries(secret, cookieHeader, nowMs).find((e) => e.userId === userId)?.deviceId;
}

/**
 * The Set-Cookie value that makes this browser known for `userId` (its device id kept when it
 * had one), next to the other accounts it already knew.
 */
export function knownDeviceSetCookie(
  secret: string,
  cookieHeader: string | undefined,
  userId: string,
  opts: { secure: boolean; nowMs?: number },
): string {
  const nowMs = opts.nowMs ?? Date.now();
  const issuedS = Math.floor(nowMs / 1000);
  const existing = validEntries(secret, cookieHeader, nowMs);
  const deviceId = existing.find((e) => e.userId === userId)?.deviceId ?? randomBytes(12).toString('base64url');
  const entries = [
    { userId, deviceId, issuedS, mac: macOf(secret, userId, deviceId, issuedS) },
    ...existing.filter((e) => e.userId !== userId),
  ].slice(0, MAX_ACCOUNTS);
  const value = entries.map((e) => [e.userId, e.deviceId, e.issuedS, e.mac].join('~')).join('.');
  return [
    `${KNOWN_DEVICE_COOKIE}=${value}`,
    'Path=/api/auth',
    `Max-Age=${KNOWN_DEVICE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}
