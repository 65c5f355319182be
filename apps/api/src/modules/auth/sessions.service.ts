import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REMEMBER_ME_DAYS,
  SESSION_MAX_HOURS,
  type AuthSession,
} from '@kiyasla/contracts/auth';
import { messages } from '@kiyasla/contracts/messages';
import type { Database, Transaction } from '../../db/client';
import type { RefreshSessionRow } from '../../db/schema/refresh-sessions';
import type { UserRow } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import {
  findSessionByTokenHashForUpdate,
  findUserById,
  insertSession,
  markRotated,
  revokeFamily,
  revokeUserSessions,
} from './auth.repo';
import { sessionCache } from './session-cache';
import { hashToken, randomToken, signAccessToken } from './tokens';
import { presentUser } from './user.presenter';

/**
 * Session semantics (docs/decisions/004-sessions-and-tokens.md):
 * - A session is a refresh-token family born at sign-in. Each refresh rotates the token; the
 *   family id is the `sid` claim of every access token issued for it.
 * - Without "Beni hatırla" a session ends after `sessionTimeout` idle minutes (admin security
 *   setting, read live) and at the latest SESSION_MAX_HOURS after sign-in.
 * - With "Beni hatırla" it lasts REMEMBER_ME_DAYS since its last refresh and ignores the idle timeout.
 * - Access tokens live ACCESS_TOKEN_TTL_SECONDS, never beyond the session's expiry.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

export interface SessionDeps {
  db: Database;
  config: { jwtSecret: string };
}

/** Why a stored session can no longer be used, or null while it is alive. */
export function sessionEndReason(
  session: Pick<RefreshSessionRow, 'expiresAt' | 'lastUsedAt' | 'createdAt' | 'remember'>,
  idleTimeoutMinutes: number,
  now: Date,
): 'expired' | 'idle' | null {
  if (session.expiresAt.getTime() <= now.getTime()) return 'expired';
  const lastActivity = session.lastUsedAt ?? session.createdAt;
  if (!session.remember && lastActivity.getTime() + idleTimeoutMinutes * MINUTE_MS <= now.getTime()) return 'idle';
  return null;
}

function rememberExpiry(now: Date): Date {
  return new Date(now.getTime() + REMEMBER_ME_DAYS * DAY_MS);
}

async function issue(
  deps: SessionDeps,
  user: UserRow,
  familyId: string,
  sessionExpiresAt: Date,
  refreshToken: string,
  now: Date,
): Promise<AuthSession> {
  const accessExpiry = new Date(Math.min(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000, sessionExpiresAt.getTime()));
  const token = await signAccessToken(
    deps.config.jwtSecret,
    { sub: user.id, sid: familyId, role: user.role },
    accessExpiry,
  );
  return { user: presentUser(user, now), token, refreshToken, expiresAt: accessExpiry.toISOString() };
}

/** Starts a new session (sign-in, registration) and returns the login payload. */
export async function startSession(
  deps: SessionDeps,
  user: UserRow,
  opts: { remember: boolean; client: ClientInfo },
  now = new Date(),
): Promise<AuthSession> {
  const refreshToken = randomToken();
  const familyId = randomUUID();
  const expiresAt = opts.remember ? rememberExpiry(now) : new Date(now.getTime() + SESSION_MAX_HOURS * 3_600_000);
  await insertSession(deps.db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt,
    remember: opts.remember,
    userAgent: opts.client.userAgent,
    ip: opts.client.ip,
    now,
  });
  return issue(deps, user, familyId, expiresAt, refreshToken, now);
}

type RefreshOutcome =
  { ok: true; user: UserRow; familyId: string; expiresAt: Date; refreshToken: string } | { ok: false; error: AppError };

/**
 * Rotates a refresh token. Presenting a token that was already rotated means it was copied:
 * the whole family is revoked (the thief's and the owner's copies die together) and the answer
 * is 401 REFRESH_REUSED. Revocations commit even though the request fails.
 */
export async function refreshSession(
  deps: SessionDeps,
  refreshToken: string,
  idleTimeoutMinutes: number,
  client: ClientInfo,
  now = new Date(),
): Promise<AuthSession> {
  let familyId: string | undefined;
  const outcome = await deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const row = await findSessionByTokenHashForUpdate(tx, hashToken(refreshToken));
    if (!row) return { ok: false, error: new AppError(401, 'REFRESH_INVALID', messages.auth.tokenInvalid) };
    familyId = row.familyId;
    if (row.replacedById) {
      await revokeFamily(tx, row.familyId, 'reuse', now);
      return { ok: false, error: new AppError(401, 'REFRESH_REUSED', messages.auth.refreshReused) };
    }
    if (row.revokedAt) return { ok: false, error: new AppError(401, 'SESSION_REVOKED', messages.auth.sessionRevoked) };
    const ended = sessionEndReason(row, idleTimeoutMinutes, now);
    if (ended) {
      await revokeFamily(tx, row.familyId, ended, now);
      return { ok: false, error: new AppError(401, 'SESSION_EXPIRED', messages.auth.sessionExpired) };
    }
    const user = await findUserById(tx, row.userId);
    if (!user || !user.isActive) {
      await revokeFamily(tx, row.familyId, user ? 'disabled' : 'account-deleted', now);
      const error = user
        ? new AppError(401, 'ACCOUNT_DISABLED', messages.auth.accountDisabled)
        : new AppError(401, 'SESSION_REVOKED', messages.auth.sessionRevoked);
      return { ok: false, error };
    }
    const next = randomToken();
    const expiresAt = row.remember ? rememberExpiry(now) : row.expiresAt;
    const inserted = await insertSession(tx, {
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: hashToken(next),
      expiresAt,
      remember: row.remember,
      userAgent: client.userAgent ?? row.userAgent,
      ip: client.ip ?? row.ip,
      now,
    });
    await markRotated(tx, row.id, inserted.id, now);
    return { ok: true, user, familyId: row.familyId, expiresAt, refreshToken: next };
  });
  // Rotated or revoked in the transaction: the cache may have reloaded the old head meanwhile.
  if (familyId) sessionCache.forgetSession(familyId);
  if (!outcome.ok) throw outcome.error;
  return issue(deps, outcome.user, outcome.familyId, outcome.expiresAt, outcome.refreshToken, now);
}

/**
 * Ends every session of the account at once (account deletion, deactivation by an admin), inside
 * the caller's transaction; the caller tells the session cache again after the commit
 * (`sessionCache.forgetUser`).
 */
export async function endAllSessions(
  db: Database | Transaction,
  userId: string,
  reason: 'account-deleted' | 'deactivated',
  now: Date,
): Promise<void> {
  await revokeUserSessions(db, userId, reason, now);
}
