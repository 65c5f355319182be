import { REMEMBER_ME_DAYS } from '@kiyasla/contracts/auth';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteOldRows, type RetentionPassOptions } from './delete-old-rows';
import { ANALYTICS_RETENTION_DAYS } from './prune-analytics-events';

/**
 * A rotated refresh token's row is kept this long after the token's own expiry: the longest a
 * refresh token lives ("Beni hatırla", REMEMBER_ME_DAYS) over again, for reuse detection.
 */
export const ROTATED_SESSION_RETENTION_DAYS = REMEMBER_ME_DAYS;
/** A session's newest row is kept this long after its expiry: its activity feeds the active-user figure. */
export const ENDED_SESSION_RETENTION_DAYS = ANALYTICS_RETENTION_DAYS;
const DAY_MS = 86_400_000;

export interface PrunedSessions {
  /** Rows of tokens that were rotated. */
  rotated: number;
  /** Newest rows of sessions that ended (expired, signed out or revoked). */
  ended: number;
}

/**
 * Deletes the `refresh_sessions` rows nothing needs any more (ADR 004). Every refresh writes a
 * row, so these are most of the table:
 *
 * - a **rotated** token's row (`replaced_by_id` set) ROTATED_SESSION_RETENTION_DAYS after the
 *   token expired. Presenting a rotated token revokes its session (reuse detection) whatever its
 *   age, so the row is what catches an old stolen copy; a token can only be used until it
 *   expires, and the row outlives that by the longest token lifetime again. A rotated row is
 *   never the session itself: sign-in checks, the session list and the export read the newest;
 * - a session's **newest** row (the one no refresh replaced: the live session, or the one that
 *   ended it) ENDED_SESSION_RETENTION_DAYS after it expired. Its last activity, never later than
 *   its expiry, is what the admin analytics count as an active user, for periods up to a year;
 *   the account export lists it until then.
 *
 * A live session is never touched: both bounds lie after the row's expiry. Each kind goes in
 * batches, oldest expiry first, through its partial index on `expires_at` (migration
 * 0033), each batch its own statement. Idempotent and safe to run on several instances at once;
 * called hourly by the server (jobs/scheduler.ts) and directly by tests.
 */
export async function pruneRefreshSessions(
  db: Database,
  opts: RetentionPassOptions & { now?: Date } = {},
): Promise<PrunedSessions> {
  const now = (opts.now ?? new Date()).getTime();
  const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const rotated = await deleteOldRows(
    db,
    'refresh_sessions',
    sql`replaced_by_id is not null and expires_at < ${before(ROTATED_SESSION_RETENTION_DAYS)}::timestamptz`,
    sql`expires_at`,
    opts,
  );
  const ended = await deleteOldRows(
    db,
    'refresh_sessions',
    sql`replaced_by_id is null and expires_at < ${before(ENDED_SESSION_RETENTION_DAYS)}::timestamptz`,
    sql`expires_at`,
    opts,
  );
  return { rotated, ended };
}
