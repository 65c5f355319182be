import { gzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminProductMessages } from '@kiyasla/contracts/admin-products';
import { messages } from '@kiyasla/contracts/messages';
import { smsMessages } from '@kiyasla/contracts/sms';
import { bearer, body, DEMO_ACCOUNTS, loginAs, registerUser } from '../test/accounts';
import { useTestApp } from '../test/app';
import { errorResponses } from './error-handler';

/** A route only this suite has: a field with no code of its own, then two whose rules carry one. */
const TWO_RULES = { label: 'Etiket gereklidir', first: 'Birinci alan gereklidir', second: 'İkinci alan gereklidir' };

const t = useTestApp({
  beforeReady: async (app) => {
    await app.register(
      async (scope) => {
        errorResponses(scope, {
          validationMessage: 'first-field',
          validationCodes: { [TWO_RULES.first]: 'FIRST_RULE', [TWO_RULES.second]: 'SECOND_RULE' },
        });
        scope.withTypeProvider<ZodTypeProvider>().post(
          '/two-rules',
          {
            schema: {
              body: z.object({
                label: z.string(TWO_RULES.label),
                first: z.string(TWO_RULES.first),
                second: z.string(TWO_RULES.second),
              }),
            },
          },
          async () => ({ success: true }),
        );
      },
      { prefix: '/api/test' },
    );
    // The web pages' catch-all outside /api (web/ssr.ts), which takes every method.
    app.all('/*', async (_req, reply) => reply.type('text/html').send('<p>sayfa</p>'));
  },
});

interface ErrorAnswer {
  success: false;
  code: string;
  message: string;
  errors?: { path: string; message: string }[];
}

/** What zod's own messages carry and a user must never read: type names, patterns, bounds in code syntax. */
const TECHNICAL =
  /\b(object|string|number|boolean|array|record|undefined|null|NaN)\b|<=|>=|\/\^|\$\/|beklenen|alınan|desen|seçenek:/i;

let user: string;
let premium: string;
let admin: string;

beforeAll(async () => {
  user = (await registerUser(t.app)).token;
  premium = (await loginAs(t.app, DEMO_ACCOUNTS.premium.email, DEMO_ACCOUNTS.premium.password)).token;
  admin = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
});

async function answer(options: InjectOptions): Promise<ErrorAnswer> {
  const res = await t.app.inject(options);
  expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(400);
  return body<ErrorAnswer>(res);
}

function expectPlain(a: ErrorAnswer) {
  expect(a.message).not.toMatch(TECHNICAL);
  for (const e of a.errors ?? []) expect(e.message, e.path).not.toMatch(TECHNICAL);
}

describe('a body that is not a JSON object', () => {
  it.each([
    ['no body at all', ''],
    ['null', 'null'],
    ['a list', '[]'],
    ['a text', '"e-posta"'],
  ])('answers %s with "İstek gövdesi geçersiz"', async (_case, payload) => {
    const a = await answer({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(a).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'İstek gövdesi geçersiz',
      errors: [{ path: 'body', message: 'İstek gövdesi geçersiz' }],
    });
  });
});

describe('validation messages a user reads', () => {
  it('are the field rules in plain Turkish, with the field path kept for the form', async () => {
    const cases: [InjectOptions, string, { path: string; message: string }][] = [
      [
        { method: 'POST', url: '/api/auth/refresh', payload: {} },
        messages.auth.tokenInvalid,
        { path: 'body.refreshToken', message: messages.auth.tokenInvalid },
      ],
      [
        { method: 'POST', url: '/api/sms/phone-verification', payload: {}, headers: bearer(user) },
        smsMessages.phoneInvalid,
        { path: 'body.phone', message: smsMessages.phoneInvalid },
      ],
      [
        { method: 'POST', url: '/api/push/subscriptions', payload: {}, headers: bearer(user) },
        'Bu tarayıcının bildirim aboneliği geçersiz.',
        { path: 'body.endpoint', message: 'Bu tarayıcının bildirim aboneliği geçersiz.' },
      ],
      [
        {
          method: 'PUT',
          url: '/api/auth/notification-settings',
          payload: { quietHours: { start: '25:00' } },
          headers: bearer(user),
        },
        'Saat SS:DD biçiminde olmalıdır (ör. 22:00)',
        { path: 'body.quietHours.start', message: 'Saat SS:DD biçiminde olmalıdır (ör. 22:00)' },
      ],
      [
        {
          method: 'PUT',
          url: '/api/auth/notification-settings',
          payload: { doNotDisturb: 'evet' },
          headers: bearer(user),
        },
        'Bu ayar açık ya da kapalı olmalıdır',
        { path: 'body.doNotDisturb', message: 'Bu ayar açık ya da kapalı olmalıdır' },
      ],
      [
        { method: 'PUT', url: '/api/auth/update-details', payload: { bio: 'x'.repeat(501) }, headers: bearer(user) },
        'Hakkımda en fazla 500 karakter olabilir',
        { path: 'body.bio', message: 'Hakkımda en fazla 500 karakter olabilir' },
      ],
      [
        {
          method: 'PUT',
          url: '/api/auth/update-details',
          payload: { address: 'x'.repeat(301) },
          headers: bearer(user),
        },
        'Adres en fazla 300 karakter olabilir',
        { path: 'body.address', message: 'Adres en fazla 300 karakter olabilir' },
      ],
      [
        {
          method: 'POST',
          url: '/api/alerts',
          payload: { product: crypto.randomUUID(), targetPrice: 10, triggerType: 'equal' },
          headers: bearer(premium),
        },
        'Geçersiz alarm türü.',
        { path: 'body.triggerType', message: 'Geçersiz alarm türü.' },
      ],
    ];
    for (const [request, message, field] of cases) {
      const a = await answer(request);
      expect(a.message, String(request.url)).toBe(message);
      expect(a.errors, String(request.url)).toContainEqual(field);
      expectPlain(a);
    }
  });

  it('names the specification rule of the admin product form for an empty specification name', async () => {
    const a = await answer({
      method: 'POST',
      url: '/api/admin/products',
      payload: { specifications: { '': 'x' } },
      headers: bearer(admin),
    });
    expect(a.errors).toContainEqual({
      path: 'body.specifications',
      message: adminProductMessages.specificationsInvalid,
    });
    expectPlain(a);
  });

  it('falls back to a plain sentence by kind for a rule without its own message', async () => {
    const cases: [InjectOptions, { path: string; message: string }][] = [
      [
        { method: 'GET', url: '/api/products?page=1&page=2' },
        { path: 'querystring.page', message: 'Bu alanın değeri geçersiz' },
      ],
      [
        { method: 'GET', url: '/api/categories/a%20b/products' },
        { path: 'params.idOrSlug', message: 'Bu alanın biçimi geçersiz' },
      ],
      [
        { method: 'POST', url: '/api/admin/notifications', payload: {}, headers: bearer(admin) },
        { path: 'body.title', message: 'Bu alan gereklidir' },
      ],
      [
        { method: 'GET', url: '/api/alerts?limit=1000', headers: bearer(premium) },
        { path: 'querystring.limit', message: 'En fazla 100 olabilir' },
      ],
      [
        { method: 'GET', url: '/api/alerts?status=hepsi', headers: bearer(premium) },
        { path: 'querystring.status', message: 'Geçersiz seçim' },
      ],
    ];
    for (const [request, field] of cases) {
      const a = await answer(request);
      expect(a.errors, String(request.url)).toContainEqual(field);
      expectPlain(a);
    }
  });
});

describe('the code of a validation failure', () => {
  const twoRules = (payload: object) => answer({ method: 'POST', url: '/api/test/two-rules', payload });

  it('comes from the issue whose message is shown: the first field of the schema', async () => {
    // A later field's code never goes with the first field's message.
    expect(await twoRules({})).toMatchObject({ code: 'VALIDATION_ERROR', message: TWO_RULES.label });
    expect(await twoRules({ label: 'x' })).toMatchObject({ code: 'FIRST_RULE', message: TWO_RULES.first });
    expect(await twoRules({ label: 'x', first: 'x' })).toMatchObject({
      code: 'SECOND_RULE',
      message: TWO_RULES.second,
    });
    // The order of the keys sent does not matter: the schema's order does.
    expect(await twoRules({ second: 1, first: 2, label: 'x' })).toMatchObject({
      code: 'FIRST_RULE',
      message: TWO_RULES.first,
    });
  });
});

describe("a schema rule with the route's payload-too-large message", () => {
  it('answers like the body limit does: an avatar data URL over the schema bound is 413 AVATAR_TOO_LARGE', async () => {
    const avatar = `data:image/png;base64,${'A'.repeat(13 * 1024 * 1024)}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/update-details',
      payload: { avatar },
      headers: bearer(user),
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ success: false, code: 'AVATAR_TOO_LARGE', message: messages.auth.avatarTooLarge });
  });
});

describe('content types', () => {
  const login = { email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password };

  it.each(['text/plain', 'text/plain; charset=utf-8'])('refuses %s on a JSON route with 415', async (type) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': type },
      payload: JSON.stringify(login),
    });
    expect(res.statusCode).toBe(415);
    expect(body(res)).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: messages.generic.unsupportedMediaType,
    });
  });

  it('still takes JSON, a body-less call whatever its declared type, and CSP reports', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: login });
    expect(json.statusCode).toBe(200);
    const session = body<{ data: { token: string } }>(json).data;
    const bodyless = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(session.token), 'content-type': 'text/plain' },
    });
    expect(bodyless.statusCode).toBe(200);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src', 'document-uri': 'http://x/' } }),
    });
    expect(report.statusCode).toBe(204);
  });
});

describe('a JSON body with a key that could reach an object prototype', () => {
  it.each([
    '{"email":"a@b.co","password":"x","__proto__":{"isAdmin":true}}',
    '{"email":"a@b.co","password":"x","extra":{"__proto__":{"role":"admin"}}}',
    '{"email":"a@b.co","password":"x","constructor":{"prototype":{"role":"admin"}}}',
  ])('is refused with 400 FORBIDDEN_KEY, not as broken JSON: %s', async (payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ success: false, code: 'FORBIDDEN_KEY', message: messages.generic.forbiddenKey });
  });

  it('leaves broken JSON as INVALID_JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": ',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'INVALID_JSON' });
  });
});

describe('a compressed request body', () => {
  const login = JSON.stringify({ email: DEMO_ACCOUNTS.user.email, password: DEMO_ACCOUNTS.user.password });

  it.each(['bogus', 'zstd', 'compress'])(
    'refuses Content-Encoding: %s with 415 and a code of its own',
    async (encoding) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        payload: login,
      });
      expect(res.statusCode).toBe(415);
      expect(body(res)).toEqual({
        success: false,
        code: 'UNSUPPORTED_CONTENT_ENCODING',
        message: messages.generic.unsupportedContentEncoding,
      });
      expect(messages.generic.unsupportedContentEncoding).toMatch(/gzip, deflate, br/);
    },
  );

  it('still takes a gzip body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(login),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a method the address does not take', () => {
  const allow = (header: unknown) =>
    String(header)
      .split(',')
      .map((m) => m.trim())
      .sort();

  it.each([
    ['GET', '/api/auth/account', ['DELETE']],
    ['PUT', '/api/categories', ['GET', 'HEAD']],
    ['DELETE', '/api/products/00000000-0000-4000-8000-000000000000', ['GET', 'HEAD']],
    ['OPTIONS', '/api/products', ['GET', 'HEAD']],
    ['GET', '/api/auth/login', ['POST']],
  ] as const)('%s %s is 405 with the methods it does take', async (method, url, methods) => {
    const res = await t.app.inject({ method, url, headers: bearer(user) });
    expect(res.statusCode).toBe(405);
    expect(allow(res.headers.allow)).toEqual([...methods].sort());
    expect(body(res)).toEqual({
      success: false,
      code: 'METHOD_NOT_ALLOWED',
      message: messages.generic.methodNotAllowed,
    });
  });

  it('keeps 404 for an address that does not exist with any method, and the query string out of the match', async () => {
    for (const method of ['GET', 'POST', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(body(res)).toMatchObject({ code: 'NOT_FOUND' });
    }
    const withQuery = await t.app.inject({ method: 'POST', url: '/api/categories?x=1' });
    expect(withQuery.statusCode).toBe(405);
  });

  it('leaves the web pages outside /api to their own catch-all, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: '/urunler/telefon' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<p>sayfa</p>');
    }
  });
});
