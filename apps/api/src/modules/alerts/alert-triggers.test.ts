import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import {
  importPrices,
  makeFeedStore,
  makeUser,
  notificationsOf,
  pricedProducts,
  rows,
  setAlert,
  settleAllEvents,
} from '../../test/price-alerts';
import { onCountsChanged } from '../notifications/live/live-counts';
import { fireAlerts, triggerAlerts } from './alert-triggers';

let t: TestApp;
const db = () => t.db.db;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const dialect = new PgDialect();

/**
 * The transaction, watched: for every statement, how many of these alerts it names, sent (its
 * parameters) or brought back (its rows) — what one round holds in this process.
 */
function watching(tx: Transaction, alertIds: readonly string[]) {
  const perStatement: number[] = [];
  const watched = new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return async (query: SQL) => {
        const result = await target.execute(query);
        const text = JSON.stringify([dialect.sqlToQuery(query).params, (result as { rows?: unknown }).rows ?? []]);
        perStatement.push(alertIds.filter((id) => text.includes(id)).length);
        return result;
      };
    },
  });
  return { tx: watched, perStatement };
}

/** Counts each user's header-count signals (the live counts' NOTIFY, heard by this app). */
function listen(users: readonly string[]) {
  const heard = new Map<string, number>();
  const stop = users.map((id) => onCountsChanged(id, () => heard.set(id, (heard.get(id) ?? 0) + 1)));
  return { heard, stop: () => stop.forEach((s) => s()) };
}

describe('firing in rounds (fireAlerts)', () => {
  it('fires every alert of a large fan-out once, a round at a time, and signals its users at the commit', async () => {
    await settleAllEvents(db());
    const store = await makeFeedStore(db());
    const products = await pricedProducts(db(), 5);
    expect(products).toHaveLength(5);
    const [first] = products;
    // One user with an alert on each product (so in several rounds), seven more on the first
    // product, one of them with the price_target topic off.
    const everywhere = await makeUser(db());
    const crowd: string[] = [];
    for (let i = 0; i < 7; i++) crowd.push(await makeUser(db()));
    const quiet = crowd[6]!;
    await db().execute(
      sql`insert into notification_settings (user_id, settings) values (${quiet}::uuid, '{"price_target": false}')`,
    );
    const target = (p: { lowest: number }, i: number) => Math.floor(p.lowest * 0.9) - i;
    const alerts: string[] = [];
    for (const p of products) alerts.push(await setAlert(db(), everywhere, p.id, target(p, 0)));
    for (const [i, u] of crowd.entries()) alerts.push(await setAlert(db(), u, first!.id, target(first!, i + 1)));
    await importPrices(
      db(),
      store,
      products.map((p) => ({ productId: p.id, price: Math.floor(p.lowest * 0.5) })),
    );
    await settleAllEvents(db());
    const users = [everywhere, ...crowd];
    const { heard, stop } = listen(users);

    const productIds = products.map((p) => p.id);
    const { fired, perStatement } = await db().transaction(async (tx) => {
      const w = watching(tx, alerts);
      return { fired: await triggerAlerts(w.tx, productIds, { chunk: 3 }), perStatement: w.perStatement };
    });

    // Twelve alerts in rounds of three: four rounds (and a last lock finding none), each statement
    // naming at most a round's alerts (the lock: the round's three, after the last of the round
    // before), whatever the fan-out.
    expect(fired.map((f) => f.alertId)).toEqual([...alerts].sort());
    expect(fired.filter((f) => !f.notified).map((f) => f.userId)).toEqual([quiet]);
    expect(perStatement.reduce((a, b) => Math.max(a, b), 0)).toBe(3 + 1);
    expect(perStatement.length).toBeGreaterThanOrEqual(4 * 3);
    for (const a of alerts) {
      const notes = await notificationsOf(db(), a);
      const [state] = await rows<{ user_id: string }>(
        db(),
        sql`select user_id from price_alerts where id = ${a}::uuid`,
      );
      expect(notes).toHaveLength(state!.user_id === quiet ? 0 : 1);
    }
    // The live header counts, at the commit: each user once per round that fired an alert of theirs
    // (all of them fire here, so the rounds are the fired alerts three by three).
    const roundsOf = (u: string) => new Set(fired.flatMap((f, i) => (f.userId === u ? [Math.floor(i / 3)] : []))).size;
    expect(roundsOf(everywhere)).toBeGreaterThan(1);
    await expect.poll(() => heard.size, { timeout: 10_000 }).toBe(users.length);
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(Object.fromEntries(heard)).toEqual(Object.fromEntries(users.map((u) => [u, roundsOf(u)])));

    // Evaluated again: nothing left armed, nothing written.
    const again = await db().transaction((tx) => fireAlerts(tx, productIds, { chunk: 2 }));
    expect(again).toEqual({ fired: 0, notified: 0 });
    for (const a of alerts) expect((await notificationsOf(db(), a)).length).toBeLessThanOrEqual(1);
  });

  it('passes over the locked alerts that do not fire, counts without building the fired ones, and runs twice in a transaction', async () => {
    await settleAllEvents(db());
    const store = await makeFeedStore(db());
    const [p, q] = await pricedProducts(db(), 2, 20);
    const users: string[] = [];
    for (let i = 0; i < 6; i++) users.push(await makeUser(db()));
    // Half the targets within the fall to half the price, half below it: locked, evaluated, left armed.
    const held: string[] = [];
    for (const [i, u] of users.entries()) {
      for (const x of [p!, q!]) {
        const id = await setAlert(db(), u, x.id, Math.floor(x.lowest * (i % 2 ? 0.3 : 0.9)) - i);
        if (i % 2) held.push(id);
      }
    }
    await importPrices(db(), store, [
      { productId: p!.id, price: Math.floor(p!.lowest * 0.5) },
      { productId: q!.id, price: Math.floor(q!.lowest * 0.5) },
    ]);
    await settleAllEvents(db());
    const counts = await db().transaction(async (tx) => [
      await fireAlerts(tx, [p!.id], { chunk: 2 }),
      await fireAlerts(tx, [q!.id], { chunk: 2 }),
    ]);
    expect(counts).toEqual([
      { fired: 3, notified: 3 },
      { fired: 3, notified: 3 },
    ]);
    const [armed] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from price_alerts where id = any (${`{${held.join(',')}}`}::uuid[])
           and is_active and not triggered`,
    );
    expect(armed!.n).toBe(6);
    expect(await db().transaction((tx) => fireAlerts(tx, [p!.id, q!.id], { chunk: 1 }))).toEqual({
      fired: 0,
      notified: 0,
    });
  });
});
