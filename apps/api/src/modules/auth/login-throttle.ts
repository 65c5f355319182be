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
