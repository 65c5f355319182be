import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductCard, ProductDetail } from '@kiyasla/contracts/catalog';
import type { Suggestion } from '@kiyasla/contracts/search';
import type { DbHandle } from '../db/client';
import { storeOffers } from '../db/schema/store-offers';
import { createTestApp, type TestApp } from '../test/app';

const run = promisify(execFile);
const WRITER = path.join(import.meta.dirname, 'read-invalidation.writer.ts');

/**
 * Two API instances on one PostgreSQL, and writers in processes of their own (as the feed CLI).
 * The instances of this process share its caches, so the writes that must reach them come from
 * another process: only the NOTIFY can tell them.
 */
describe.runIf(inject('testDatabaseTemplate'))('two API instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let databaseUrl: string;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ db: a.db });
    databaseUrl = (a.db.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const detail = async (t: TestApp, id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: ProductDetail }).data;
  };
  const offerPrice = async (t: TestApp, productId: string, offerId: string) =>
    (await detail(t, productId)).prices.find((p) => p._id === offerId)?.price;

  /** A product (the n-th) and its cheapest offer. */
  const productWithOffer = async (n: number) => {
    const { rows } = await a.db.db.execute<{ id: string }>(
      sql`select product_id as id from product_prices where offer_count > 0 order by product_id offset ${n} limit 1`,
    );
    const id = rows[0]!.id;
    const [offer] = await a.db.db
      .select({ id: storeOffers.id, price: storeOffers.price })
      .from(storeOffers)
      .where(eq(storeOffers.productId, id))
      .orderBy(asc(storeOffers.price))
      .limit(1);
    return { id, offer: offer! };
  };

  const writeInOtherProcess = (offerId: string, productId: string, price: number, outcome: 'commit' | 'rollback') =>
    run(process.execPath, ['--import', 'tsx', WRITER, databaseUrl, offerId, productId, String(price), outcome]);

  /** Polls (no fixed sleep) until `check` holds; fails after `ms`. */
  const within = async (ms: number, check: () => Promise<boolean>) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('shows a price committed by another process on every instance within a second', async () => {
    const { id, offer } = await productWithOffer(0);
    await detail(a, id);
    const cached = await detail(b, id);
    expect(cached.currentPrice).toBe(offer.price / 100);

    const newPrice = offer.price - 1_500;
    await writeInOtherProcess(offer.id, id, newPrice, 'commit');
    await within(1_000, async () => (await detail(b, id)).currentPrice === newPrice / 100);
    await within(1_000, async () => (await detail(a, id)).currentPrice === newPrice / 100);
  });

  it("shows a price committed by another process on every page of every instance that shows the product, and keeps the others' entries", async () => {
    const get = async <T>(t: TestApp, url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.json() as T;
    };
    const phones = '/api/categories/telefon/products';
    const p = (await get<{ data: ProductCard[] }>(a, phones)).data[0]!;
    const search = `/api/search?q=${encodeURIComponent(p.name)}`;
    const suggestions = `/api/search/suggestions?q=${encodeURIComponent(p.name)}`;
    const secondPage = `${phones}?page=2`;
    /** The price each page shows for `id` on instance t. */
    const shown = async (t: TestApp, id: string) => ({
      listing: (await get<{ data: ProductCard[] }>(t, phones)).data.find((c) => c._id === id)?.currentPrice,
      search: (await get<{ data: ProductCard[] }>(t, search)).data.find((c) => c._id === id)?.currentPrice,
      suggestion: (await get<{ data: Suggestion[] }>(t, suggestions)).data.flatMap((x) =>
        x.type === 'product' && x._id === id ? [x.price] : [],
      )[0],
      detail: (await detail(t, id)).currentPrice,
    });
    const old = p.currentPrice;
    for (const t of [a, b])
      expect(await shown(t, p._id)).toEqual({ listing: old, search: old, suggestion: old, detail: old });
    const s = (await get<{ data: ProductCard[] }>(b, secondPage)).data[0]!;
    // Behind the caches' back: a reloaded second page would show this price, a kept one does not.
    await a.db.db.execute(sql`update product_prices set min_price = min_price + 100 where product_id = ${s._id}::uuid`);

    const [offer] = await a.db.db
      .select({ id: storeOffers.id, price: storeOffers.price })
      .from(storeOffers)
      .where(eq(storeOffers.productId, p._id))
      .orderBy(asc(storeOffers.price))
      .limit(1);
    const newPrice = offer!.price - 2_000;
    await writeInOtherProcess(offer!.id, p._id, newPrice, 'commit');
    const now = newPrice / 100;
    for (const t of [a, b]) {
      await within(1_000, async () => {
        const seen = await shown(t, p._id);
        return seen.listing === now && seen.search === now && seen.suggestion === now && seen.detail === now;
      });
    }
    expect((await get<{ data: ProductCard[] }>(b, secondPage)).data[0]!.currentPrice).toBe(s.currentPrice);
  });

  it('does not invalidate for a transaction that rolled back', async () => {
    const rolledBack = await productWithOffer(1);
    const fence = await productWithOffer(2);
    const shown = await offerPrice(b, rolledBack.id, rolledBack.offer.id);
    await detail(b, fence.id);
    // Behind the caches' back: the cached page keeps the old price until something invalidates it.
    await a.db.db
      .update(storeOffers)
      .set({ price: rolledBack.offer.price - 700 })
      .where(eq(storeOffers.id, rolledBack.offer.id));

    await writeInOtherProcess(rolledBack.offer.id, rolledBack.id, rolledBack.offer.price - 900, 'rollback');
    // Notifications arrive in commit order: once the fence's has, a rolled-back one would have too.
    const fencePrice = fence.offer.price - 1_100;
    await writeInOtherProcess(fence.offer.id, fence.id, fencePrice, 'commit');
    await within(1_000, async () => (await detail(b, fence.id)).currentPrice === fencePrice / 100);

    expect(await offerPrice(b, rolledBack.id, rolledBack.offer.id)).toBe(shown);
  });

  it('reconnects a dropped LISTEN connection, clearing the caches, and hears the next change', async () => {
    const listeners = (db: DbHandle) =>
      db.db.execute<{ pid: number }>(
        sql`select pid from pg_stat_activity where datname = current_database() and query = 'listen kiyasla_reads'`,
      );
    const before = (await listeners(a.db)).rows.map((r) => r.pid);
    expect(before).toHaveLength(2); // one per instance

    const { id, offer } = await productWithOffer(3);
    const shown = await offerPrice(b, id, offer.id);
    const missed = offer.price - 300;
    await a.db.db.update(storeOffers).set({ price: missed }).where(eq(storeOffers.id, offer.id));
    expect(await offerPrice(b, id, offer.id)).toBe(shown);

    await a.db.db.execute(sql`select pg_terminate_backend(pid) from unnest(${`{${before.join(',')}}`}::int[]) pid`);
    await within(10_000, async () => {
      const now = (await listeners(a.db)).rows.map((r) => r.pid);
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    });
    // Whatever was sent while the connection was down is lost: the reconnection emptied the caches.
    expect(await offerPrice(b, id, offer.id)).toBe(missed / 100);

    const newPrice = offer.price - 2_500;
    await writeInOtherProcess(offer.id, id, newPrice, 'commit');
    await within(1_000, async () => (await detail(b, id)).currentPrice === newPrice / 100);
  });
});
