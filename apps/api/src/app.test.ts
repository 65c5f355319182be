import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from './db/client';
import { createTestApp, type TestApp } from './test/app';
import { AppError } from './lib/errors';
import { bearer, registerUser } from './test/accounts';

let t: TestApp;
let db: DbHandle;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({
    // Routes that exist only to exercise the error handler.
    beforeReady: (api) => {
      api.get('/api/__test/boom', async () => {
        throw new Error('SELECT secret FROM users -- internal detail');
      });
      api.get('/api/__test/app-error', async () => {
        throw new AppError(409, 'SOMETHING_CONFLICTS', 'Bu kayıt zaten var.');
      });
    },
  });
  ({ app, db } = t);
});
afterAll(() => t?.close());

describe('API skeleton', () => {
  it('reports health with the database checked', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok', database: 'ok' } });
  });

  it('answers 503 from health when the database is gone', async () => {
    const { app: brokenApp, db: broken } = await createTestApp();
    await broken.close();
    const res = await brokenApp.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE' });
    await brokenApp.close();
  });

  it('answers unknown /api paths with a JSON 404 in the error format', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'İstenen adres bulunamadı.' });
    }
  });

  it('masks unexpected errors as 500 without leaking internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/__test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('SELECT');
    expect(res.body).not.toContain('stack');
  });

  it('passes typed AppErrors through with status, code and Turkish message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/__test/app-error' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'SOMETHING_CONFLICTS', message: 'Bu kayıt zaten var.' });
  });

  it('rejects malformed JSON bodies with 400 INVALID_JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/__test/app-error',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect([400, 404]).toContain(res.statusCode);
    const strict = await app.inject({
      method: 'POST',
      url: '/api/no-such-route',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(strict.statusCode).toBe(400);
    expect(strict.json()).toMatchObject({ success: false, code: 'INVALID_JSON' });
  });

  it('refuses NUL characters in URLs and JSON bodies with 400 instead of failing in the database', async () => {
    const inUrl = await app.inject({ method: 'GET', url: '/api/products?brand=a%00b' });
    expect(inUrl.statusCode).toBe(400);
    expect(inUrl.json()).toMatchObject({ success: false, code: 'INVALID_CHARACTER' });
    const inBody = await app.inject({
      method: 'POST',
      url: '/api/no-such-route',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a\\u0000b"}',
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toMatchObject({ code: 'INVALID_CHARACTER' });
  });

  it('refuses a lone surrogate anywhere in a JSON body (a jsonb column failed on it with a 500), keys too', async () => {
    const { token } = await registerUser(app);
    const post = (payload: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/auth/update-details',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      });
    for (const payload of ['{"address":{"street":"a\\ud800b"}}', '{"bio":"x\\udc00"}', '{"a\\ud800":1}']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_CHARACTER' });
    }
    // A whole pair (an emoji) is text like any other, and so is a backslash typed before "u0000".
    const emoji = await post('{"bio":"\\ud83d\\udc4d harika"}');
    expect(emoji.statusCode, emoji.body).toBe(200);
    const typed = await post('{"bio":"yazı \\\\u0000 olarak"}');
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data.bio).toBe('yazı \\u0000 olarak');
  });

  it('sets security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/categories']));
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('rate-limits per client with a 429 in the error format', async () => {
    const { app: limited } = await createTestApp({ db, config: { rateLimitMax: 3 } });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await limited.inject({ method: 'GET', url: '/api/categories' })).statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    const res = await limited.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // In-process calls from the web server count for the shopper whose page they render: this
    // client's page is limited too, another shopper's is not (lib/client-identity.ts).
    const page = (ip: string) =>
      limited.inject({
        method: 'GET',
        url: '/api/categories',
        headers: { 'x-internal-token': limited.internalToken, 'x-internal-client-ip': ip },
      });
    expect((await page('127.0.0.1')).statusCode).toBe(429);
    expect((await page('198.51.100.9')).statusCode).toBe(200);
    await limited.close();
  });
});
