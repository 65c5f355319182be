import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@kiyasla/contracts/settings';
import type { DbHandle } from '../db/client';
import { toggleAlert, updateAlertTarget } from '../modules/alerts/alerts.service';
import { writePriceChangedEvents } from '../modules/feeds/import/price-change-event';
import { SettingsService } from '../modules/settings/settings.service';
import { createTestDatabase } from '../test/db';
import {
  alertState,
  eventListing,
  importPrices,
  makeFeedStore,
  makeUser,
  notificationsOf,
  pricedProducts,
  replayAllEvents,
  rows,
  setAlert,
  settleAllEvents,
} from '../test/price-alerts';
import {
  coalescingPasses,
  consumePriceChanges,
  PRICE_EVENT_MAX_ATTEMPTS,
  priceEventRetryDelayMs,
} from './price-change-consumer';

let handle: DbHandle;
const db = () => handle.db;
let products: { id: string; lowest: number }[];
let next = 0;
/** A product of the catalog no other test of this file touches. */
const product = () => products[next++]!;
let store: string;
let user: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  products = await pricedProducts(handle.db, 52);
  expect(products.length).toBe(52);
  user = await makeUser(handle.db);
}, 120_000);
afterAll(() => handle.close());

beforeEach(async () => {
  store = await makeFeedStore(db());
  await settleAllEvents(db());
});

const consume = (opts: Parameters<typeof consumePriceChanges>[1] = {}) => consumePriceChanges(db(), opts);

describe('a price drop below the target', () => {
  it('triggers the alert and writes one in-app notification, in the same transaction as the event', async () => {
    const p = product();
    const target = p.lowest - 1_000;
    const alertId = await setAlert(db(), user, p.id, target);
    await importPrices(db(), store, [{ productId: p.id, price: target - 500 }]);

    const r = await consume();
    expect(r).toMatchObject({ claimed: 1, done: 1, retried: 0, failed: 0 });
    expect(r.fired).toEqual([expect.objectContaining({ alertId, triggeredPrice: target - 500, notified: true })]);
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: true, triggered_price: target - 500 });
    const notes = await notificationsOf(db(), alertId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      user_id: user,
      type: 'price_alert',
      title: 'Fiyat alarmınız tetiklendi',
      data: { productId: p.id, alertId, newPrice: target - 500, targetPrice: target, oldPrice: p.lowest },
    });
    const [event] = await rows<{ status: string }>(
      db(),
      sql`select status::text from outbox where ${eventListing(p.id)}`,
    );
    expect(event!.status).toBe('done');
  });

  it('notifies once when the same event is processed twice, and when the import is replayed', async () => {
    const p = product();
    const target = p.lowest - 1_000;
    const alertId = await setAlert(db(), user, p.id, target);
    const drop = [{ productId: p.id, price: target }];
    await importPrices(db(), store, drop);
    await consume();
    await replayAllEvents(db());
    expect((await consume()).fired).toEqual([]);
    // The same feed again changes nothing and writes no event; the same event written again is absorbed.
    await importPrices(db(), store, drop);
    expect((await consume()).claimed).toBe(0);
    expect(await notificationsOf(db(), alertId)).toHaveLength(1);
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: true, triggered_price: target });
  });

  it('stays quiet while the price bounces around the target, until the user re-arms it', async () => {
    const p = product();
    const target = p.lowest - 1_000;
    const alertId = await setAlert(db(), user, p.id, target);
    await importPrices(db(), store, [{ productId: p.id, price: target - 100 }]);
    await consume();
    await importPrices(db(), store, [{ productId: p.id, price: target + 100 }]);
    await consume();
    await importPrices(db(), store, [{ productId: p.id, price: target - 200 }]);
    await consume();
    expect(await notificationsOf(db(), alertId)).toHaveLength(1);

    // Re-arming needs the price above the target: refused now, accepted once it is back up.
    await expect(toggleAlert({ db: db() }, { id: user }, alertId)).resolves.toMatchObject({ isActive: false });
    await expect(toggleAlert({ db: db() }, { id: user }, alertId)).rejects.toMatchObject({
      code: 'ALERT_TARGET_NOT_BELOW',
    });
    await importPrices(db(), store, [{ productId: p.id, price: target + 300 }]);
    await consume();
    await expect(toggleAlert({ db: db() }, { id: user }, alertId)).resolves.toMatchObject({
      isActive: true,
      triggered: false,
    });
    await importPrices(db(), store, [{ productId: p.id, price: target - 300 }]);
    await consume();
    const notes = await notificationsOf(db(), alertId);
    expect(notes.map((n) => n.data.newPrice)).toEqual(expect.arrayContaining([target - 100, target - 300]));
    expect(notes).toHaveLength(2);
    // Each notice's "previous price" is the price when that arming began, not when the alert was made.
    const second = notes.find((n) => n.data.newPrice === target - 300)!;
    expect(second.data.oldPrice).toBe(target + 300);
  });

  it('a new target re-arms the alert, and its next notice names the price of that moment as the previous one', async () => {
    const p = product();
    const target = p.lowest - 1_000;
    const alertId = await setAlert(db(), user, p.id, target);
    await importPrices(db(), store, [{ productId: p.id, price: target - 100 }]);
    await consume();
    // Triggered at target − 100; the shopper lowers the target below it, then the price falls again.
    await updateAlertTarget({ db: db() }, { id: user }, alertId, (target - 600) / 100);
    await importPrices(db(), store, [{ productId: p.id, price: target - 700 }]);
    await consume();
    const notes = await notificationsOf(db(), alertId);
    expect(notes.map((n) => [n.data.oldPrice, n.data.newPrice])).toEqual(
      expect.arrayContaining([
        [p.lowest, target - 100],
        [target - 100, target - 700],
      ]),
    );
    expect(notes).toHaveLength(2);
  });

  it('does not announce a drop that was gone again before its event was processed', async () => {
    const p = product();
    const target = p.lowest - 1_000;
    const alertId = await setAlert(db(), user, p.id, target);
    await importPrices(db(), store, [{ productId: p.id, price: target - 100 }]);
    await importPrices(db(), store, [{ productId: p.id, price: target + 100 }]);
    expect((await consume()).claimed).toBe(2);
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: false });
    expect(await notificationsOf(db(), alertId)).toHaveLength(0);
  });
});

describe('one event per import batch', () => {
  it('evaluates every product of a batch, claims whole events up to the batch size, and absorbs a batch written twice', async () => {
    const first = [product(), product(), product()];
    const second = [product(), product(), product()];
    const alerts = new Map<string, string>();
    for (const p of [...first, ...second]) alerts.set(p.id, await setAlert(db(), user, p.id, p.lowest - 1_000));
    await importPrices(
      db(),
      store,
      first.map((p) => ({ productId: p.id, price: p.lowest - 2_000 })),
    );
    await importPrices(
      db(),
      store,
      second.map((p) => ({ productId: p.id, price: p.lowest - 2_000 })),
    );
    const [written] = await rows<{ n: number; changes: number }>(
      db(),
      sql`select count(*)::int as n, sum(jsonb_array_length(payload -> 'changes'))::int as changes
            from outbox where ${eventListing([...first, ...second].map((p) => p.id))}`,
    );
    expect(written).toEqual({ n: 2, changes: 6 });

    // Three products a transaction: the first event fills it, the second waits for the next pass.
    expect(await consume({ batch: 3 })).toMatchObject({ claimed: 1, done: 1, products: 3 });
    expect(await consume({ batch: 3 })).toMatchObject({ claimed: 1, done: 1, products: 3 });
    for (const id of alerts.values()) expect(await notificationsOf(db(), id)).toHaveLength(1);

    // The same batch written again (a retried writer): its key absorbs it, whatever the order.
    const importId = crypto.randomUUID();
    const batch = first.map((p) => ({ productId: p.id, importId, lowestBefore: p.lowest, lowestAfter: 1, offers: [] }));
    await writePriceChangedEvents(db(), batch);
    await writePriceChangedEvents(db(), [...batch].reverse());
    const [again] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from outbox where kind = 'price.changed' and payload ->> 'importId' = ${importId}`,
    );
    expect(again!.n).toBe(1);
    expect(await consume()).toMatchObject({ claimed: 1, done: 1, products: 3, fired: [] });
  });

  it("claims a worker's share of the due products, so the workers of a drain end a burst together", async () => {
    // Four imports of two products each: four events, eight due products.
    for (let i = 0; i < 4; i++) {
      await importPrices(
        db(),
        store,
        [product(), product()].map((p) => ({ productId: p.id, price: p.lowest - 2_000 })),
      );
    }
    // One of two workers: half of the eight (two events), then half of the four left (one event),
    // then at least one event however small the share, and nothing once all are claimed.
    expect(await consume({ batch: 100, shareOf: 2 })).toMatchObject({ claimed: 2, done: 2, products: 4 });
    expect(await consume({ batch: 100, shareOf: 2 })).toMatchObject({ claimed: 1, done: 1, products: 2 });
    expect(await consume({ batch: 100, shareOf: 2 })).toMatchObject({ claimed: 1, done: 1, products: 2 });
    expect(await consume({ batch: 100, shareOf: 2 })).toMatchObject({ claimed: 0 });
  });

  it('reads the events of the earlier shape, one product per row, still in an outbox', async () => {
    const p = product();
    const target = p.lowest - 1_000;
    const alertId = await setAlert(db(), user, p.id, target);
    await importPrices(db(), store, [{ productId: p.id, price: target - 100 }]);
    // The event as the earlier writer left it: the product's change itself as the payload.
    await db().execute(sql`
      update outbox set payload = payload -> 'changes' -> 0
       where ${eventListing(p.id)} and status = 'pending'`);
    const [event] = await rows<{ product_id: string }>(
      db(),
      sql`select payload ->> 'productId' as product_id from outbox where ${eventListing(p.id)}`,
    );
    expect(event!.product_id).toBe(p.id);
    expect(await consume()).toMatchObject({ claimed: 1, done: 1, products: 1 });
    expect(await notificationsOf(db(), alertId)).toHaveLength(1);
  });

  it("counts the fired alerts without keeping them (the server's consumer), firing them in rounds", async () => {
    const [p, q] = [product(), product()];
    const fans = [await makeUser(db()), await makeUser(db()), await makeUser(db())];
    const alerts: string[] = [];
    for (const [i, u] of fans.entries()) {
      alerts.push(await setAlert(db(), u, p.id, p.lowest - 1_000 - i * 10));
      alerts.push(await setAlert(db(), u, q.id, q.lowest - 1_000 - i * 10));
    }
    await importPrices(db(), store, [
      { productId: p.id, price: p.lowest - 2_000 },
      { productId: q.id, price: q.lowest - 2_000 },
    ]);
    const r = await consume({ keepFired: false, fireChunk: 4 });
    expect(r).toMatchObject({ claimed: 1, done: 1, products: 2, alerts: 6, fired: [] });
    for (const a of alerts) expect(await notificationsOf(db(), a)).toHaveLength(1);
    // Replayed: nothing left armed, nothing written.
    await db().execute(
      sql`update outbox set status = 'pending', run_after = now() - interval '1 second', locked_until = null
           where ${eventListing([p.id, q.id])}`,
    );
    expect(await consume({ keepFired: false, fireChunk: 4 })).toMatchObject({ done: 1, alerts: 0, fired: [] });
    for (const a of alerts) expect(await notificationsOf(db(), a)).toHaveLength(1);
  });
});

describe('never falsely', () => {
  it('ignores out-of-stock and stale offers and prices the feed guard refused', async () => {
    const p = product();
    const target = p.lowest - 1_000;
    const alertId = await setAlert(db(), user, p.id, target);
    // Out of stock below the target.
    await importPrices(db(), store, [{ productId: p.id, price: target - 100, availability: 'out-of-stock' }]);
    await consume();
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: false });
    // In stock, but a price jump of more than 10× down: the guard keeps the last price.
    await importPrices(db(), store, [{ productId: p.id, price: target + 5_000 }]);
    await importPrices(db(), store, [{ productId: p.id, price: Math.floor((target + 5_000) / 20) }]);
    await consume();
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: false });
    // Below the target but stale: the store has not confirmed the offer within its window.
    await importPrices(db(), store, [{ productId: p.id, price: target - 100 }]);
    await db().execute(
      sql`update store_offers set last_seen_at = now() - interval '30 days' where store_id = ${store}::uuid`,
    );
    await consume();
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: false });
    expect(await notificationsOf(db(), alertId)).toHaveLength(0);
  });

  it("watches only its store's price when it has one", async () => {
    const p = product();
    const mine = await makeFeedStore(db());
    await importPrices(db(), mine, [{ productId: p.id, price: p.lowest + 2_000 }]);
    const target = p.lowest + 1_000;
    const alertId = await setAlert(db(), user, p.id, target, { store: mine });
    // Another store far below: not the watched price.
    await importPrices(db(), store, [{ productId: p.id, price: p.lowest - 2_000 }]);
    await consume();
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: false });
    await importPrices(db(), mine, [{ productId: p.id, price: target }]);
    await consume();
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: true, triggered_price: target });
  });

  it("fires 'above' alerts when the price rises to the target", async () => {
    const p = product();
    const target = p.lowest + 1_000;
    const alertId = await setAlert(db(), user, p.id, target, { triggerType: 'above' });
    await importPrices(db(), store, [{ productId: p.id, price: p.lowest + 5_000 }]);
    await consume();
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: false });
    // The seed's stores keep the lowest price: this store holds the only offers of its own alert.
    const own = product();
    const s2 = await makeFeedStore(db());
    await importPrices(db(), s2, [{ productId: own.id, price: own.lowest + 100 }]);
    const ownAlert = await setAlert(db(), user, own.id, own.lowest + 2_000, { triggerType: 'above', store: s2 });
    await importPrices(db(), s2, [{ productId: own.id, price: own.lowest + 2_500 }]);
    await consume();
    expect(await alertState(db(), ownAlert)).toMatchObject({ triggered: true, triggered_price: own.lowest + 2_500 });
    expect((await notificationsOf(db(), ownAlert))[0]!.message).toContain('hedefinize ulaştı');
  });

  it('keeps the alerts of a lapsed plan armed, and triggers without a notification when the topic is off', async () => {
    const p = product();
    const lapsed = await makeUser(db());
    const quiet = await makeUser(db());
    const target = p.lowest - 1_000;
    const lapsedAlert = await setAlert(db(), lapsed, p.id, target);
    const quietAlert = await setAlert(db(), quiet, p.id, target);
    await db().execute(sql`update users set subscription_end = now() - interval '1 day' where id = ${lapsed}::uuid`);
    await db().execute(
      sql`insert into notification_settings (user_id, settings) values (${quiet}::uuid, '{"price_target": false}')`,
    );
    await importPrices(db(), store, [{ productId: p.id, price: target - 100 }]);
    const r = await consume();
    expect(r.fired).toEqual([expect.objectContaining({ alertId: quietAlert, notified: false })]);
    expect(await alertState(db(), lapsedAlert)).toMatchObject({ triggered: false, is_active: true });
    expect(await alertState(db(), quietAlert)).toMatchObject({ triggered: true });
    expect(await notificationsOf(db(), quietAlert)).toHaveLength(0);
  });
});

describe('failures', () => {
  it('redoes the work of a worker that crashed between claim and commit, once, after its lease', async () => {
    const p = product();
    const target = p.lowest - 1_000;
    const alertId = await setAlert(db(), user, p.id, target);
    await importPrices(db(), store, [{ productId: p.id, price: target - 100 }]);
    const crash = () => {
      throw new Error('worker killed before commit');
    };
    await expect(
      consume({
        beforeCommit: crash,
        onError: () => {
          /* the batch and its retry both fail */
        },
      }),
    ).resolves.toMatchObject({ claimed: 1, done: 0, retried: 1 });
    // Nothing of the crashed transaction is left; the event waits for its backoff.
    expect(await alertState(db(), alertId)).toMatchObject({ triggered: false });
    expect(await notificationsOf(db(), alertId)).toHaveLength(0);
    expect((await consume()).claimed).toBe(0);
    const later = new Date(Date.now() + priceEventRetryDelayMs(1) + 1_000);
    expect(await consume({ now: later })).toMatchObject({ claimed: 1, done: 1 });
    expect(await notificationsOf(db(), alertId)).toHaveLength(1);
  });

  it('claims again an event whose worker died holding its lease, and fences the dead worker out', async () => {
    const p = product();
    const target = p.lowest - 1_000;
    const alertId = await setAlert(db(), user, p.id, target);
    await importPrices(db(), store, [{ productId: p.id, price: target - 100 }]);
    // A worker claims and never comes back (its process died): the claim is committed, the work is not.
    await db().execute(
      sql`update outbox set status = 'processing', attempts = attempts + 1, locked_until = now() + interval '1 minute'
           where kind = 'price.changed' and status = 'pending'`,
    );
    expect((await consume()).claimed).toBe(0);
    const afterLease = new Date(Date.now() + 61_000);
    expect(await consume({ now: afterLease })).toMatchObject({ claimed: 1, done: 1 });
    expect(await notificationsOf(db(), alertId)).toHaveLength(1);
    const [event] = await rows<{ status: string; attempts: number }>(
      db(),
      sql`select status::text, attempts from outbox where ${eventListing(p.id)}`,
    );
    expect(event).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('does not let a poison product hold up the others of its batch, retries it with backoff, then gives up', async () => {
    const [good, poison] = [product(), product()];
    const goodAlert = await setAlert(db(), user, good.id, good.lowest - 1_000);
    const poisonAlert = await setAlert(db(), user, poison.id, poison.lowest - 1_000);
    await importPrices(db(), store, [
      { productId: good.id, price: good.lowest - 2_000 },
      { productId: poison.id, price: poison.lowest - 2_000 },
    ]);
    // And an event no consumer can read.
    await writePriceChangedEvents(db(), [
      { productId: 'kayıp', importId: crypto.randomUUID(), lowestBefore: 1, lowestAfter: 1, offers: [] },
    ]);
    const failOnPoison = (ids: readonly string[]) => {
      if (ids.includes(poison.id)) throw new Error('poison');
    };
    const errors: unknown[] = [];
    const first = await consume({ beforeCommit: failOnPoison, onError: (e) => errors.push(e) });
    // The batch's event fails, alone too; product by product the good one goes through and the
    // poison one becomes an event of its own that waits. The unreadable event is given up.
    expect(first).toMatchObject({ claimed: 2, done: 0, products: 1, retried: 1, failed: 1 });
    expect(await alertState(db(), goodAlert)).toMatchObject({ triggered: true });
    expect(await alertState(db(), poisonAlert)).toMatchObject({ triggered: false });

    const poisonEvent = async () =>
      (
        await rows<{ status: string; attempts: number; run_after: Date; last_error: string }>(
          db(),
          sql`select status::text, attempts, run_after, last_error from outbox
               where ${eventListing(poison.id)} order by id desc limit 1`,
        )
      )[0]!;
    expect(await poisonEvent()).toMatchObject({ status: 'pending', attempts: 1, last_error: 'poison' });
    let clock = Date.now();
    for (let attempt = 2; attempt <= PRICE_EVENT_MAX_ATTEMPTS; attempt++) {
      clock += priceEventRetryDelayMs(attempt - 1) + 1_000;
      await consume({ now: new Date(clock), beforeCommit: failOnPoison, onError: () => undefined });
    }
    expect(await poisonEvent()).toMatchObject({ status: 'failed', attempts: PRICE_EVENT_MAX_ATTEMPTS });
    const [unreadable] = await rows<{ status: string }>(
      db(),
      sql`select status::text from outbox where ${eventListing('kayıp')}`,
    );
    expect(unreadable!.status).toBe('failed');
    expect(await notificationsOf(db(), goodAlert)).toHaveLength(1);
  });
});

describe("favorites' price drops", () => {
  async function favorite(userId: string, productId: string) {
    await db().execute(sql`insert into favorites (user_id, product_id) values (${userId}::uuid, ${productId}::uuid)`);
  }
  async function drops(productId: string) {
    return rows<{ user_id: string; data: Record<string, unknown>; message: string }>(
      db(),
      sql`select user_id, data, message from notifications where type = 'price_drop' and data ->> 'productId' = ${productId}`,
    );
  }

  it('notifies each user who favorited the product, with old and new prices, once a day', async () => {
    const p = product();
    const [fan, quiet, free] = [await makeUser(db()), await makeUser(db()), await makeUser(db(), false)];
    for (const u of [fan, quiet, free]) await favorite(u, p.id);
    await db().execute(
      sql`insert into notification_settings (user_id, settings) values (${quiet}::uuid, '{"price_drop": false}')`,
    );
    const dropped = Math.floor(p.lowest * 0.9);
    await importPrices(db(), store, [{ productId: p.id, price: dropped }]);
    expect((await consume()).priceDrops).toBe(2);
    const written = await drops(p.id);
    expect(written.map((n) => n.user_id).sort()).toEqual([fan, free].sort());
    expect(written[0]!.data).toMatchObject({ productId: p.id, oldPrice: p.lowest, newPrice: dropped });
    // The message names the product and both prices in TRY, as the web and the e-mail show it.
    const [named] = await rows<{ name: string }>(db(), sql`select name from products where id = ${p.id}::uuid`);
    const tl = (kurus: number) =>
      new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' }).format(kurus / 100);
    expect(written[0]!.message).toBe(`${named!.name} ${tl(p.lowest)} yerine artık ${tl(dropped)}.`);

    // Replayed, and dropping further the same day: still one each.
    await replayAllEvents(db());
    await consume();
    await importPrices(db(), store, [{ productId: p.id, price: Math.floor(dropped * 0.9) }]);
    expect((await consume()).priceDrops).toBe(0);
    expect(await drops(p.id)).toHaveLength(2);
  });

  it('keeps the day of the change when its event is redone after midnight (a lease run out, a product retried alone)', async () => {
    const p = product();
    const fan = await makeUser(db());
    await favorite(fan, p.id);
    await importPrices(db(), store, [{ productId: p.id, price: Math.floor(p.lowest * 0.9) }]);
    expect((await consume()).priceDrops).toBe(1);
    // As if all of it had happened yesterday: the event was written and its drop announced before
    // midnight (Istanbul), and the event is worked again today.
    await db().execute(sql`update outbox set created_at = created_at - interval '1 day' where ${eventListing(p.id)}`);
    await db().execute(sql`
      update notifications
         set created_at = created_at - interval '1 day',
             dedupe_key = 'price-drop:' || user_id || ':' || ${p.id} || ':'
                          || to_char((now() - interval '1 day') at time zone 'Europe/Istanbul', 'YYYY-MM-DD')
       where type = 'price_drop' and data ->> 'productId' = ${p.id}`);
    await replayAllEvents(db());
    expect((await consume()).priceDrops).toBe(0);
    expect(await drops(p.id)).toHaveLength(1);
  });

  /** The admin setting as the back office stores it (features group, percent). */
  async function setThreshold(percent: number) {
    await db().execute(sql`
      insert into system_settings ("group", value) values ('features', ${JSON.stringify({ priceDropThreshold: percent })}::jsonb)
      on conflict ("group") do update set value = system_settings.value || excluded.value`);
  }

  it('follows the admin threshold, read at once, at both bounds of its range', async () => {
    const [atOne, underOne, atNinety, underNinety] = [product(), product(), product(), product()];
    const fan = await makeUser(db());
    for (const p of [atOne, underOne, atNinety, underNinety]) await favorite(fan, p.id);
    try {
      await setThreshold(1);
      // A fall of exactly 1 % notifies; a kuruş less does not.
      await importPrices(db(), store, [
        { productId: atOne.id, price: atOne.lowest - Math.ceil(atOne.lowest / 100) },
        { productId: underOne.id, price: underOne.lowest - Math.ceil(underOne.lowest / 100) + 1 },
      ]);
      expect((await consume()).priceDrops).toBe(1);
      expect(await drops(atOne.id)).toHaveLength(1);
      expect(await drops(underOne.id)).toHaveLength(0);

      await setThreshold(90);
      // 90 % off notifies; 89 % does not (it would have under the default 5 %).
      await importPrices(db(), store, [
        { productId: atNinety.id, price: Math.floor(atNinety.lowest / 10) },
        { productId: underNinety.id, price: Math.floor(underNinety.lowest / 10) + Math.ceil(underNinety.lowest / 100) },
      ]);
      expect((await consume()).priceDrops).toBe(1);
      expect((await drops(atNinety.id))[0]!.data).toMatchObject({
        oldPrice: atNinety.lowest,
        newPrice: Math.floor(atNinety.lowest / 10),
      });
      expect(await drops(underNinety.id)).toHaveLength(0);
    } finally {
      await setThreshold(5);
    }
  });

  it("the server's consumer reads the threshold through the settings it is given", async () => {
    const p = product();
    const fan = await makeUser(db());
    await favorite(fan, p.id);
    await importPrices(db(), store, [{ productId: p.id, price: Math.floor(p.lowest * 0.8) }]);
    // 20 % off, but the (cached) settings of this instance say 30 %: nothing.
    const features = { ...DEFAULT_SETTINGS.features, priceDropThreshold: 30 };
    const r = await consume({ settings: { group: async () => features } as never });
    expect(r).toMatchObject({ done: 1, priceDrops: 0 });
    expect(await drops(p.id)).toHaveLength(0);
  });

  it("reads the server's settings with a cold cache without waiting on its own transaction", async () => {
    // The embedded database has one connection: a settings read through the service's own handle
    // inside the consumer's transaction waited for that transaction to end, and every request of
    // the server behind it (the whole site hung after a feed import once the cache had expired).
    await setThreshold(30);
    try {
      const p = product();
      const fan = await makeUser(db());
      await favorite(fan, p.id);
      await importPrices(db(), store, [{ productId: p.id, price: Math.floor(p.lowest * 0.8) }]);
      const settings = new SettingsService(db());
      const r = await Promise.race([
        consume({ settings }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the consumer never finished')), 10_000)),
      ]);
      expect(r).toMatchObject({ done: 1, priceDrops: 0 });
      expect(await drops(p.id)).toHaveLength(0);
    } finally {
      await setThreshold(5);
    }
  });

  it('stays quiet below the 5 % threshold and for a drop already undone', async () => {
    const [small, undone] = [product(), product()];
    const fan = await makeUser(db());
    await favorite(fan, small.id);
    await favorite(fan, undone.id);
    await importPrices(db(), store, [
      { productId: small.id, price: Math.floor(small.lowest * 0.97) },
      { productId: undone.id, price: Math.floor(undone.lowest * 0.5) },
    ]);
    await importPrices(db(), store, [{ productId: undone.id, price: undone.lowest + 100 }]);
    expect((await consume()).priceDrops).toBe(0);
    expect(await drops(small.id)).toHaveLength(0);
    expect(await drops(undone.id)).toHaveLength(0);
  });
});

describe('the passes of an instance (coalescingPasses)', () => {
  it('runs one pass at a time, one more for any number of wake-ups during a pass, and none after stop', async () => {
    let started = 0;
    let running = 0;
    let overlapped = false;
    const gates: (() => void)[] = [];
    const passes = coalescingPasses(async () => {
      started++;
      running++;
      if (running > 1) overlapped = true;
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
    });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    passes.pass();
    passes.pass();
    passes.pass();
    await settle();
    expect(started).toBe(1);
    gates.shift()!();
    await settle();
    // The three wake-ups during the first pass made one more, not two.
    expect(started).toBe(2);
    gates.shift()!();
    await settle();
    expect(started).toBe(2);
    passes.pass();
    await settle();
    expect(started).toBe(3);
    passes.pass();
    const stopped = passes.stop();
    expect(passes.stopping).toBe(true);
    gates.shift()!();
    await stopped;
    // The wake-up that came before stop starts nothing once stopping; nor does one after it.
    passes.pass();
    await settle();
    expect(started).toBe(3);
    expect(overlapped).toBe(false);
  });
});
