import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { messages } from '@kiyasla/contracts/messages';
import type { UserRole } from '@kiyasla/contracts/constants';
import { AppError } from '../../lib/errors';

const ISSUER = 'kiyasla';
/** Distinguishes access tokens from any other JWT this secret may ever sign. */
const AUDIENCE = 'kiyasla:access';

export interface AccessClaims {
  /** User id. */
  sub: string;
  /** Session (refresh-token family) id: logout and revocation end the session everywhere. */
  sid: string;
  role: UserRole;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(secret: string, claims: AccessClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
}

/**
 * Verifies signature, algorithm (HS256 only: `alg: none` and RS/HS confusion are refused),
 * issuer, audience and expiry. Every failure is a 401: TOKEN_EXPIRED tells the client to
 * refresh, TOKEN_INVALID to sign out.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'sid', 'exp', 'iat'],
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string' ||
      !isUuid(payload.sub) ||
      !isUuid(payload.sid)
    ) {
      throw new AppError(401, 'TOKEN_INVALID', messages.auth.tokenInvalid);
    }
    return { sub: payload.sub, sid: payload.sid, role: payload.role as UserRole };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new AppError(401, 'TOKEN_EXPIRED', messages.auth.sessionExpired);
    throw new AppError(401, 'TOKEN_INVALID', messages.auth.tokenInvalid);
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** 32 random bytes, base64url: refresh tokens and password-reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256: a database leak yields nothing usable (they are random, so no salt is needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
