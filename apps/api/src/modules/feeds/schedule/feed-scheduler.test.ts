import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';
import { createTestApp } from '../../../test/app';
import { testConfig } from '../../../test/config';
import { startStandInFeedServer, type StandInFeedServer } from '../fetch/stand-in-feed-server';
import type { ImportFeedResult } from '../import/types';
import { createFeedScheduler, registerFeedScheduler } from './feed-scheduler';
import type { ImportFeedFn } from './pull-store-feed';
import { openTwoInstances, type TwoInstances } from './two-instances';

let server: StandInFeedServer;
let instances: TwoInstances;
let seq = 0;

const feeds = { maxBytes: 64 * 1024, fetchTimeoutMs: 2_000, fetchAllow: ['127.0.0.1'] };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  [server, instances] = await Promise.all([startStandInFeedServer(), openTwoInstances()]);
}, 120_000);
afterAll(async () => {
  await server.close();
  await instances.close();
});

beforeEach(async () => {
  await instances.first.db.execute(sql`update stores set feed_next_pull_at = null`);
});

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return sqlRows<T>(await db.execute(query));
}

/** A store whose feed (a slow stand-in answer) is due now; returns its id and feed path. */
async function dueStore(db: Database, respond: 'slow' | 'silent' = 'slow'): Promise<{ id: string; path: string }> {
  seq += 1;
  const path = `/scheduled-${seq}.json`;
  server.route(path, (_req, res) => {
    if (respond === 'silent') return;
    // Slow enough that the other scheduler claims while this pull is in flight.
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[]}'), 300);
  });
  const [store] = await rows<{ id: string }>(
    db,
    sql`insert into stores (name, slug, feed_url, feed_interval_minutes, feed_next_pull_at)
        values (${`Planlı Mağaza ${seq}`}, ${`planli-magaza-${seq}`}, ${server.origin + path}, 15, now() - interval '1 second')
        returning id`,
  );
  return { id: store!.id, path };
}

/** Reads the body to the end, as the engine would, and reports success. */
const drainingImport: ImportFeedFn = async (_db, input) => {
  for await (const chunk of input.body) void chunk;
  return { importId: '00000000-0000-4000-8000-000000000000', status: 'succeeded' } as ImportFeedResult;
};

function requestsFor(path: string): number {
  return server.requests.filter((r) => r.path === path).length;
}

describe('two instances pulling at the same time', () => {
  it('never pull the same feed twice: each due store is requested exactly once', async () => {
    const stores = [
      await dueStore(instances.first.db),
      await dueStore(instances.first.db),
      await dueStore(instances.first.db),
    ];
    const schedulers = [instances.first, instances.second].map((instance, i) =>
      createFeedScheduler({ db: instance.db, feeds, log: quiet, holder: `instance-${i}`, importFeed: drainingImport }),
    );
    const pulled = await Promise.all(schedulers.map((s) => s.tick()));
    expect(pulled[0]! + pulled[1]!).toBe(3);
    for (const store of stores) expect(requestsFor(store.path)).toBe(1);

    // Released and rescheduled: nothing is due, another round requests nothing.
    expect(await Promise.all(schedulers.map((s) => s.tick()))).toEqual([0, 0]);
    for (const store of stores) expect(requestsFor(store.path)).toBe(1);
    const leased = await rows<{ n: number }>(
      instances.second.db,
      sql`select count(*)::int as n from stores where feed_leased_by is not null or feed_next_pull_at <= now()`,
    );
    expect(Number(leased[0]!.n)).toBe(0);
  });
});

describe('stopping a scheduler', () => {
  it('cuts the running download short, waits for the pull and gives the lease back', async () => {
    const store = await dueStore(instances.first.db, 'silent');
    const scheduler = createFeedScheduler({
      db: instances.first.db,
      feeds: { ...feeds, fetchTimeoutMs: 30_000 },
      log: quiet,
      importFeed: drainingImport,
    });
    scheduler.start();
    await expect.poll(() => requestsFor(store.path), { timeout: 5_000 }).toBe(1);
    const started = Date.now();
    await scheduler.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    const [state] = await rows<{ feed_leased_by: string | null; error_code: string | null }>(
      instances.first.db,
      sql`select s.feed_leased_by, i.error_code from stores s join feed_imports i on i.store_id = s.id
           where s.id = ${store.id}::uuid`,
    );
    expect(state).toEqual({ feed_leased_by: null, error_code: 'FEED_FETCH_ABORTED' });
  });
});

describe('registerFeedScheduler', () => {
  it('pulls due feeds once the server listens, with the import engine: the offer takes the feed price', async () => {
    const t = await createTestApp({
      config: { feeds: { ...testConfig().feeds, ...feeds, schedulerEnabled: true } },
      beforeReady: registerFeedScheduler,
    });
    try {
      const db = t.db.db;
      await db.execute(sql`update stores set feed_next_pull_at = null`);
      const [product] = await rows<{ id: string }>(db, sql`select id from products order by id limit 1`);
      const path = '/app-feed.json';
      server.route(path, (_req, res) =>
        res.writeHead(200, { 'content-type': 'application/json', etag: '"a1"' }).end(
          JSON.stringify({
            items: [
              {
                sku: 'APP-1',
                productId: product!.id,
                price: 7.25,
                availability: 'in-stock',
                url: 'https://magaza.example/app-1',
              },
            ],
          }),
        ),
      );
      const [store] = await rows<{ id: string }>(
        db,
        sql`insert into stores (name, slug, feed_url, feed_interval_minutes, feed_next_pull_at)
            values ('Uygulama Mağazası', 'uygulama-magazasi', ${server.origin + path}, 15, now())
            returning id`,
      );
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const priceOf = async () =>
        (
          await rows<{ price: number }>(
            db,
            sql`select price from store_offers where store_id = ${store!.id}::uuid and product_id = ${product!.id}::uuid`,
          )
        )[0]?.price;
      await expect.poll(priceOf, { timeout: 20_000, interval: 100 }).toBe(725);
      await t.app.close();
      const [state] = await rows<{ feed_etag: string; feed_leased_by: string | null }>(
        db,
        sql`select feed_etag, feed_leased_by from stores where id = ${store!.id}::uuid`,
      );
      expect(state).toEqual({ feed_etag: '"a1"', feed_leased_by: null });
    } finally {
      await t.close();
    }
  });
});
