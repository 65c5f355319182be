/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is wrong":
 * PostgreSQL shutting down or restarting, a refused or dropped connection, a pool that could not
 * connect in time. The error handler answers them with 503 SERVICE_UNAVAILABLE (and Retry-After)
 * instead of a 500: the client may retry, the request did not fail on its own (ADR 020).
 *
 * Drizzle wraps driver errors (DrizzleQueryError) and pg wraps some in others, so the whole
 * `cause` chain is inspected.
 */

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, starting up). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);

/** Node socket errors on the way to or from the database. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);

/** node-postgres' own messages for a connection that died or never came. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function unavailableHere(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || SOCKET_CODES.has(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.includes(m));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    if (unavailableHere(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is told to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export interface RetryWhileUnavailableOptions {
  /** Give up (rethrow) after this long; keep it well inside the lease the caller holds. */
  maxMs: number;
  /** First pause; doubles up to 2 s. */
  firstDelayMs?: number;
  /** Called before each pause (logging). */
  onRetry?: (err: unknown, attempt: number) => void;
}

/**
 * Runs `fn` again while it fails because the database is unavailable, for up to `maxMs`: the
 * workers record an outcome that already happened (an e-mail went out, a claim must be given
 * back) this way, so a restart of PostgreSQL between the act and its record neither loses the
 * record until a lease runs out nor, once the lease ran out, repeats the act. Any other error
 * is thrown at once.
 */
export async function retryWhileUnavailable<T>(fn: () => Promise<T>, opts: RetryWhileUnavailableOptions): Promise<T> {
  const started = Date.now();
  let delay = opts.firstDelayMs ?? 250;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() - started + delay > opts.maxMs) throw err;
      opts.onRetry?.(err, attempt);
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 2_000);
    }
  }
}

interface PassLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * How a background worker logs a failed pass: while the database is away, one warning line
 * without the query and stack (the next pass retries; an outage would otherwise print an error
 * with its SQL every second per worker); anything else as the error it is.
 */
export function logPassFailure(log: PassLog, err: unknown, message: string): void {
  if (isDatabaseUnavailable(err)) {
    const reason = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    log.warn({ reason: reason.slice(0, 200) }, `${message}: database unavailable, retried on the next pass`);
  } else {
    log.error({ err }, message);
  }
}
