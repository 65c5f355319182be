import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { base64url, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '@kiyasla/contracts/auth';
import { refreshSessions } from '../../db/schema/refresh-sessions';
import { users } from '../../db/schema/users';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../../test/accounts';
import { useTestApp, createTestApp, setSettings, type TestApp } from '../../test/app';

// ---------------------------------------------------------------------------------------------
// Local stand-ins on 127.0.0.1: no test reaches Google or Facebook.
// ---------------------------------------------------------------------------------------------

interface StandIn {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

async function startStandIn(handler: (req: IncomingMessage, url: URL, res: ServerResponse) => void): Promise<StandIn> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    handler(req, url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

const GOOGLE_CLIENT_ID = '1234-test.apps.googleusercontent.com';
const FB_APP_ID = '4242424242';
const FB_SECRET = 'facebook-app-secret-for-tests';

let google: StandIn;
let facebook: StandIn;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;
let t: TestApp;

interface FbUser {
  id: string;
  first_name: string;
  last_name: string;
  email?: string;
}
/** token → what Facebook knows about it. */
const fbTokens = new Map<string, { app_id: string; user_id: string; is_valid: boolean; expires_at: number }>();
const fbUsers = new Map<string, FbUser>();
let fbDown = false;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'google-test-key', alg: 'RS256', use: 'sig' };

  google = await startStandIn((_req, url, res) => {
    if (url.pathname === '/oauth2/v3/certs') return json(res, 200, { keys: [jwk] });
    return json(res, 404, {});
  });

  facebook = await startStandIn((_req, url, res) => {
    if (fbDown) return json(res, 502, { error: { message: 'Bad gateway' } });
    if (url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${FB_APP_ID}|${FB_SECRET}`) {
        return json(res, 400, { error: { message: 'Invalid app access token', code: 190 } });
      }
      const info = fbTokens.get(url.searchParams.get('input_token') ?? '');
      if (!info) return json(res, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      return json(res, 200, { data: { ...info, type: 'USER', application: 'Kıyasla', scopes: ['email'] } });
    }
    const id = url.pathname.slice(1);
    const token = url.searchParams.get('access_token') ?? '';
    const proof = createHmac('sha256', FB_SECRET).update(token).digest('hex');
    const info = fbTokens.get(token);
    const user = fbUsers.get(id);
    if (!info?.is_valid || info.user_id !== id || !user || url.searchParams.get('appsecret_proof') !== proof) {
      return json(res, 400, { error: { message: 'Invalid request', code: 100 } });
    }
    return json(res, 200, {
      ...user,
      name: `${user.first_name} ${user.last_name}`,
      picture: { data: { url: `https://graph.example/pic/${id}.jpg`, is_silhouette: false } },
    });
  });

  t = await createTestApp({
    config: {
      googleClientId: GOOGLE_CLIENT_ID,
      googleJwksUrl: `${google.url}/oauth2/v3/certs`,
      facebookAppId: FB_APP_ID,
      facebookAppSecret: FB_SECRET,
      facebookGraphUrl: facebook.url,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await google?.close();
  await facebook?.close();
});

// ---------------------------------------------------------------------------------------------
// Google
// ---------------------------------------------------------------------------------------------

interface IdTokenOptions {
  sub?: string;
  email?: string;
  emailVerified?: boolean;
  aud?: string;
  iss?: string;
  key?: CryptoKey;
  kid?: string;
  expiresInSec?: number;
}

let subCounter = 100;
function idToken(opts: IdTokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const sub = opts.sub ?? String(++subCounter);
  return new SignJWT({
    email: opts.email ?? `g${sub}@gmail.example`,
    email_verified: opts.emailVerified ?? true,
    given_name: 'Gökhan',
    family_name: 'Işık',
    name: 'Gökhan Işık',
    picture: 'https://lh3.googleusercontent.example/a/photo.jpg',
  })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'google-test-key', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(opts.iss ?? 'https://accounts.google.com')
    .setAudience(opts.aud ?? GOOGLE_CLIENT_ID)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + (opts.expiresInSec ?? 3600))
    .sign(opts.key ?? googleKey);
}

const googleLogin = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload });

describe('POST /api/auth/google', () => {
  it('creates an account from a genuine ID token (credential) and signs in', async () => {
    const token = await idToken({ sub: '900001', email: 'Gokhan.Isik@Gmail.Example' });
    const res = await googleLogin({ credential: token });
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: AuthSession }>(res);
    expect(data.user).toMatchObject({
      email: 'gokhan.isik@gmail.example',
      firstName: 'Gökhan',
      lastName: 'Işık',
      emailVerified: true,
      hasPassword: false,
      providers: { google: true, facebook: false },
      avatar: 'https://lh3.googleusercontent.example/a/photo.jpg',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(data.token) })).statusCode).toBe(
      200,
    );
    expect(google.requests.some((r) => r.startsWith('GET /oauth2/v3/certs'))).toBe(true);

    // The same Google account (sub) signs in to the same user, also through `tokenId`.
    const again = await googleLogin({ tokenId: await idToken({ sub: '900001', email: 'gokhan.isik@gmail.example' }) });
    expect(body<{ data: AuthSession }>(again).data.user._id).toBe(data.user._id);
  });

  it('ignores the client-sent profileObj: identity comes from the verified token only', async () => {
    const res = await googleLogin({
      credential: await idToken({ sub: '900002', email: 'gercek@gmail.example' }),
      profileObj: { email: DEMO_ACCOUNTS.admin.email, givenName: 'Sahte', familyName: 'Yönetici' },
    });
    expect(body<{ data: AuthSession }>(res).data.user).toMatchObject({ email: 'gercek@gmail.example', role: 'user' });
  });

  it.each<[string, () => Promise<string>]>([
    ['signed by another key (unknown kid)', () => idToken({ key: strangerKey, kid: 'not-google' })],
    ['signed by another key under Google’s kid', () => idToken({ key: strangerKey })],
    ['issued for another audience', () => idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['issued by another issuer', () => idToken({ iss: 'https://accounts.evil.example' })],
    ['expired', () => idToken({ expiresInSec: -60 })],
    [
      'alg: none',
      async () => {
        const real = await idToken();
        const payload = real.split('.')[1];
        return `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
      },
    ],
    [
      'HS256 with the public JWKS as secret (algorithm confusion)',
      async () =>
        new SignJWT({ email: 'x@gmail.example', email_verified: true })
          .setProtectedHeader({ alg: 'HS256', kid: 'google-test-key' })
          .setSubject('31337')
          .setIssuer('https://accounts.google.com')
          .setAudience(GOOGLE_CLIENT_ID)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(JSON.stringify({ keys: [] }).padEnd(64, 'x'))),
    ],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses a token %s with 401 and the specification message', async (_case, make) => {
    const before = (await t.db.db.select({ id: users.id }).from(users)).length;
    const res = await googleLogin({ credential: await make() });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ success: false, code: 'SOCIAL_TOKEN_INVALID', message: 'Google giriş başarısız' });
    expect((await t.db.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('refuses an unverified Google e-mail', async () => {
    const res = await googleLogin({
      credential: await idToken({ emailVerified: false, email: 'dogrulanmamis@gmail.example' }),
    });
    expect(res.statusCode).toBe(401);
    expect(body<{ message: string }>(res).message).toContain('Google giriş başarısız');
    expect(await t.db.db.select().from(users).where(eq(users.email, 'dogrulanmamis@gmail.example'))).toHaveLength(0);
  });

  it('links to the existing account with the same verified e-mail and keeps its password', async () => {
    const res = await googleLogin({ credential: await idToken({ sub: '900003', email: DEMO_ACCOUNTS.premium.email }) });
    expect(res.statusCode).toBe(200);
    const user = body<{ data: AuthSession }>(res).data.user;
    expect(user).toMatchObject({ email: DEMO_ACCOUNTS.premium.email, isPremium: true, providers: { google: true } });
    const [row] = await t.db.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.premium.email));
    expect(row?.googleId).toBe('900003');
    expect(row?.id).toBe(user._id);
    await loginAs(t.app, DEMO_ACCOUNTS.premium.email, DEMO_ACCOUNTS.premium.password);
  });

  it('linking to an account whose e-mail was never verified drops the unproven password and its sessions', async () => {
    const squatter = await registerUser(t.app, { email: 'kurban@gmail.example', password: 'Saldirgan.1' });
    const res = await googleLogin({ credential: await idToken({ sub: '900004', email: 'kurban@gmail.example' }) });
    expect(res.statusCode).toBe(200);
    expect(body<{ data: AuthSession }>(res).data.user).toMatchObject({ _id: squatter.user._id, hasPassword: false });
    const old = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(squatter.token) });
    expect(old.statusCode).toBe(401);
    const pwd = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'kurban@gmail.example', password: 'Saldirgan.1' },
    });
    expect(pwd.statusCode).toBe(401);
  });

  it('does not create accounts while registration is disabled, but existing ones still sign in', async () => {
    await setSettings(t, 'features', { enableRegistration: false });
    try {
      const fresh = await googleLogin({ credential: await idToken({ sub: '900005' }) });
      expect(fresh.statusCode).toBe(403);
      expect(body(fresh)).toMatchObject({ code: 'REGISTRATION_DISABLED' });
      const known = await googleLogin({
        credential: await idToken({ sub: '900001', email: 'gokhan.isik@gmail.example' }),
      });
      expect(known.statusCode).toBe(200);
    } finally {
      await setSettings(t, 'features', { enableRegistration: true });
    }
  });

  it('is refused while social login is disabled in the admin settings, and /config hides the client id', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(body<{ data: { auth: { googleClientId: string } } }>(config).data.auth.googleClientId).toBe(
      GOOGLE_CLIENT_ID,
    );
    await setSettings(t, 'features', { enableSocialLogin: false });
    try {
      const res = await googleLogin({ credential: await idToken() });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({
        code: 'SOCIAL_LOGIN_DISABLED',
        message: 'Sosyal hesapla giriş şu anda kapalıdır.',
      });
      const hidden = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(body<{ data: { auth: { googleClientId: null } } }>(hidden).data.auth.googleClientId).toBeNull();
    } finally {
      await setSettings(t, 'features', { enableSocialLogin: true });
    }
  });

  it('rememberMe gives a 30-day session', async () => {
    const res = await googleLogin({ credential: await idToken({ sub: '900006' }), rememberMe: true });
    const { data } = body<{ data: AuthSession }>(res);
    const [row] = await t.db.db.select().from(refreshSessions).where(eq(refreshSessions.userId, data.user._id));
    expect(row?.remember).toBe(true);
  });

  it('requires a token', async () => {
    const res = await googleLogin({ profileObj: { email: 'x@y.z' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('Google sign-in without configuration or provider', () => {
  const bare = useTestApp();
  // A JWKS address where nothing listens (port 9, discard): the provider is unreachable.
  const down = useTestApp({ config: { googleClientId: GOOGLE_CLIENT_ID, googleJwksUrl: 'http://127.0.0.1:9/certs' } });

  it('answers 403 SOCIAL_LOGIN_NOT_CONFIGURED without GOOGLE_CLIENT_ID', async () => {
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { credential: await idToken() },
    });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ code: 'SOCIAL_LOGIN_NOT_CONFIGURED' });
    const config = await bare.app.inject({ method: 'GET', url: '/api/config' });
    expect(body<{ data: { auth: { googleClientId: null } } }>(config).data.auth.googleClientId).toBeNull();
  });

  it('answers 503 PROVIDER_UNAVAILABLE when the JWKS cannot be fetched', async () => {
    const res = await down.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { credential: await idToken() },
    });
    expect(res.statusCode).toBe(503);
    expect(body(res)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
  });
});

// ---------------------------------------------------------------------------------------------
// Facebook
// ---------------------------------------------------------------------------------------------

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const facebookLogin = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/facebook', payload });

describe('POST /api/auth/facebook', () => {
  beforeAll(() => {
    fbUsers.set('1001', { id: '1001', first_name: 'Şule', last_name: 'Çelik', email: 'sule.celik@fb.example' });
    fbUsers.set('1002', { id: '1002', first_name: 'Emre', last_name: 'Aksoy' });
    fbUsers.set('1003', { id: '1003', first_name: 'Ayşe', last_name: 'Yılmaz', email: DEMO_ACCOUNTS.premium.email });
    fbTokens.set('fb-token-1001', { app_id: FB_APP_ID, user_id: '1001', is_valid: true, expires_at: inAnHour() });
    fbTokens.set('fb-token-1002', { app_id: FB_APP_ID, user_id: '1002', is_valid: true, expires_at: inAnHour() });
    fbTokens.set('fb-token-1003', { app_id: FB_APP_ID, user_id: '1003', is_valid: true, expires_at: inAnHour() });
    fbTokens.set('fb-other-app', { app_id: '1111111111', user_id: '1001', is_valid: true, expires_at: inAnHour() });
    fbTokens.set('fb-invalid', { app_id: FB_APP_ID, user_id: '1001', is_valid: false, expires_at: inAnHour() });
    fbTokens.set('fb-expired', { app_id: FB_APP_ID, user_id: '1001', is_valid: true, expires_at: inAnHour() - 7200 });
  });

  it('verifies the token with debug_token, reads the profile from the Graph API and signs in', async () => {
    facebook.requests.length = 0;
    const res = await facebookLogin({
      accessToken: 'fb-token-1001',
      userID: '1001',
      // What the client claims is ignored.
      name: 'Sahte İsim',
      email: DEMO_ACCOUNTS.admin.email,
      picture: { data: { url: 'https://evil.example/x.png' } },
    });
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: AuthSession }>(res);
    expect(data.user).toMatchObject({
      email: 'sule.celik@fb.example',
      firstName: 'Şule',
      lastName: 'Çelik',
      role: 'user',
      providers: { google: false, facebook: true },
      avatar: 'https://graph.example/pic/1001.jpg',
    });
    expect(facebook.requests[0]).toMatch(/^GET \/debug_token\?input_token=fb-token-1001&access_token=4242424242%7C/);
    expect(facebook.requests[1]).toMatch(/^GET \/1001\?fields=.*appsecret_proof=[0-9a-f]{64}/);

    const again = await facebookLogin({ accessToken: 'fb-token-1001', userID: '1001' });
    expect(body<{ data: AuthSession }>(again).data.user._id).toBe(data.user._id);
  });

  it.each([
    ['issued to another app', 'fb-other-app', '1001'],
    ['reported invalid', 'fb-invalid', '1001'],
    ['expired', 'fb-expired', '1001'],
    ['unknown to Facebook', 'fb-forged', '1001'],
    ['belonging to another user than the claimed userID', 'fb-token-1001', '1002'],
  ])('refuses a token %s with 401 and the specification message', async (_case, accessToken, userID) => {
    const res = await facebookLogin({ accessToken, userID });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ success: false, code: 'SOCIAL_TOKEN_INVALID', message: 'Facebook giriş başarısız' });
  });

  it('refuses a profile without an e-mail when no account is linked yet', async () => {
    const res = await facebookLogin({ accessToken: 'fb-token-1002', userID: '1002', email: 'uydurma@example.com' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'SOCIAL_EMAIL_MISSING' });
  });

  it('links to the existing account with the same e-mail', async () => {
    const res = await facebookLogin({ accessToken: 'fb-token-1003', userID: '1003' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.premium.email));
    expect(row?.facebookId).toBe('1003');
    expect(body<{ data: AuthSession }>(res).data.user._id).toBe(row?.id);
  });

  it('answers 503 when the Graph API fails', async () => {
    fbDown = true;
    try {
      const res = await facebookLogin({ accessToken: 'fb-token-1001', userID: '1001' });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    } finally {
      fbDown = false;
    }
  });

  it('is refused while social login is disabled', async () => {
    await setSettings(t, 'features', { enableSocialLogin: false });
    try {
      facebook.requests.length = 0;
      const res = await facebookLogin({ accessToken: 'fb-token-1001', userID: '1001' });
      expect(res.statusCode).toBe(403);
      expect(body(res)).toMatchObject({ code: 'SOCIAL_LOGIN_DISABLED' });
      expect(facebook.requests).toHaveLength(0);
    } finally {
      await setSettings(t, 'features', { enableSocialLogin: true });
    }
  });

  it('validates the payload', async () => {
    const res = await facebookLogin({ accessToken: 'fb-token-1001', userID: 'not-numeric' });
    expect(res.statusCode).toBe(400);
  });
});
