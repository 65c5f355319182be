import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedImport } from '@kiyasla/contracts/admin-stores';
import type { AdminStore } from '@kiyasla/contracts/admin-stores';
import type { Suggestion, TrendingTerm } from '@kiyasla/contracts/search';
import { settingsMessages, type SystemSettings } from '@kiyasla/contracts/settings';
import { sqlRows } from '../../../lib/sql-rows';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';
import { startStandInFeedServer, type StandInFeedServer } from '../../feeds/fetch/stand-in-feed-server';

/*
 * The admin api tab is obeyed, at once: the rate limit, the suggestion and trending counts, the
 * API docs switch, cross-origin access and the feed-fetch allow-list.
 */

// RATE_LIMIT_MAX unset: the admin setting decides. No FEED_FETCH_ALLOW: only the setting lets the
// puller reach the stand-in feed server on 127.0.0.1.
const t = useTestApp({
  config: {
    rateLimitMax: undefined,
    feeds: { maxBytes: 1024 * 1024, fetchTimeoutMs: 5_000, fetchAllow: [], schedulerEnabled: false },
  },
});
let token: string;
/** Each rate-limit test counts from its own client address, apart from the admin's requests. */
let clientSeq = 0;

beforeAll(async () => {
  token = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
});

async function getSettings(): Promise<SystemSettings> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: SystemSettings }>(res).data;
}

async function saveApi(patch: Partial<SystemSettings['api']>) {
  const settings = await getSettings();
  settings.api = { ...settings.api, ...patch };
  return t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(token), payload: settings });
}

async function mustSaveApi(patch: Partial<SystemSettings['api']>) {
  const res = await saveApi(patch);
  expect(res.statusCode, res.body).toBe(200);
}

describe('rateLimitPerMinute', () => {
  async function statusesFromNewClient(count: number): Promise<number[]> {
    clientSeq += 1;
    const remoteAddress = `198.51.100.${clientSeq}`;
    const codes: number[] = [];
    for (let i = 0; i < count; i++) {
      codes.push((await t.app.inject({ method: 'GET', url: '/api/categories', remoteAddress })).statusCode);
    }
    return codes;
  }

  it('limits each client to the saved number of requests a minute, changed without a restart', async () => {
    await mustSaveApi({ rateLimitPerMinute: 10 });
    expect(await statusesFromNewClient(11)).toEqual([...Array(10).fill(200), 429]);

    await mustSaveApi({ rateLimitPerMinute: 12 });
    expect(await statusesFromNewClient(13)).toEqual([...Array(12).fill(200), 429]);
  });

  it('RATE_LIMIT_MAX in the environment wins over the setting', async () => {
    const { createTestApp } = await import('../../../test/app');
    const pinned = await createTestApp({ db: t.db, config: { rateLimitMax: 2 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push((await pinned.app.inject({ method: 'GET', url: '/api/categories' })).statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await pinned.app.close();
    }
  });

  it('refuses a value out of its range naming the field', async () => {
    const res = await saveApi({ rateLimitPerMinute: 9 });
    expect(res.statusCode).toBe(400);
    const message = settingsMessages.range('rateLimitPerMinute', 10, 10_000);
    expect(body(res)).toMatchObject({ message, errors: [{ path: 'body.api.rateLimitPerMinute', message }] });
  });

  afterAll(async () => {
    await mustSaveApi({ rateLimitPerMinute: 10_000 });
  });
});

describe('searchSuggestionLimit and trendingSearchLimit', () => {
  const suggestions = async (q: string) =>
    body<{ data: Suggestion[] }>(
      await t.app.inject({ method: 'GET', url: `/api/search/suggestions?q=${encodeURIComponent(q)}` }),
    ).data;
  const trending = async () =>
    body<{ data: TrendingTerm[] }>(await t.app.inject({ method: 'GET', url: '/api/search/trending' })).data;

  it('cut the suggestions and the trending terms, never answering a cached list of the old length', async () => {
    await mustSaveApi({ rateLimitPerMinute: 10_000, searchSuggestionLimit: 8, trendingSearchLimit: 10 });
    const many = await suggestions('s');
    expect(many.length).toBeGreaterThan(2);
    expect(await trending()).toHaveLength(10);

    await mustSaveApi({ searchSuggestionLimit: 2, trendingSearchLimit: 3 });
    const few = await suggestions('s');
    expect(few).toEqual(many.slice(0, 2));
    expect(await trending()).toHaveLength(3);

    await mustSaveApi({ searchSuggestionLimit: 8, trendingSearchLimit: 10 });
    expect(await suggestions('s')).toEqual(many);
    expect(await trending()).toHaveLength(10);
  });
});

describe('enableApiDocs', () => {
  it('off: the docs page and the OpenAPI document answer 404; on again: 200', async () => {
    await mustSaveApi({ enableApiDocs: false });
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    await mustSaveApi({ enableApiDocs: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

describe('corsOrigins and enablePublicApi', () => {
  const partner = 'https://ortak.example';
  const get = (origin: string) => t.app.inject({ method: 'GET', url: '/api/categories', headers: { origin } });
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/products',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('empty list: no origin is granted cross-origin access', async () => {
    await mustSaveApi({ enablePublicApi: true, corsOrigins: [] });
    const res = await get(partner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(partner)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a listed origin may call the API from a browser, others may not', async () => {
    await mustSaveApi({ enablePublicApi: true, corsOrigins: [partner] });
    const res = await get(partner);
    expect(res.headers['access-control-allow-origin']).toBe(partner);
    expect(String(res.headers.vary)).toMatch(/origin/i);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();

    const pre = await preflight(partner);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers).toMatchObject({ 'access-control-allow-origin': partner });
    expect(String(pre.headers['access-control-allow-headers'])).toMatch(/authorization/i);

    const other = await get('https://baska.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('https://baska.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('enablePublicApi off: the list is kept but grants nothing', async () => {
    await mustSaveApi({ enablePublicApi: false, corsOrigins: [partner] });
    expect((await get(partner)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await getSettings()).api.corsOrigins).toEqual([partner]);
    await mustSaveApi({ enablePublicApi: true, corsOrigins: [] });
  });

  it('refuses an entry that is not a bare origin, naming the field', async () => {
    for (const bad of ['ortak.example', 'https://ortak.example/', 'https://ortak.example/api', 'ftp://ortak.example']) {
      const res = await saveApi({ corsOrigins: [partner, bad] });
      expect(res.statusCode, bad).toBe(400);
      const message = settingsMessages.origin('corsOrigins');
      expect(body(res)).toMatchObject({ message, errors: [{ path: 'body.api.corsOrigins.1', message }] });
    }
  });
});

describe('feedFetchAllow', () => {
  let server: StandInFeedServer;
  let productId: string;
  beforeAll(async () => {
    server = await startStandInFeedServer();
    const [row] = sqlRows<{ id: string }>(
      await t.db.db.execute(sql`select id from products where is_active order by id limit 1`),
    );
    productId = row!.id;
  });
  afterAll(() => server?.close());

  it('lets "fetch now" reach a private host only once the setting names it', async () => {
    server.route('/allow.json', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          items: [{ sku: 'IZIN-1', productId, price: 99.9, availability: 'in-stock', url: 'https://m.example/1' }],
        }),
      );
    });
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/stores',
        headers: bearer(token),
        payload: { name: 'İzinli Besleme', feedUrl: `${server.origin}/allow.json`, feedIntervalMinutes: 60 },
      });
    // Saving the URL follows the same allow-list as the pull.
    await mustSaveApi({ feedFetchAllow: [] });
    expect(body(await create())).toMatchObject({ code: 'FEED_URL_BLOCKED_ADDRESS' });
    await mustSaveApi({ feedFetchAllow: ['127.0.0.1'] });
    const created = await create();
    expect(created.statusCode, created.body).toBe(201);
    const storeId = body<{ data: AdminStore }>(created).data._id;
    const pull = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/stores/${storeId}/feed/pull`,
        headers: bearer(token),
      });

    await mustSaveApi({ feedFetchAllow: [] });
    const blocked = await pull();
    expect(blocked.statusCode).toBe(502);
    expect(body(blocked)).toMatchObject({ code: 'FEED_FETCH_BLOCKED_ADDRESS' });

    await mustSaveApi({ feedFetchAllow: ['127.0.0.1'] });
    const pulled = await pull();
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(body<{ data: FeedImport }>(pulled).data).toMatchObject({
      status: 'succeeded',
      report: { received: 1, matched: 1 },
    });
  });

  it('refuses an entry that is no host, address or range, naming the field', async () => {
    const res = await saveApi({ feedFetchAllow: ['10.0.0.0/8', 'http://feeds.local/'] });
    expect(res.statusCode).toBe(400);
    const message = settingsMessages.fetchHost('feedFetchAllow');
    expect(body(res)).toMatchObject({ message, errors: [{ path: 'body.api.feedFetchAllow.1', message }] });
    await mustSaveApi({ feedFetchAllow: ['10.0.0.0/8', 'feeds.local:8080', '[fd00::1]:443', '::1'] });
  });
});
