import { createHmac } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { messages } from '@kiyasla/contracts/messages';
import type { AppConfig } from '../../config';
import { AppError } from '../../lib/errors';
import { normalizeEmail } from '@kiyasla/contracts/user';

/** What a provider vouches for, read from the verified token or the provider's API — never from the client. */
export interface SocialProfile {
  provider: 'google' | 'facebook';
  providerId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
}

export type SocialVerifier = (input: { token: string; userId?: string }) => Promise<SocialProfile>;

const PROVIDER_TIMEOUT_MS = 5_000;

const unavailable = () => new AppError(503, 'PROVIDER_UNAVAILABLE', messages.auth.providerUnavailable);

/** JOSE errors about the token itself (bad signature, claims, algorithm, unknown key) vs. fetching the keys. */
function isTokenProblem(err: unknown): boolean {
  return err instanceof joseErrors.JOSEError && !(err instanceof joseErrors.JWKSTimeout);
}

/**
 * Verifies Google ID tokens locally: RS256 signature against Google's JWKS (cached by jose and
 * refetched on an unknown `kid`), audience = GOOGLE_CLIENT_ID, issuer, expiry.
 * Returns null when GOOGLE_CLIENT_ID is not configured.
 */
export function createGoogleVerifier(config: AppConfig): SocialVerifier | null {
  const clientId = config.googleClientId;
  if (!clientId) return null;
  const jwks = createRemoteJWKSet(new URL(config.googleJwksUrl), {
    timeoutDuration: PROVIDER_TIMEOUT_MS,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  return async ({ token }) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        algorithms: ['RS256'],
        audience: clientId,
        issuer: config.googleIssuers,
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      if (isTokenProblem(err)) throw new AppError(401, 'SOCIAL_TOKEN_INVALID', messages.auth.googleFailed);
      throw unavailable();
    }
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    if (!str(payload.sub)) throw new AppError(401, 'SOCIAL_TOKEN_INVALID', messages.auth.googleFailed);
    const name = splitName(str(payload.given_name), str(payload.family_name), str(payload.name));
    const email = str(payload.email);
    return {
      provider: 'google',
      providerId: String(payload.sub),
      email: email ? normalizeEmail(email) : null,
      // Google sends a boolean; very old tokens used the string "true".
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      ...name,
      picture: httpsUrl(payload.picture),
    };
  };
}

interface DebugTokenResponse {
  data?: { app_id?: string; is_valid?: boolean; user_id?: string; expires_at?: number; type?: string };
}

interface GraphUser {
  id?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  name?: string;
  picture?: { data?: { url?: string; is_silhouette?: boolean } };
}

/**
 * Verifies a Facebook user access token through the Graph API: `debug_token` (with the app
 * token) must say it is valid, issued to FACEBOOK_APP_ID and to the claimed user; the profile is
 * then read from the Graph API with `appsecret_proof`. Returns null when Facebook is not configured.
 */
export function createFacebookVerifier(config: AppConfig): SocialVerifier | null {
  const { facebookAppId: appId, facebookAppSecret: secret, facebookGraphUrl: base } = config;
  if (!appId || !secret) return null;
  const invalid = () => new AppError(401, 'SOCIAL_TOKEN_INVALID', messages.auth.facebookFailed);

  async function getJson<T>(url: URL): Promise<{ status: number; body: T | null }> {
    let res: Response;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
    } catch {
      throw unavailable();
    }
    if (res.status >= 500) throw unavailable();
    const body = (await res.json().catch(() => null)) as T | null;
    return { status: res.status, body };
  }

  return async ({ token, userId }) => {
    const debug = new URL(`${base}/debug_token`);
    debug.searchParams.set('input_token', token);
    debug.searchParams.set('access_token', `${appId}|${secret}`);
    const checked = await getJson<DebugTokenResponse>(debug);
    const data = checked.body?.data;
    const nowSec = Math.floor(Date.now() / 1000);
    if (
      checked.status !== 200 ||
      !data ||
      data.is_valid !== true ||
      String(data.app_id) !== appId ||
      !data.user_id ||
      String(data.user_id) !== userId ||
      (typeof data.expires_at === 'number' && data.expires_at !== 0 && data.expires_at <= nowSec)
    ) {
      throw invalid();
    }

    const me = new URL(`${base}/${encodeURIComponent(String(data.user_id))}`);
    me.searchParams.set('fields', 'id,first_name,last_name,name,email,picture.type(large)');
    me.searchParams.set('access_token', token);
    me.searchParams.set('appsecret_proof', createHmac('sha256', secret).update(token).digest('hex'));
    const profile = await getJson<GraphUser>(me);
    const user = profile.body;
    if (profile.status !== 200 || !user || String(user.id) !== String(data.user_id)) throw invalid();

    const name = splitName(user.first_name ?? null, user.last_name ?? null, user.name ?? null);
    const picture = user.picture?.data?.is_silhouette ? null : httpsUrl(user.picture?.data?.url);
    return {
      provider: 'facebook',
      providerId: String(user.id),
      email: typeof user.email === 'string' && user.email.includes('@') ? normalizeEmail(user.email) : null,
      // The Graph API only returns confirmed e-mail addresses.
      emailVerified: typeof user.email === 'string',
      ...name,
      picture,
    };
  };
}

function splitName(first: string | null, last: string | null, full: string | null) {
  const clip = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().slice(0, 50);
  if (first) return { firstName: clip(first), lastName: clip(last ?? '') };
  const parts = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: 'Kullanıcı', lastName: '' };
  if (parts.length === 1) return { firstName: clip(parts.join('')), lastName: '' };
  return { firstName: clip(parts.slice(0, -1).join(' ')), lastName: clip(parts.slice(-1).join('')) };
}

function httpsUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}
