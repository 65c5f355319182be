import type { PlanId, UserRole } from '@kiyasla/contracts/constants';
import { messages } from '@kiyasla/contracts/messages';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { AppError, unauthorized } from '../../lib/errors';
import type { SettingsService } from '../settings/settings.service';
import { findLiveSessionWithUser, revokeFamily, touchSession } from './auth.repo';
import { sessionCache } from './session-cache';
import { sessionEndReason } from './sessions.service';
import { verifyAccessToken } from './tokens';
import { isPremiumRow } from './user.presenter';

/** The signed-in caller of a request (`request.user`, set by the policies of plugins/policies.ts). */
export interface AuthUser {
  id: string;
  email: string;
  role: UserRole;
  plan: PlanId;
  isPremium: boolean;
  /** Session (refresh-token family) id of the access token. */
  sessionId: string;
  /** The full row, for the presenter and services of this request. Never send it as is. */
  row: UserRow;
}

export interface SessionVerifierDeps {
  db: Database;
  jwtSecret: string;
  settings: SettingsService;
}

/** Activity is written at most once a minute per session (idle timeout bookkeeping). */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Verifies `Authorization: Bearer <jwt>` and loads the caller. Beyond the JWT checks (HS256
 * only, issuer, audience, expiry) the session must still be live: not revoked (logout, password
 * change, reuse detection), not past its expiry or the admin idle timeout, and its user must
 * exist, be active and not deleted.
 *
 * The session and user rows come from the session cache (session-cache.ts): reads (`cacheable`:
 * GET, HEAD) trust a lookup for a few seconds, and every change made through this instance
 * reaches it at once; requests that change something read the rows afresh. A verdict that the
 * session has ended is always confirmed against the database before the session is revoked:
 * another instance may have kept it alive meanwhile.
 */
export async function authenticate(
  deps: SessionVerifierDeps,
  authorization: string | undefined,
  { cacheable }: { cacheable: boolean },
): Promise<AuthUser> {
  if (!authorization) throw unauthorized();
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(authorization);
  if (!match?.[1]) throw new AppError(401, 'TOKEN_INVALID', messages.auth.tokenInvalid);

  const claims = await verifyAccessToken(deps.jwtSecret, match[1]);
  const { db } = deps;
  const lookup = (fresh: boolean) =>
    sessionCache.get(claims.sid, claims.sub, () => findLiveSessionWithUser(db, claims.sid, claims.sub), fresh);
  let found = await lookup(!cacheable);
  if (!found || found.user.deletedAt) throw new AppError(401, 'SESSION_REVOKED', messages.auth.sessionRevoked);

  const now = new Date();
  const security = await deps.settings.group('security');
  let ended = sessionEndReason(found.session, security.sessionTimeout, now);
  if (ended && cacheable) {
    found = await lookup(true);
    if (!found || found.user.deletedAt) throw new AppError(401, 'SESSION_REVOKED', messages.auth.sessionRevoked);
    ended = sessionEndReason(found.session, security.sessionTimeout, now);
  }
  if (ended) {
    await revokeFamily(db, found.session.familyId, ended, now);
    throw new AppError(401, 'SESSION_EXPIRED', messages.auth.sessionExpired);
  }
  const { session, user } = found;
  if (!user.isActive) throw new AppError(401, 'ACCOUNT_DISABLED', messages.auth.accountDisabled);
  // The database's last_used_at is never older than the copy read here, so when the copy is
  // less than a minute old the conditional UPDATE would change nothing: skip the round trip.
  if (!session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(db, session.id, now, TOUCH_INTERVAL_MS);
    sessionCache.touched(session.familyId, session.id, now);
  }

  return {
    id: user.id,
    email: user.email,
    role: user.role,
    plan: user.subscriptionPlan,
    isPremium: isPremiumRow(user, now),
    sessionId: session.familyId,
    row: user,
  };
}
