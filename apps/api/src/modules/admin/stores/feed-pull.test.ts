import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@kiyasla/contracts/admin-audit';
import type { AdminStore, FeedImport } from '@kiyasla/contracts/admin-stores';
import { feedFetchMessage, feedFetchMessages } from '@kiyasla/contracts/feed-fetch-messages';
import { feedMessages } from '@kiyasla/contracts/feed-messages';
import { sqlRows } from '../../../lib/sql-rows';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';
import { startStandInFeedServer, type StandInFeedServer } from '../../feeds/fetch/stand-in-feed-server';
import { claimDueStore } from '../../feeds/schedule/store-lease';

const t = useTestApp({
  config: {
    feeds: { maxBytes: 1024 * 1024, fetchTimeoutMs: 5_000, fetchAllow: ['127.0.0.1'], schedulerEnabled: false },
  },
});
let server: StandInFeedServer;
let admin: string;
let moderator: string;
let user: string;
let productId: string;
let seq = 0;

beforeAll(async () => {
  server = await startStandInFeedServer();
  admin = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
  moderator = (await loginAs(t.app, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password)).token;
  user = (await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password)).token;
  const [row] = sqlRows<{ id: string }>(
    await t.db.db.execute(sql`select id from products where is_active order by id limit 1`),
  );
  productId = row!.id;
});
afterAll(() => server?.close());

const feedBody = (price: number) =>
  JSON.stringify({
    items: [{ sku: 'HEMEN-1', productId, price, availability: 'in-stock', url: 'https://m.example/1' }],
  });

async function createStore(feedUrl: string | null): Promise<AdminStore> {
  seq += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/stores',
    headers: bearer(admin),
    payload: { name: `Hemen Çekilen ${seq}`, feedUrl, feedIntervalMinutes: feedUrl ? 60 : null },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body<{ data: AdminStore }>(res).data;
}

const pullNow = (storeId: string, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/stores/${storeId}/feed/pull`, headers: bearer(token) });

describe('POST /api/admin/stores/{id}/feed/pull', () => {
  it('pulls the store’s feed now and answers with the import report; the next pull is one interval away', async () => {
    const path = `/feed-${seq + 1}.json`;
    server.route(path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(feedBody(12_345.5));
    });
    const store = await createStore(server.origin + path);

    const res = await pullNow(store._id, moderator);
    expect(res.statusCode, res.body).toBe(200);
    const entry = body<{ data: FeedImport }>(res).data;
    expect(entry).toMatchObject({ source: 'schedule', status: 'succeeded', report: { received: 1, matched: 1 } });

    const [offer] = sqlRows<{ price: number }>(
      await t.db.db.execute(
        sql`select price from store_offers where store_id = ${store._id}::uuid and product_id = ${productId}::uuid`,
      ),
    );
    expect(Number(offer!.price)).toBe(1_234_550);
    const [state] = sqlRows<{ leased_by: string | null; next_in_minutes: number; etag: string | null }>(
      await t.db.db.execute(sql`
        select feed_leased_by as leased_by, feed_etag as etag,
               round(extract(epoch from feed_next_pull_at - now()) / 60)::int as next_in_minutes
          from stores where id = ${store._id}::uuid`),
    );
    expect(state).toEqual({ leased_by: null, etag: '"v1"', next_in_minutes: 60 });

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?action=store.feed.pull',
      headers: bearer(admin),
    });
    expect(body<{ data: AuditEntry[] }>(audit).data[0]).toMatchObject({
      action: 'store.feed.pull',
      entityType: 'feed-import',
      entityId: entry._id,
      actor: { email: DEMO_ACCOUNTS.moderator.email },
    });
  });

  it('answers 409 while a pull of the store runs, and the scheduler cannot claim it meanwhile', async () => {
    const path = `/slow-${seq + 1}.json`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const requested = new Promise<void>((resolve) => (started = resolve));
    server.route(path, (_req, res) => {
      started();
      void gate.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(feedBody(999)));
    });
    const store = await createStore(server.origin + path);

    const first = pullNow(store._id);
    await requested;
    const second = await pullNow(store._id);
    expect(second.statusCode).toBe(409);
    expect(body(second)).toMatchObject({ code: 'FEED_IMPORT_BUSY' });
    await t.db.db.execute(
      sql`update stores set feed_next_pull_at = now() - interval '1 minute' where id = ${store._id}::uuid`,
    );
    const claimed = await claimDueStore(t.db.db, 'another-instance');
    expect(claimed?.storeId).not.toBe(store._id);

    release();
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);
    expect((await pullNow(store._id)).statusCode).toBe(200);
  });

  const history = async (storeId: string) =>
    body<{ data: FeedImport[] }>(
      await t.app.inject({ method: 'GET', url: `/api/admin/stores/${storeId}/imports`, headers: bearer(admin) }),
    ).data;

  it('answers a failed download with its reason, keeps it in the history, and refuses a store without a feed URL', async () => {
    const path = `/missing-${seq + 1}.json`; // the stand-in answers 404
    const store = await createStore(server.origin + path);
    const res = await pullNow(store._id);
    expect(res.statusCode).toBe(502);
    expect(body(res)).toEqual({
      success: false,
      code: 'FEED_FETCH_HTTP_STATUS',
      message: feedFetchMessage('FEED_FETCH_HTTP_STATUS', 'HTTP 404'),
    });
    expect(await history(store._id)).toMatchObject([{ status: 'failed', errorCode: 'FEED_FETCH_HTTP_STATUS' }]);

    const bare = await createStore(null);
    const refused = await pullNow(bare._id);
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 'STORE_FEED_URL_MISSING' });
    const unknown = await pullNow('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a URL saved before the address rule with the blocked-address refusal, never "Besleme çekildi"', async () => {
    const store = await createStore(null);
    await t.db.db.execute(sql`update stores set feed_url = 'http://10.0.0.1/feed.json' where id = ${store._id}::uuid`);
    const res = await pullNow(store._id);
    expect(res.statusCode).toBe(502);
    expect(body(res)).toMatchObject({
      success: false,
      code: 'FEED_FETCH_BLOCKED_ADDRESS',
      message: expect.stringContaining(feedFetchMessages.FEED_FETCH_BLOCKED_ADDRESS),
    });
    expect(await history(store._id)).toMatchObject([{ status: 'failed', errorCode: 'FEED_FETCH_BLOCKED_ADDRESS' }]);
  });

  it('answers a downloaded file the import refused with 422 and the refusal, like an upload', async () => {
    const path = `/empty-${seq + 1}.json`;
    server.route(path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    const store = await createStore(server.origin + path);
    const res = await pullNow(store._id);
    expect(res.statusCode).toBe(422);
    expect(body(res)).toEqual({ success: false, code: 'FEED_EMPTY', message: feedMessages.refusals.FEED_EMPTY });
    expect(await history(store._id)).toMatchObject([{ status: 'refused', errorCode: 'FEED_EMPTY' }]);
  });

  it('is for admins and moderators only', async () => {
    const store = await createStore(null);
    expect((await pullNow(store._id, user)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/admin/stores/${store._id}/feed/pull` });
    expect(anonymous.statusCode).toBe(401);
  });
});
