import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../db/schema/notifications';
import { priceAlerts } from '../db/schema/price-alerts';
import { savedComparisons } from '../db/schema/saved-comparisons';
import { products } from '../db/schema/products';
import { bearer, DEMO_ACCOUNTS, loginAs } from './accounts';
import { useTestApp } from './app';

/*
 * The route inventory and policy matrix (issue 17, OWASP API1/API5): every /api route is listed
 * here with who may call it, and each is called as anonymous, free user, premium user,
 * moderator and admin: 401 without a session where one is needed, 403 for a role or plan the
 * route does not admit, its own status for one it does. A route that exists without an entry
 * fails the first test, which prints the entry to add.
 *
 * /api/admin/* has its own matrix (modules/admin/admin-role-matrix.test.ts, same five callers,
 * checked against the OpenAPI document); this suite only checks that it exists and covers them.
 */

const t = useTestApp();

type Who = 'anonymous' | 'user' | 'premium' | 'moderator' | 'admin';
const CALLERS: Who[] = ['anonymous', 'user', 'premium', 'moderator', 'admin'];

/**
 * Who may call a route:
 * - `public`: anyone, a token is ignored or optional;
 * - `signed-in`: any session (401 without);
 * - `premium`: a session on an active premium plan (401 without, 403 PREMIUM_REQUIRED otherwise);
 * - `token-link`: no session — a signed or single-use token in the request is the authority.
 */
type Policy = 'public' | 'signed-in' | 'premium' | 'token-link';

interface Caller {
  who: Who;
  /** The caller's shared session (undefined for anonymous). */
  token: string | undefined;
  userId: string | undefined;
  /** A new session of the same account, for a call that ends its session. */
  freshToken: () => Promise<string | undefined>;
}

interface Entry {
  policy: Policy;
  /** The status an admitted caller gets (a number, or by caller where it differs). */
  ok: number | Partial<Record<Who, number>>;
  /** The request (method comes from the key); by default the path with the fixture ids. */
  /** `other`: a refusal is not in the API's error format (a page for the browser, a provider's format). */
  answers?: 'envelope' | 'other';
  request?: (caller: Caller) => Promise<Omit<InjectOptions, 'method'>> | Omit<InjectOptions, 'method'>;
}

const SESSION_CALLERS: Exclude<Who, 'anonymous'>[] = ['user', 'premium', 'moderator', 'admin'];
const ACCOUNTS = {
  user: DEMO_ACCOUNTS.user,
  premium: DEMO_ACCOUNTS.premium,
  moderator: DEMO_ACCOUNTS.moderator,
  admin: DEMO_ACCOUNTS.admin,
};
const sessions: Partial<Record<Who, { token: string; userId: string }>> = {};
let productId: string;
let productIds: string[];
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  for (const who of SESSION_CALLERS) {
    const s = await loginAs(t.app, ACCOUNTS[who].email, ACCOUNTS[who].password);
    sessions[who] = { token: s.token, userId: s.user._id };
  }
  productIds = (await t.db.db.select({ id: products.id }).from(products).limit(3)).map((p) => p.id);
  productId = productIds[0]!;
});

async function as(caller: Caller, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: caller.token ? bearer(caller.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const dataId = (res: { json: () => unknown }) => (res.json() as { data: { _id: string } }).data._id;

/** A comparison the caller owns, its earlier ones deleted (a free plan saves 3). */
async function ownComparison(caller: Caller): Promise<string> {
  const owner = caller.token ? caller : { ...caller, token: sessions.user!.token };
  await t.db.db.delete(savedComparisons).where(eq(savedComparisons.userId, owner.userId ?? sessions.user!.userId));
  const res = await as(owner, 'POST', '/api/comparisons', { name: 'Envanter', productIds: productIds.slice(0, 2) });
  expect(res.statusCode, res.body).toBe(201);
  return dataId(res);
}

/** A price alert the caller owns (written directly: a free plan cannot set one any more). */
async function ownAlert(caller: Caller): Promise<string> {
  const userId = caller.userId ?? sessions.premium!.userId;
  await t.db.db.delete(priceAlerts).where(eq(priceAlerts.userId, userId));
  const [row] = await t.db.db
    .insert(priceAlerts)
    .values({ userId, productId, targetPrice: 100 })
    .returning({ id: priceAlerts.id });
  return row!.id;
}

/** A notification the caller owns. */
async function ownNotification(caller: Caller): Promise<string> {
  const userId = caller.userId ?? sessions.user!.userId;
  const [row] = await t.db.db
    .insert(notifications)
    .values({ userId, type: 'system', title: 'Envanter', message: 'Envanter bildirimi' })
    .returning({ id: notifications.id });
  return row!.id;
}

const INVENTORY: Record<string, Entry> = {
  // System and catalogue: public.
  'GET /api/health': { policy: 'public', ok: 200 },
  'GET /api/config': { policy: 'public', ok: 200 },
  'POST /api/csp-report': {
    policy: 'public',
    ok: 204,
    request: () => ({
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'img-src', 'blocked-uri': 'https://x/' } }),
    }),
  },
  'GET /api/categories': { policy: 'public', ok: 200 },
  'GET /api/categories/tree': { policy: 'public', ok: 200 },
  'GET /api/categories/{idOrSlug}': { policy: 'public', ok: 200, request: () => ({ url: '/api/categories/telefon' }) },
  'GET /api/categories/{idOrSlug}/products': {
    policy: 'public',
    ok: 200,
    request: () => ({ url: '/api/categories/telefon/products' }),
  },
  'GET /api/products': { policy: 'public', ok: 200 },
  'GET /api/products/{id}': { policy: 'public', ok: 200 },
  'GET /api/products/{id}/prices': { policy: 'public', ok: 200 },
  'GET /api/products/{id}/price-history': { policy: 'public', ok: 200 },
  'GET /api/products/{id}/reviews': { policy: 'public', ok: 200 },
  'GET /api/products/{id}/pros-cons': { policy: 'premium', ok: 200 },
  'GET /api/sitemap/products': { policy: 'public', ok: 200 },
  'GET /api/sitemap/products/{part}': {
    policy: 'public',
    ok: 200,
    request: () => ({ url: '/api/sitemap/products/1' }),
  },
  'GET /api/stores': { policy: 'public', ok: 200 },
  'GET /api/stores/{idOrSlug}': { policy: 'public', ok: 404, request: () => ({ url: `/api/stores/${NO_SUCH_ID}` }) },
  'GET /api/search': { policy: 'public', ok: 200, request: () => ({ url: '/api/search?q=kulaklik' }) },
  'GET /api/search/suggestions': {
    policy: 'public',
    ok: 200,
    request: () => ({ url: '/api/search/suggestions?q=sam' }),
  },
  'GET /api/search/trending': { policy: 'public', ok: 200 },
  'GET /api/payments/plans': { policy: 'public', ok: 200 },

  // Signing in: public, each with a request its validation or credentials refuse (so no session
  // is created or ended); the sign-in suites test the successes.
  'POST /api/auth/register': { policy: 'public', ok: 400, request: () => ({ url: '/api/auth/register', payload: {} }) },
  'POST /api/auth/login': {
    policy: 'public',
    ok: 401,
    // One e-mail per caller: five failures for one e-mail from one client would lock it (ADR 004).
    request: (c) => ({
      url: '/api/auth/login',
      payload: { email: `envanter-${c.who}@example.com`, password: 'Yanlis.Sifre1' },
    }),
  },
  'POST /api/auth/google': { policy: 'public', ok: 400, request: () => ({ url: '/api/auth/google', payload: {} }) },
  'POST /api/auth/facebook': { policy: 'public', ok: 400, request: () => ({ url: '/api/auth/facebook', payload: {} }) },
  'POST /api/auth/refresh': {
    policy: 'token-link',
    ok: 401,
    request: () => ({ url: '/api/auth/refresh', payload: { refreshToken: 'x'.repeat(43) } }),
  },
  'POST /api/auth/forgot-password': {
    policy: 'public',
    ok: 200,
    request: () => ({ url: '/api/auth/forgot-password', payload: { email: 'kimse@example.com' } }),
  },
  'POST /api/auth/reset-password': {
    policy: 'token-link',
    ok: 400,
    request: () => ({ url: '/api/auth/reset-password', payload: { token: 'x'.repeat(43), password: 'Yeni.Sifre123' } }),
  },
  // The mailed link is the authority (a session is neither needed nor used): an unknown one is refused.
  'POST /api/auth/verify-email': {
    policy: 'token-link',
    ok: 400,
    request: () => ({ url: '/api/auth/verify-email', payload: { token: 'x'.repeat(43) } }),
  },
  // Logout takes the access token and/or a refresh token: anonymous callers are welcome (200).
  'POST /api/auth/logout': {
    policy: 'public',
    ok: 200,
    request: async (c) => {
      const token = await c.freshToken();
      return { url: '/api/auth/logout', headers: token ? bearer(token) : {}, payload: {} };
    },
  },

  // The signed-in user's own account.
  'GET /api/auth/me': { policy: 'signed-in', ok: 200 },
  // The demo accounts' addresses are verified: 409 EMAIL_ALREADY_VERIFIED (no mail is sent).
  'POST /api/auth/verify-email/resend': { policy: 'signed-in', ok: 409 },
  'PUT /api/auth/password': {
    policy: 'signed-in',
    ok: 400,
    request: () => ({ url: '/api/auth/password', payload: {} }),
  },
  'PUT /api/auth/update-details': {
    policy: 'signed-in',
    ok: 400,
    request: () => ({ url: '/api/auth/update-details', payload: { firstName: '' } }),
  },
  'GET /api/auth/notification-settings': { policy: 'signed-in', ok: 200 },
  'PUT /api/auth/notification-settings': {
    policy: 'signed-in',
    ok: 200,
    request: () => ({ url: '/api/auth/notification-settings', payload: {} }),
  },
  'GET /api/auth/privacy-settings': { policy: 'signed-in', ok: 200 },
  'PUT /api/auth/privacy-settings': {
    policy: 'signed-in',
    ok: 200,
    request: () => ({ url: '/api/auth/privacy-settings', payload: {} }),
  },
  'GET /api/auth/overview': { policy: 'signed-in', ok: 200 },
  'GET /api/auth/sessions': { policy: 'signed-in', ok: 200 },
  'GET /api/auth/payments': { policy: 'signed-in', ok: 200 },
  'GET /api/auth/export': { policy: 'signed-in', ok: 200 },
  // Without the password nothing is deleted.
  'DELETE /api/auth/account': {
    policy: 'signed-in',
    ok: 400,
    request: () => ({ url: '/api/auth/account', payload: {} }),
  },

  // Favorites.
  'GET /api/favorites': { policy: 'signed-in', ok: 200 },
  'DELETE /api/favorites': { policy: 'signed-in', ok: 200 },
  'GET /api/favorites/check/{productId}': { policy: 'signed-in', ok: 200 },
  'POST /api/favorites/{productId}': {
    policy: 'signed-in',
    ok: 201,
    request: async (c) => {
      if (c.token) await as(c, 'DELETE', `/api/favorites/${productIds[1]}`);
      return { url: `/api/favorites/${productIds[1]}` };
    },
  },
  'DELETE /api/favorites/{productId}': {
    policy: 'signed-in',
    ok: 200,
    request: async (c) => {
      if (c.token) await as(c, 'POST', `/api/favorites/${productIds[2]}`);
      return { url: `/api/favorites/${productIds[2]}` };
    },
  },

  // Comparisons: comparing and reading public ones is for everyone, saving needs a session.
  'POST /api/comparisons/compare': {
    policy: 'public',
    ok: 200,
    request: () => ({ url: '/api/comparisons/compare', payload: { productIds: productIds.slice(0, 2) } }),
  },
  'GET /api/comparisons/public': { policy: 'public', ok: 200 },
  'GET /api/comparisons': { policy: 'signed-in', ok: 200 },
  'POST /api/comparisons': {
    policy: 'signed-in',
    ok: 201,
    request: () => ({ url: '/api/comparisons', payload: { name: 'Envanter', productIds: productIds.slice(0, 2) } }),
  },
  // Someone's private comparison: its owner reads it, anyone else gets 404 (IDOR suite).
  'GET /api/comparisons/{id}': {
    policy: 'public',
    ok: { anonymous: 404, user: 200, premium: 200, moderator: 200, admin: 200 },
    request: async (c) => ({ url: `/api/comparisons/${await ownComparison(c)}` }),
  },
  'PUT /api/comparisons/{id}': {
    policy: 'signed-in',
    ok: 200,
    request: async (c) => ({ url: `/api/comparisons/${await ownComparison(c)}`, payload: { name: 'Yeni ad' } }),
  },
  'DELETE /api/comparisons/{id}': {
    policy: 'signed-in',
    ok: 200,
    request: async (c) => ({ url: `/api/comparisons/${await ownComparison(c)}` }),
  },

  // Price alerts: setting and changing them is premium; reading and deleting are not (a plan
  // that ended leaves its alerts to look at and clear).
  'GET /api/alerts': { policy: 'signed-in', ok: 200 },
  'GET /api/alerts/count': { policy: 'signed-in', ok: 200 },
  'GET /api/alerts/check/{productId}': { policy: 'signed-in', ok: 200 },
  'POST /api/alerts': {
    policy: 'premium',
    ok: 201,
    request: async (c) => {
      if (c.userId) await t.db.db.delete(priceAlerts).where(eq(priceAlerts.userId, c.userId));
      return { url: '/api/alerts', payload: { product: productId, targetPrice: 1 } };
    },
  },
  'PUT /api/alerts/{id}': {
    policy: 'premium',
    ok: 200,
    request: async (c) => ({ url: `/api/alerts/${await ownAlert(c)}`, payload: { targetPrice: 2 } }),
  },
  'PATCH /api/alerts/{id}/toggle': {
    policy: 'premium',
    ok: 200,
    request: async (c) => ({ url: `/api/alerts/${await ownAlert(c)}/toggle` }),
  },
  'DELETE /api/alerts/{id}': {
    policy: 'signed-in',
    ok: 200,
    request: async (c) => ({ url: `/api/alerts/${await ownAlert(c)}` }),
  },

  // Notifications.
  'GET /api/notifications': { policy: 'signed-in', ok: 200 },
  'GET /api/notifications/counts': { policy: 'signed-in', ok: 200 },
  'PATCH /api/notifications/read-all': { policy: 'signed-in', ok: 200 },
  'PATCH /api/notifications/{id}/read': {
    policy: 'signed-in',
    ok: 200,
    request: async (c) => ({ url: `/api/notifications/${await ownNotification(c)}/read` }),
  },
  'DELETE /api/notifications/{id}': {
    policy: 'signed-in',
    ok: 200,
    request: async (c) => ({ url: `/api/notifications/${await ownNotification(c)}` }),
  },

  // Live header counts: a ticket needs a session; the stream (EventSource sends no headers)
  // takes only a signed one-minute ticket.
  'POST /api/notifications/stream-ticket': { policy: 'signed-in', ok: 200 },
  'GET /api/notifications/stream': {
    policy: 'token-link',
    ok: 401,
    request: () => ({ url: '/api/notifications/stream?ticket=forged' }),
  },

  // The phone number for SMS notifications.
  'GET /api/sms/phone': { policy: 'signed-in', ok: 200 },
  'POST /api/sms/phone-verification': {
    policy: 'signed-in',
    ok: 400,
    request: () => ({ url: '/api/sms/phone-verification', payload: {} }),
  },
  'POST /api/sms/phone-verification/confirm': {
    policy: 'signed-in',
    ok: 400,
    request: () => ({ url: '/api/sms/phone-verification/confirm', payload: {} }),
  },

  // Payments: buying needs a session (the checkout's own rules are the payments suite's).
  'POST /api/payments/checkout': {
    policy: 'signed-in',
    ok: 400,
    request: () => ({ url: '/api/payments/checkout', payload: {} }),
  },
  'GET /api/payments/orders/{orderId}': {
    policy: 'signed-in',
    ok: 404,
    request: () => ({ url: `/api/payments/orders/${NO_SUCH_ID}` }),
  },
  // Only a plan that renews can stop renewing.
  'POST /api/payments/cancel': { policy: 'signed-in', ok: { user: 409, premium: 200, moderator: 409, admin: 409 } },
  'POST /api/payments/refund': {
    policy: 'signed-in',
    ok: 404,
    request: () => ({ url: '/api/payments/refund', payload: { paymentId: NO_SUCH_ID } }),
  },
  'GET /api/payments/history': { policy: 'signed-in', ok: 200 },

  // The payment providers call back and browsers come back without a session: the provider's
  // signature (or the order's own token) is the authority. An unsigned callback changes nothing
  // and sends the browser to the result page (303); Stripe's webhook answers in Stripe's format.
  'GET /api/payments/demo/{orderId}': {
    policy: 'token-link',
    ok: 404,
    answers: 'other',
    request: () => ({ url: `/api/payments/demo/${NO_SUCH_ID}` }),
  },
  // A renewal's e-mailed payment link: the unguessable order id is the authority, as on the pages above.
  'GET /api/payments/pay/{orderId}': {
    policy: 'token-link',
    ok: 404,
    answers: 'other',
    request: () => ({ url: `/api/payments/pay/${NO_SUCH_ID}` }),
  },
  'POST /api/payments/callback/demo': {
    policy: 'token-link',
    ok: 303,
    request: () => ({ url: '/api/payments/callback/demo', payload: {} }),
  },
  'GET /api/payments/shopier/{orderId}': {
    policy: 'token-link',
    ok: 404,
    answers: 'other',
    request: () => ({ url: `/api/payments/shopier/${NO_SUCH_ID}` }),
  },
  'POST /api/payments/callback/shopier': {
    policy: 'token-link',
    ok: 303,
    request: () => ({ url: '/api/payments/callback/shopier', payload: {} }),
  },
  'POST /api/payments/callback/iyzico': {
    policy: 'token-link',
    ok: 303,
    request: () => ({ url: '/api/payments/callback/iyzico', payload: {} }),
  },
  'POST /api/payments/webhook/stripe': {
    policy: 'token-link',
    ok: 400,
    answers: 'other',
    request: () => ({ url: '/api/payments/webhook/stripe', payload: {} }),
  },

  // E-mailed unsubscribe links: the signed token in the link is the authority; the answer is a
  // page for the browser.
  'GET /api/notifications/unsubscribe': {
    policy: 'token-link',
    ok: 400,
    answers: 'other',
    request: () => ({ url: '/api/notifications/unsubscribe?token=forged' }),
  },
  'POST /api/notifications/unsubscribe': {
    policy: 'token-link',
    ok: 400,
    answers: 'other',
    request: () => ({ url: '/api/notifications/unsubscribe?token=forged' }),
  },

  // Pictures: public files (avatars too — they are shown to others next to reviews).
  'GET /api/media/products/{file}': {
    policy: 'public',
    ok: 200,
    request: () => ({ url: `/api/media/products/${productId}.svg` }),
  },
  'GET /api/media/stores/{file}': {
    policy: 'public',
    ok: 404,
    request: () => ({ url: '/api/media/stores/no-such-store.svg' }),
  },
  'GET /api/media/files/{file}': {
    policy: 'public',
    ok: 404,
    request: () => ({ url: `/api/media/files/${'0'.repeat(64)}.png` }),
  },
  'GET /api/auth/avatars/{file}': {
    policy: 'public',
    ok: 404,
    request: () => ({ url: `/api/auth/avatars/${NO_SUCH_ID}.png` }),
  },

  // Web Push.
  'GET /api/push/public-key': { policy: 'public', ok: 200 },
  'POST /api/push/subscriptions': {
    policy: 'signed-in',
    ok: 400,
    request: () => ({ url: '/api/push/subscriptions', payload: {} }),
  },
  'DELETE /api/push/subscriptions': {
    policy: 'signed-in',
    ok: 400,
    request: () => ({ url: '/api/push/subscriptions', payload: {} }),
  },
};

/**
 * Every route of the app as `METHOD /path/{param}` (HEAD and OPTIONS left out), read from
 * Fastify's own route tree — undocumented (`hide`) routes included.
 */
function allRoutes(): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/** Not the API's own routes: the catch-all 404 and the API documentation. */
const isApiRoute = (route: string) => {
  const path = route.split(' ')[1]!;
  return path.startsWith('/api/') && !path.includes('*') && !path.startsWith('/api/docs');
};

/** `GET /api/products/{id}` → the default URL with the fixture ids. */
function defaultUrl(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    /product/i.test(name) || name === 'id' ? productId : NO_SUCH_ID,
  );
}

function expectedStatus(entry: Entry, who: Who): number {
  const ok = typeof entry.ok === 'number' ? entry.ok : entry.ok[who];
  if (entry.policy === 'public' || entry.policy === 'token-link') return ok ?? 200;
  if (who === 'anonymous') return 401;
  if (entry.policy === 'premium' && who !== 'premium') return 403;
  return ok ?? 200;
}

/** The entry skeleton to paste for a route the inventory lacks. */
function skeleton(route: string, summary: string | undefined): string {
  return `  '${route}': { policy: 'signed-in' /* public | signed-in | premium | token-link */, ok: 200 }, // ${summary ?? ''}`;
}

async function documentedRoutes() {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { summary?: string }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, summary: op.summary })),
  );
}

describe('route inventory', () => {
  it('lists every /api route (admin routes in the admin role matrix)', async () => {
    const summaries = new Map((await documentedRoutes()).map((d) => [d.route, d.summary]));
    const routes = allRoutes().filter(isApiRoute);
    expect(routes).toContain('GET /api/products/{id}');
    const owned = routes.filter((route) => !route.includes(' /api/admin'));
    const missing = owned.filter((route) => !(route in INVENTORY));
    const gone = Object.keys(INVENTORY).filter((route) => !owned.includes(route));
    expect(
      missing.map((route) => skeleton(route, summaries.get(route) ?? 'not in the OpenAPI document')),
      'routes without an entry: add these lines to INVENTORY in apps/api/src/test/route-inventory.test.ts, with the right policy and status',
    ).toEqual([]);
    expect(gone, 'entries for routes that no longer exist: remove them from INVENTORY').toEqual([]);
  });

  it('leaves /api/admin to the admin role matrix, which sees every admin route', async () => {
    // The admin matrix reads the OpenAPI document: an admin route hidden from it would escape.
    const routed = allRoutes()
      .filter((route) => route.includes(' /api/admin'))
      .sort();
    const documented = (await documentedRoutes())
      .map(({ route }) => route)
      .filter((route) => route.includes(' /api/admin'))
      .sort();
    expect(routed.length).toBeGreaterThan(20);
    expect(routed, 'admin routes hidden from the OpenAPI document (so from the admin role matrix)').toEqual(documented);
  });
});

describe('policy matrix', () => {
  for (const [route, entry] of Object.entries(INVENTORY)) {
    const [method, path] = route.split(' ') as [InjectOptions['method'], string];
    it.each(CALLERS)(`${route} as %s`, async (who) => {
      const session = sessions[who];
      const caller: Caller = {
        who,
        token: session?.token,
        userId: session?.userId,
        freshToken: async () =>
          who === 'anonymous' ? undefined : (await loginAs(t.app, ACCOUNTS[who].email, ACCOUNTS[who].password)).token,
      };
      const options = entry.request ? await entry.request(caller) : { url: defaultUrl(path) };
      const headers = {
        ...(caller.token ? bearer(caller.token) : {}),
        ...(options.headers as Record<string, string> | undefined),
      };
      const res = await t.app.inject({ ...options, method, headers } as InjectOptions);
      const expected = expectedStatus(entry, who);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(expected);
      if (expected === 401 && entry.policy !== 'public') expect(res.json()).toMatchObject({ success: false });
      if (res.statusCode >= 400 && entry.answers !== 'other') {
        expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      }
    });
  }
});
