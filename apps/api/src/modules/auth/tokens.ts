import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { messages } from '@kiyasla/contracts/messages';
import type { UserRole } from '@kiyasla/contracts/constants';
import { AppError } from '../../lib/errors';
import { isUuid } from '@kiyasla/contracts/ids';

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

// Importing the raw secret into a CryptoKey costs more than the HMAC itself: once per secret.
const verificationKeys = new Map<string, Promise<webcrypto.CryptoKey>>();

function verificationKey(secret: string): Promise<webcrypto.CryptoKey> {
  let cryptoKey = verificationKeys.get(secret);
  if (!cryptoKey) {
    cryptoKey = webcrypto.subtle.importKey('raw', key(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    verificationKeys.set(secret, cryptoKey);
  }
  return cryptoKey;
}

/**
 * Tokens that passed verification, with their claims, per secret: a client sends the same
 * access token with every request for up to 15 minutes. Nothing in a verdict but the expiry
 * depends on time (the tokens carry no `nbf`), so a remembered token is accepted until its
 * `exp` and then verified again, which refuses it as expired.
 */
const verifiedTokens = new Map<string, Map<string, { claims: AccessClaims; exp: number }>>();
const MAX_VERIFIED_TOKENS = 20_000;

function rememberVerified(secret: string, token: string, claims: AccessClaims, exp: number): void {
  let tokens = verifiedTokens.get(secret);
  if (!tokens) {
    tokens = new Map();
    verifiedTokens.set(secret, tokens);
  }
  tokens.set(token, { claims, exp });
  if (tokens.size > MAX_VERIFIED_TOKENS) {
    const oldest = tokens.keys().next().value;
    if (oldest !== undefined) tokens.delete(oldest);
  }
}

/**
 * Verifies signature, algorithm (HS256 only: `alg: none` and RS/HS confusion are refused),
 * issuer, audience and expiry. Every failure is a 401: TOKEN_EXPIRED tells the client to
 * refresh, TOKEN_INVALID to sign out.
 */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims> {
  const known = verifiedTokens.get(secret)?.get(token);
  // jose's rule: expired once `exp` is not after the current second.
  if (known && known.exp > Math.floor(Date.now() / 1000)) return known.claims;
  try {
    const { payload } = await jwtVerify(token, await verificationKey(secret), {
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
    const claims: AccessClaims = { sub: payload.sub, sid: payload.sid, role: payload.role as UserRole };
    rememberVerified(secret, token, claims, payload.exp ?? 0);
    return claims;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JWTExpired) throw new AppError(401, 'TOKEN_EXPIRED', messages.auth.sessionExpired);
    throw new AppError(401, 'TOKEN_INVALID', messages.auth.tokenInvalid);
  }
}

/** 32 random bytes, base64url: refresh tokens and password-reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256: a database leak yields nothing usable (they are random, so no salt is needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
