import { messages } from '@kiyasla/contracts/messages';
import { AppError } from '../../lib/errors';

/**
 * Lockout bookkeeping for e-mails that have no account. Without it, "account locked" would only
 * ever appear for registered e-mails and the lockout itself would reveal who has an account.
 * In-process and bounded (oldest entries are dropped first); several instances each keep their
 * own, which only makes the phantom lockout less strict, never the real one.
 */
export class PhantomLockouts {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();

  constructor(private readonly maxEntries = 10_000) {}

  lockedUntil(email: string, now: number): number | null {
    const entry = this.entries.get(email);
    return entry && entry.lockedUntil > now ? entry.lockedUntil : null;
  }

  /** Counts a failure; returns the lock expiry when this failure locks the e-mail. */
  fail(email: string, now: number, maxAttempts: number, lockMs: number): number | null {
    const entry = this.entries.get(email) ?? { failures: 0, lockedUntil: 0 };
    this.entries.delete(email);
    entry.failures += 1;
    let locked: number | null = null;
    if (entry.failures >= maxAttempts) {
      entry.failures = 0;
      entry.lockedUntil = now + lockMs;
      locked = entry.lockedUntil;
    }
    this.entries.set(email, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return locked;
  }
}

/** The longest a client is kept from trying one account's password again. */
const MAX_CLIENT_BLOCK_MS = 24 * 60 * 60_000;

/**
 * Failed sign-ins per (account, client) — a client being a known device (known-device.ts) or
 * else an IP address. After `maxLoginAttempts` failures the client waits `lockoutDuration`, and
 * each further round of failures doubles the wait (up to a day): a guesser slows down only
 * itself, while the account's owner on another client is untouched. In-process and bounded
 * like PhantomLockouts; a success clears the client's record.
 */
export class ClientThrottle {
  private readonly entries = new Map<string, { failures: number; rounds: number; blockedUntil: number }>();

  constructor(private readonly maxEntries = 50_000) {}

  static key(email: string, client: string): string {
    return `${email}\n${client}`;
  }

  blockedUntil(key: string, now: number): number | null {
    const entry = this.entries.get(key);
    return entry && entry.blockedUntil > now ? entry.blockedUntil : null;
  }

  /** Counts a failure; returns when the client may try again if this failure makes it wait. */
  fail(key: string, now: number, maxAttempts: number, lockMs: number): number | null {
    const entry = this.entries.get(key) ?? { failures: 0, rounds: 0, blockedUntil: 0 };
    this.entries.delete(key);
    entry.failures += 1;
    let blocked: number | null = null;
    if (entry.failures >= maxAttempts) {
      entry.failures = 0;
      entry.rounds += 1;
      entry.blockedUntil = now + Math.min(lockMs * 2 ** (entry.rounds - 1), MAX_CLIENT_BLOCK_MS);
      blocked = entry.blockedUntil;
    }
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return blocked;
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * A refusal that ends at a known time (423 ACCOUNT_LOCKED, 429 RATE_LIMITED): the auth routes
 * answer it with `Retry-After` (route-defaults.ts).
 */
export class RetryLaterError extends AppError {
  constructor(
    status: 423 | 429,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, code, message);
  }
}

const retryAfter = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

/** 423: the account is locked until `until` (ms), for every client that is not a known device. */
export function accountLocked(until: number, now: number): RetryLaterError {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return new RetryLaterError(423, 'ACCOUNT_LOCKED', messages.auth.accountLocked(minutes), retryAfter(until, now));
}

/** 429: this client tried this account too often and waits until `until` (ms). */
export function clientThrottled(until: number, now: number): RetryLaterError {
  return new RetryLaterError(429, 'RATE_LIMITED', messages.auth.loginRateLimited, retryAfter(until, now));
}
