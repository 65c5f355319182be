import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PlanId, UserRole } from '@kiyasla/contracts/constants';
import { messages } from '@kiyasla/contracts/messages';
import type { UserRow } from '../db/schema/users';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { findLiveSessionWithUser, revokeFamily, touchSession } from '../modules/auth/auth.repo';
import { sessionCache } from '../modules/auth/session-cache';
import { sessionEndReason } from '../modules/auth/sessions.service';
import { verifyAccessToken } from '../modules/auth/tokens';
import { isPremiumRow } from '../modules/auth/user.presenter';

/** The signed-in caller, set by the policies below. */
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

declare module 'fastify' {
  interface FastifyRequest {
    /** null until a policy authenticated the request (or when `optionalUser` found no token). */
    user: AuthUser | null;
  }
}

/**
 * A policy: use it as a route's `onRequest` hook (recommended: refuses before the body is even
 * parsed or validated, so a caller without a session gets 401, not 400) or as a `preHandler`.
 */
export type AuthPolicy = (request: FastifyRequest) => Promise<void>;

/** Activity is written at most once a minute per session (idle timeout bookkeeping). */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Verifies `Authorization: Bearer <jwt>` and loads the caller. Beyond the JWT checks (HS256
 * only, issuer, audience, expiry) the session must still be live: not revoked (logout, password
 * change, reuse detection), not past its expiry or the admin idle timeout, and its user must
 * exist, be active and not deleted.
 *
 * The session and user rows come from the session cache (modules/auth/session-cache.ts): reads
 * (GET, HEAD) trust a lookup for a few seconds, and every change made through this instance
 * reaches it at once; requests that change something read the rows afresh. A verdict that the
 * session has ended is always confirmed against the database before the session is revoked:
 * another instance may have kept it alive meanwhile.
 */
async function authenticate(request: FastifyRequest): Promise<AuthUser> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  if (!match?.[1]) throw new AppError(401, 'TOKEN_INVALID', messages.auth.tokenInvalid);

  const app = request.server;
  const claims = await verifyAccessToken(app.config.jwtSecret, match[1]);
  const db = app.dbHandle.db;
  const lookup = (fresh: boolean) =>
    sessionCache.get(claims.sid, claims.sub, () => findLiveSessionWithUser(db, claims.sid, claims.sub), fresh);
  const safeMethod = request.method === 'GET' || request.method === 'HEAD';
  let found = await lookup(!safeMethod);
  if (!found || found.user.deletedAt) throw new AppError(401, 'SESSION_REVOKED', messages.auth.sessionRevoked);

  const now = new Date();
  const security = await app.settings.group('security');
  let ended = sessionEndReason(found.session, security.sessionTimeout, now);
  if (ended && safeMethod) {
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

async function ensureUser(request: FastifyRequest): Promise<AuthUser> {
  request.user ??= await authenticate(request);
  return request.user;
}

/** 401 unless a valid session is presented; sets `request.user`. */
export const requireUser: AuthPolicy = async function requireUser(request: FastifyRequest) {
  await ensureUser(request);
};

/**
 * Authenticates when an Authorization header is present (a bad token is still a
 * 401), and lets anonymous requests through with `request.user === null`.
 */
export const optionalUser: AuthPolicy = async function optionalUser(request: FastifyRequest) {
  if (request.headers.authorization) await ensureUser(request);
};

/** The caller must have one of `roles` (403 otherwise). */
export function requireRole(...roles: UserRole[]): AuthPolicy {
  return async function requireRolePolicy(request: FastifyRequest) {
    const user = await ensureUser(request);
    if (!roles.includes(user.role)) throw forbidden('FORBIDDEN', messages.generic.forbidden);
  };
}

/** The caller must hold an active premium plan (403 PREMIUM_REQUIRED otherwise). */
export function requirePlan(_plan: 'premium', message: string = messages.auth.premiumRequired): AuthPolicy {
  return async function requirePlanPolicy(request: FastifyRequest) {
    const user = await ensureUser(request);
    if (!user.isPremium) throw forbidden('PREMIUM_REQUIRED', message);
  };
}

/** The authenticated caller inside a handler guarded by a policy. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Registers `request.user`. Register once at the root, before the route modules. */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('user', null);
  },
  { name: 'auth', dependencies: ['settings'] },
);
