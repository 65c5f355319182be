import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DbHandle, Transaction } from '../db/client';
import { fireAlerts, triggerAlerts } from '../modules/alerts/alert-triggers';
import { writePriceChangedEvents } from '../modules/feeds/import/price-change-event';
import { createTestDatabase } from '../test/db';
import {
  eventListing,
  importPrices,
  makeFeedStore,
  makeUser,
  pricedProducts,
  replayAllEvents,
  rows,
  setAlert,
  settleAllEvents,
} from '../test/price-alerts';
import { consumePriceChanges, drainPriceChanges } from './price-change-consumer';

/**
 * Real concurrency: several consumers on a PostgreSQL connection pool, each pass on its own
 * connection, racing for the same events and the same alerts. Every alert must end with exactly
 * one notification.
 */
describe.runIf(inject('testDatabaseTemplate'))('price.changed consumers racing on PostgreSQL', () => {
  let handle: DbHandle;
  const db = () => handle.db;
  let products: { id: string; lowest: number }[];
  let users: string[];
  let store: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    products = await pricedProducts(handle.db, 192);
    expect(products.length).toBe(192);
    users = [];
    for (let i = 0; i < 4; i++) users.push(await makeUser(handle.db));
    store = await makeFeedStore(handle.db);
  }, 180_000);
  afterAll(() => handle?.close());

  /**
   * Alerts of every user on these products, and feeds dropping each below its targets: one import
   * per three products, so the consumers have several events (one per import batch) to race for.
   */
  async function armAndDrop(slice: { id: string; lowest: number }[]): Promise<string[]> {
    await settleAllEvents(db());
    const alerts: string[] = [];
    for (const p of slice) {
      for (const [i, u] of users.entries()) alerts.push(await setAlert(db(), u, p.id, p.lowest - 1_000 - i * 100));
      await db().execute(
        sql`insert into favorites (user_id, product_id) values (${users[0]!}::uuid, ${p.id}::uuid) on conflict do nothing`,
      );
    }
    for (let i = 0; i < slice.length; i += 3) {
      await importPrices(
        db(),
        store,
        slice
          .slice(i, i + 3)
          .map((p) => ({ productId: p.id, price: Math.min(p.lowest - 5_000, Math.floor(p.lowest * 0.9)) })),
      );
    }
    return alerts;
  }

  async function notificationsPerAlert(alerts: string[]): Promise<Map<string, number>> {
    const counts = await rows<{ alert_id: string; n: number }>(
      db(),
      sql`select data ->> 'alertId' as alert_id, count(*)::int as n from notifications
           where data ->> 'alertId' = any (${`{${alerts.join(',')}}`}::text[]) group by 1`,
    );
    return new Map(counts.map((c) => [c.alert_id, Number(c.n)]));
  }

  it('four consumers draining the same events in small batches notify each alert once', async () => {
    const alerts = await armAndDrop(products.slice(0, 30));
    const results = await Promise.all(Array.from({ length: 4 }, () => drainPriceChanges(db(), { batch: 3 })));
    expect(results.reduce((n, r) => n + r.done, 0)).toBe(10);
    expect(results.reduce((n, r) => n + r.products, 0)).toBe(30);
    expect(results.reduce((n, r) => n + r.fired.length, 0)).toBe(alerts.length);
    const counts = await notificationsPerAlert(alerts);
    expect(counts.size).toBe(alerts.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // The favorite's price drop of each product: one notification each, whoever wrote it.
    const [written] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from notifications where type = 'price_drop'
           and data ->> 'productId' = any (${`{${products
             .slice(0, 30)
             .map((p) => p.id)
             .join(',')}}`}::text[])`,
    );
    // Each one written once: the consumers' tallies add up to what the table holds.
    expect(results.reduce((n, r) => n + r.priceDrops, 0)).toBe(Number(written!.n));
    const [drops] = await rows<{ n: number; products: number }>(
      db(),
      sql`select count(*)::int as n, count(distinct data ->> 'productId')::int as products from notifications
           where type = 'price_drop' and user_id = ${users[0]!}::uuid`,
    );
    expect(drops).toEqual({ n: 30, products: 30 });

    // Every event replayed, by four consumers at once: nothing new.
    await replayAllEvents(db());
    const again = await Promise.all(Array.from({ length: 4 }, () => drainPriceChanges(db(), { batch: 3 })));
    expect(again.reduce((n, r) => n + r.fired.length, 0)).toBe(0);
    expect([...(await notificationsPerAlert(alerts)).values()].every((n) => n === 1)).toBe(true);
  });

  it('two evaluations of the same products in concurrent transactions fire each alert once', async () => {
    const slice = products.slice(30, 60);
    const alerts = await armAndDrop(slice);
    const ids = slice.map((p) => p.id);
    // Bypassing the outbox: only the alert locks and the notification keys stand between them.
    const fired = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        db().transaction(async (tx) => {
          const f = await triggerAlerts(tx, i % 2 ? [...ids].reverse() : ids);
          await tx.execute(sql`select pg_sleep(0.05)`);
          return f.length;
        }),
      ),
    );
    expect(fired.reduce((a, b) => a + b, 0)).toBe(alerts.length);
    const counts = await notificationsPerAlert(alerts);
    expect(counts.size).toBe(alerts.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('a worker that stalls past its lease is fenced out by the worker that claimed its events again', async () => {
    const slice = products.slice(60, 90);
    const alerts = await armAndDrop(slice);
    let resume!: () => void;
    const stalled = new Promise<void>((r) => (resume = r));
    let claimedBySlow!: () => void;
    const slowClaimed = new Promise<void>((r) => (claimedBySlow = r));
    const slow = consumePriceChanges(db(), {
      afterClaim: async () => {
        claimedBySlow();
        await stalled;
      },
    });
    await slowClaimed;
    // The lease has run out by the second worker's clock: it claims the same events and does the work.
    const fast = await consumePriceChanges(db(), { now: new Date(Date.now() + 61_000) });
    expect(fast).toMatchObject({ claimed: 10, done: 10, products: 30 });
    resume();
    expect(await slow).toMatchObject({ claimed: 10, done: 0, products: 0, fired: [] });
    const counts = await notificationsPerAlert(alerts);
    expect(counts.size).toBe(alerts.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const [events] = await rows<{ done: number }>(
      db(),
      sql`select count(*)::int as done from outbox where status = 'done' and ${eventListing(slice.map((p) => p.id))}`,
    );
    expect(Number(events!.done)).toBe(10);
  });
  it("a drain's workers hold their work transactions at once", async () => {
    const slice = products.slice(150, 156);
    await armAndDrop(slice);
    // The first worker to reach its commit waits there until a second one reaches its own: the
    // drain ends only if two of its workers hold open work transactions at the same time (one loop
    // never overlaps its own). The wait is bounded, so a drain that serialises its workers fails
    // the assertion below instead of hanging.
    let inFlight = 0;
    let overlapped = 0;
    let arrived!: () => void;
    const second = new Promise<void>((r) => (arrived = r));
    const r = await drainPriceChanges(db(), {
      workers: 2,
      batch: 3,
      beforeCommit: async () => {
        inFlight++;
        overlapped = Math.max(overlapped, inFlight);
        if (inFlight >= 2) arrived();
        await Promise.race([second, new Promise((t) => setTimeout(t, 10_000))]);
        inFlight--;
      },
    });
    expect(overlapped).toBe(2);
    expect(r).toMatchObject({ claimed: 2, done: 2, products: 6 });
  });

  it('a worker that finds every due event locked by another claim looks again instead of ending the drain', async () => {
    const slice = products.slice(156, 162);
    await armAndDrop(slice);
    // Another instance's claim holds the due events' rows (it reads up to a batch of them and
    // leaves those that do not fit): a claim now skips them all and gets nothing.
    let locked!: () => void;
    const heldLocks = new Promise<void>((r) => (locked = r));
    const other = db().transaction(async (tx) => {
      await tx.execute(
        sql`select id from outbox where status = 'pending' and ${eventListing(slice.map((p) => p.id))} for update`,
      );
      locked();
      await tx.execute(sql`select pg_sleep(0.2)`);
    });
    await heldLocks;
    const r = await drainPriceChanges(db(), { workers: 1, batch: 3 });
    await other;
    expect(r).toMatchObject({ claimed: 2, done: 2, products: 6 });
  });

  it("a drain's concurrent workers, and a second drain beside it, notify each alert once, replays included", async () => {
    const slice = products.slice(90, 120);
    const alerts = await armAndDrop(slice);
    // Each work transaction waits a little before its commit, so the transactions of the workers
    // are likely to overlap (that they can is the test before; here only the outcome is asserted,
    // whatever the interleaving).
    const slow = () => ({
      batch: 3,
      beforeCommit: async (_ids: readonly string[], tx: Transaction) => {
        await tx.execute(sql`select pg_sleep(0.05)`);
      },
    });
    const [three, two] = await Promise.all([
      drainPriceChanges(db(), { ...slow(), workers: 3 }),
      drainPriceChanges(db(), { ...slow(), workers: 2 }),
    ]);
    expect(three.done + two.done).toBe(10);
    expect(three.products + two.products).toBe(30);
    expect(three.fired.length + two.fired.length).toBe(alerts.length);
    const counts = await notificationsPerAlert(alerts);
    expect(counts.size).toBe(alerts.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const dropsOf = async () =>
      rows<{ n: number; products: number }>(
        db(),
        sql`select count(*)::int as n, count(distinct data ->> 'productId')::int as products from notifications
             where type = 'price_drop' and data ->> 'productId' = any (${`{${slice.map((p) => p.id).join(',')}}`}::text[])`,
      );
    expect(await dropsOf()).toEqual([{ n: 30, products: 30 }]);

    // The ten events replayed, to two drains of three workers each: nothing new.
    await db().execute(
      sql`update outbox set status = 'pending', run_after = now() - interval '1 second', locked_until = null
           where ${eventListing(slice.map((p) => p.id))}`,
    );
    const again = await Promise.all([
      drainPriceChanges(db(), { ...slow(), workers: 3 }),
      drainPriceChanges(db(), { ...slow(), workers: 3 }),
    ]);
    expect(again.reduce((n, r) => n + r.done, 0)).toBe(10);
    expect(again.reduce((n, r) => n + r.fired.length + r.priceDrops, 0)).toBe(0);
    expect([...(await notificationsPerAlert(alerts)).values()].every((n) => n === 1)).toBe(true);
    expect(await dropsOf()).toEqual([{ n: 30, products: 30 }]);
  });

  it("workers holding events of the same products write the favorites' drops once, without a deadlock", async () => {
    await settleAllEvents(db());
    const slice = products.slice(120, 150);
    const ids = `{${slice.map((p) => p.id).join(',')}}`;
    // Imports announcing the same products in opposite orders, each a fall of half the price: the
    // workers write the same users' keys at once. Rounds with new followers (the keys are per day),
    // as a deadlock depends on the timing.
    const changes = slice.map((p) => ({
      productId: p.id,
      lowestBefore: p.lowest * 2,
      lowestAfter: p.lowest,
      offers: [],
    }));
    for (let round = 0; round < 4; round++) {
      const fans: string[] = [];
      for (let i = 0; i < 4; i++) fans.push(await makeUser(db(), false));
      await db().execute(
        sql`insert into favorites (user_id, product_id)
            select u, p from unnest(${`{${fans.join(',')}}`}::uuid[]) u, unnest(${ids}::uuid[]) p`,
      );
      for (let i = 0; i < 4; i++) {
        const importId = crypto.randomUUID();
        await writePriceChangedEvents(
          db(),
          (i % 2 ? [...changes].reverse() : changes).map((c) => ({ ...c, importId })),
        );
      }
      const errors: unknown[] = [];
      const r = await drainPriceChanges(db(), { workers: 4, batch: 1, onError: (err) => errors.push(err) });
      expect(errors).toEqual([]);
      expect(r).toMatchObject({ claimed: 4, done: 4, retried: 0, failed: 0, priceDrops: 30 * fans.length });
      const [drops] = await rows<{ n: number; keys: number }>(
        db(),
        sql`select count(*)::int as n, count(distinct (user_id, data ->> 'productId'))::int as keys from notifications
             where type = 'price_drop' and user_id = any (${`{${fans.join(',')}}`}::uuid[])`,
      );
      expect(drops).toEqual({ n: 30 * fans.length, keys: 30 * fans.length });
    }
  });

  it('evaluations firing in rounds of a few, racing two drains and each other, notify each alert once without a deadlock', async () => {
    const slice = products.slice(162, 192);
    const alerts = await armAndDrop(slice);
    const ids = slice.map((p) => p.id);
    const errors: unknown[] = [];
    // The drains' work transactions fire their alerts two at a time; three transactions beside them
    // evaluate every product of the slice, five alerts a round, pausing after each round's locks,
    // so the evaluators hold part of the alerts while the others wait on the next ones.
    const drainOptions = {
      batch: 3,
      fireChunk: 2,
      onError: (err: unknown) => errors.push(err),
      beforeCommit: async (_ids: readonly string[], tx: Transaction) => {
        await tx.execute(sql`select pg_sleep(0.02)`);
      },
    };
    const [drains, direct] = await Promise.all([
      Promise.all([
        drainPriceChanges(db(), { ...drainOptions, workers: 2 }),
        drainPriceChanges(db(), { ...drainOptions, workers: 2, keepFired: false }),
      ]),
      Promise.all(
        Array.from({ length: 3 }, (_, i) =>
          db().transaction(
            async (tx) => (await fireAlerts(pausing(tx), i % 2 ? [...ids].reverse() : ids, { chunk: 5 })).fired,
          ),
        ),
      ),
    ]);
    expect(errors).toEqual([]);
    expect(drains.reduce((n, r) => n + r.done, 0)).toBe(10);
    expect(drains.reduce((n, r) => n + r.alerts, 0) + direct.reduce((a, b) => a + b, 0)).toBe(alerts.length);
    expect(drains[1]!.fired).toEqual([]);
    const counts = await notificationsPerAlert(alerts);
    expect(counts.size).toBe(alerts.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});

const dialect = new PgDialect();

/** The transaction, pausing 10 ms after each statement that locks a round of alerts. */
function pausing(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return async (query: SQL) => {
        const result = await target.execute(query);
        if (/\bfor update\s*$/i.test(dialect.sqlToQuery(query).sql)) await target.execute(sql`select pg_sleep(0.01)`);
        return result;
      };
    },
  });
}

/**
 * A sitewide sale: one import batch whose products 150,000 armed alerts watch. Before the alerts
 * were fired in rounds and counted, the pass brought every locked id and fired row into the process,
 * sent every notification back in one JSON parameter, and then spread the 150,000 fired alerts into
 * `push(...)`: RangeError (Maximum call stack size exceeded), reported as a failed batch after its
 * work had committed.
 */
describe.runIf(inject('testDatabaseTemplate'))('a sale firing 150,000 alerts on PostgreSQL', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  }, 180_000);
  afterAll(() => handle?.close());

  it('is worked in one pass, every alert fired, notified and counted once, without a RangeError', async () => {
    const db = handle.db;
    const USERS = 5_000;
    const sale = await pricedProducts(db, 30);
    expect(sale).toHaveLength(30);
    const store = await makeFeedStore(db);
    await settleAllEvents(db);
    const run = crypto.randomUUID().slice(0, 8);
    const shoppers = sql`(select id from users where email like ${`indirim.${run}.%`})`;
    await db.execute(sql`
      insert into users (email, first_name, last_name, subscription_plan, subscription_status, subscription_end)
      select 'indirim.' || ${run} || '.' || g || '@example.com', 'İndirim', 'Deneme', 'monthly-premium', 'active',
             now() + interval '30 days'
        from generate_series(1, ${USERS}) g`);
    // Each shopper watches every product of the sale, a little below its price (§5 holds).
    await db.execute(sql`
      insert into price_alerts (user_id, product_id, target_price, trigger_type, price_at_creation)
      select u.id, p.id, p.lowest - 1000, 'below', p.lowest
        from ${shoppers} u, json_to_recordset(${JSON.stringify(sale)}::json) as p(id uuid, lowest int)`);
    // The statistics a running database keeps (autovacuum): planned as for the 5,000-row tables
    // the template had, each round's statement scanned an index per user (seconds a round).
    await db.execute(sql`analyze users, price_alerts`);
    await importPrices(
      db,
      store,
      sale.map((p) => ({ productId: p.id, price: Math.min(p.lowest - 5_000, Math.floor(p.lowest * 0.9)) })),
    );

    const errors: unknown[] = [];
    const r = await drainPriceChanges(db, { onError: (err) => errors.push(err) });
    expect(errors).toEqual([]);
    expect(r).toMatchObject({ claimed: 1, done: 1, products: 30, retried: 0, failed: 0, alerts: 30 * USERS });
    expect(r.fired).toHaveLength(30 * USERS);
    expect(new Set(r.fired.map((f) => f.alertId)).size).toBe(30 * USERS);
    const [written] = await rows<{ n: number; alerts: number }>(
      db,
      sql`select count(*)::int as n, count(distinct data ->> 'alertId')::int as alerts from notifications
           where type = 'price_alert' and user_id in ${shoppers}`,
    );
    expect(written).toEqual({ n: 30 * USERS, alerts: 30 * USERS });

    // Replayed, to the server's consumer (counting only): nothing fires again.
    await replayAllEvents(db);
    expect(await drainPriceChanges(db, { keepFired: false })).toMatchObject({ done: 1, alerts: 0, fired: [] });
  }, 300_000);
});
