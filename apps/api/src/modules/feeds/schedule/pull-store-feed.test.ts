import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, DbHandle } from '../../../db/client';
import { refreshProductPriceAggregates } from '../../../db/product-price-aggregates';
import { sqlRows } from '../../../lib/sql-rows';
import { createTestDatabase } from '../../../test/db';
import { startStandInFeedServer, type StandInFeedServer } from '../fetch/stand-in-feed-server';
import type { ImportFeedInput, ImportFeedResult } from '../import/types';
import { pullStoreFeed, type ImportFeedFn, type PullDeps } from './pull-store-feed';
import { claimDueStore } from './store-lease';

let handle: DbHandle;
let db: Database;
let server: StandInFeedServer;
let storeId: string;
let feedPath: string;
let productId: string;
let seq = 0;

const HOLDER = 'test-instance';
const feeds = { maxBytes: 4096, fetchTimeoutMs: 1_000, fetchAllow: ['127.0.0.1'] };

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return sqlRows<T>(await db.execute(query));
}

beforeAll(async () => {
  [handle, server] = await Promise.all([createTestDatabase(), startStandInFeedServer()]);
  db = handle.db;
  const [product] = await rows<{ id: string }>(
    sql`select product_id as id from product_prices where min_price is not null order by product_id limit 1`,
  );
  productId = product!.id;
}, 60_000);
afterAll(async () => {
  await server.close();
  await handle.close();
});

beforeEach(async () => {
  seq += 1;
  feedPath = `/store-${seq}/feed.json`;
  await db.execute(sql`update stores set feed_next_pull_at = null`);
  const [store] = await rows<{ id: string }>(sql`
    insert into stores (name, slug, feed_url, feed_interval_minutes, feed_next_pull_at)
    values (${`Çekilen Mağaza ${seq}`}, ${`cekilen-magaza-${seq}`}, ${server.origin + feedPath}, 15, now())
    returning id`);
  storeId = store!.id;
});

/** Claims the test's store as the scheduler would, and pulls it. */
async function pull(deps: Partial<PullDeps> = {}) {
  await db.execute(sql`update stores set feed_next_pull_at = now() - interval '1 second' where id = ${storeId}::uuid`);
  const claimed = await claimDueStore(db, HOLDER);
  expect(claimed?.storeId).toBe(storeId);
  return pullStoreFeed(db, claimed!, { holder: HOLDER, feeds, ...deps });
}

function jsonFeed(price: number) {
  return JSON.stringify({
    items: [{ sku: 'P-1', productId, price, availability: 'in-stock', url: 'https://magaza.example/p-1' }],
  });
}

async function storeState() {
  const [row] = await rows<{
    feed_etag: string | null;
    feed_last_modified: string | null;
    feed_leased_by: string | null;
    feed_lease_until: string | null;
    next_in_minutes: number;
    success_seconds_ago: number | null;
  }>(sql`
    select feed_etag, feed_last_modified, feed_leased_by, feed_lease_until,
           round(extract(epoch from feed_next_pull_at - now()) / 60)::int as next_in_minutes,
           extract(epoch from now() - feed_last_success_at)::int as success_seconds_ago
      from stores where id = ${storeId}::uuid`);
  return row!;
}

async function imports() {
  return rows<{
    status: string;
    source: string;
    error_code: string | null;
    error_message: string | null;
    finished: boolean;
  }>(sql`
    select status::text as status, source::text as source, error_code, error_message, finished_at is not null as finished
      from feed_imports where store_id = ${storeId}::uuid order by started_at`);
}

async function offer() {
  const [row] = await rows<{ price: number; seen_seconds_ago: number }>(sql`
    select price, extract(epoch from now() - last_seen_at)::int as seen_seconds_ago
      from store_offers where store_id = ${storeId}::uuid and product_id = ${productId}::uuid`);
  return row;
}

async function minPrice(): Promise<number | null> {
  const [row] = await rows<{ min_price: number | null }>(
    sql`select min_price from product_prices where product_id = ${productId}::uuid`,
  );
  return row!.min_price;
}

function serveFeed(body: () => string, headers: Record<string, string> = {}) {
  server.route(feedPath, (req, res) => {
    if (headers.etag && req.headers['if-none-match'] === headers.etag) return void res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body());
  });
}

describe('pullStoreFeed: 200 and 304 with the import engine', () => {
  it('imports a 200 (the offer gets the feed price), keeps its validators and gives the lease back', async () => {
    let price = 1;
    serveFeed(() => jsonFeed(price), { etag: '"e1"', 'last-modified': 'Tue, 03 Mar 2026 10:00:00 GMT' });
    const first = await pull();
    expect(first.status).toBe('succeeded');
    expect((await offer())?.price).toBe(100);
    expect(await storeState()).toMatchObject({
      feed_etag: '"e1"',
      feed_last_modified: 'Tue, 03 Mar 2026 10:00:00 GMT',
      feed_leased_by: null,
      feed_lease_until: null,
      next_in_minutes: 15,
    });
    expect(await imports()).toEqual([
      { status: 'succeeded', source: 'schedule', error_code: null, error_message: null, finished: true },
    ]);

    // The store changes its feed (and its ETag): the next pull changes the price.
    price = 2.5;
    serveFeed(() => jsonFeed(price), { etag: '"e2"' });
    expect((await pull()).status).toBe('succeeded');
    expect((await offer())?.price).toBe(250);
    expect(await storeState()).toMatchObject({ feed_etag: '"e2"', feed_last_modified: null });
  });

  it('answers a 304 by confirming the offers: stale ones count again', async () => {
    serveFeed(() => jsonFeed(1), { etag: '"e1"', 'last-modified': 'Tue, 03 Mar 2026 10:00:00 GMT' });
    await pull();
    expect(await minPrice()).toBe(100);

    // The store went quiet for longer than its freshness window: the 1 TL offer no longer counts.
    await db.execute(sql`update stores set freshness_hours = 1 where id = ${storeId}::uuid`);
    await db.execute(
      sql`update store_offers set last_seen_at = now() - interval '3 hours' where store_id = ${storeId}::uuid`,
    );
    await refreshProductPriceAggregates(db, [productId]);
    expect(await minPrice()).not.toBe(100);

    const since = server.requests.length;
    const outcome = await pull();
    expect(outcome.status).toBe('not-modified');
    const [request] = server.requests.slice(since);
    expect(request?.headers['if-none-match']).toBe('"e1"');
    expect(request?.headers['if-modified-since']).toBe('Tue, 03 Mar 2026 10:00:00 GMT');
    expect((await offer())?.seen_seconds_ago).toBeLessThan(5);
    expect(await minPrice()).toBe(100);
    const state = await storeState();
    expect(state).toMatchObject({ feed_etag: '"e1"', feed_leased_by: null, next_in_minutes: 15 });
    expect(state.success_seconds_ago).toBeLessThan(5);
    expect((await imports()).map((i) => [i.status, i.finished])).toEqual([
      ['succeeded', true],
      ['not-modified', true],
    ]);
  });

  it('keeps no validator of a feed the import refused, so the next pull fetches it again', async () => {
    serveFeed(() => '{"items": [', { etag: '"broken"' });
    const outcome = await pull();
    expect(outcome.status).toBe('refused');
    expect(outcome.error?.code).toBe('FEED_MALFORMED');
    expect(await storeState()).toMatchObject({ feed_etag: null, feed_leased_by: null, next_in_minutes: 15 });
  });

  it('records a body that passes the size cap while the import reads it under the download code', async () => {
    server.route(feedPath, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items": [');
      const item = { sku: 'P-1', price: 1, availability: 'in-stock', url: 'https://magaza.example/p-1' };
      for (let i = 0; i < 100; i++) res.write(`${JSON.stringify({ ...item, sku: `P-${i}` })},`);
      res.end('{}]}');
    });
    const outcome = await pull();
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'FEED_FETCH_TOO_LARGE' } });
    const history = await imports();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'failed', error_code: 'FEED_FETCH_TOO_LARGE', finished: true });
    expect(history[0]?.error_message).toContain('boyutu aşıyor');
    expect(await storeState()).toMatchObject({ feed_leased_by: null, next_in_minutes: 15 });
  });
});

describe('pullStoreFeed: download failures are failed imports', () => {
  const neverImport: ImportFeedFn = () => {
    throw new Error('the import must not run');
  };

  async function expectFailure(code: string) {
    const outcome = await pull({ importFeed: neverImport });
    expect(outcome).toMatchObject({ status: 'failed', error: { code } });
    const [row] = await imports();
    expect(row).toMatchObject({ status: 'failed', source: 'schedule', error_code: code, finished: true });
    expect(await storeState()).toMatchObject({ feed_etag: null, feed_leased_by: null, next_in_minutes: 15 });
    return row!;
  }

  it('500', async () => {
    server.route(feedPath, (_req, res) => res.writeHead(500).end());
    expect((await expectFailure('FEED_FETCH_HTTP_STATUS')).error_message).toContain('HTTP 500');
  });

  it('timeout', async () => {
    server.route(feedPath, () => {
      /* never answers */
    });
    await expectFailure('FEED_FETCH_TIMEOUT');
  });

  it('oversize by Content-Length', async () => {
    server.route(feedPath, (_req, res) => res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)));
    await expectFailure('FEED_FETCH_TOO_LARGE');
  });

  it('redirect loop', async () => {
    server.route(feedPath, (_req, res) => res.writeHead(302, { location: feedPath }).end());
    await expectFailure('FEED_FETCH_REDIRECT_LOOP');
  });

  it('a private address not on the allow-list, refused before any request', async () => {
    const since = server.requests.length;
    const outcome = await pull({ importFeed: neverImport, feeds: { ...feeds, fetchAllow: [] } });
    expect(outcome.error?.code).toBe('FEED_FETCH_BLOCKED_ADDRESS');
    expect(server.requests.length).toBe(since);
  });
});

describe('pullStoreFeed hands the import what the server declared', () => {
  it('source schedule, content type, gzip and the size cap; a held import keeps no validator', async () => {
    server.route(feedPath, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv', 'content-encoding': 'gzip', etag: '"g1"' });
      res.end(gzipSync('sku,price,url,availability\n'));
    });
    let received: Omit<ImportFeedInput, 'body'> | undefined;
    const held: ImportFeedFn = async (_db, { body, ...input }) => {
      received = input;
      for await (const chunk of body) void chunk;
      const result: Partial<ImportFeedResult> = { importId: '00000000-0000-4000-8000-000000000000', status: 'held' };
      return result as ImportFeedResult;
    };
    const outcome = await pull({ importFeed: held });
    expect(outcome.status).toBe('held');
    expect(received).toEqual({ storeId, source: 'schedule', contentType: 'text/csv', gzip: true, maxBytes: 4096 });
    expect(await storeState()).toMatchObject({ feed_etag: null, feed_leased_by: null });
  });
});
