import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUuid } from '@kiyasla/contracts/ids';
import type { Database, Transaction } from '../db/client';
import { logPassFailure, retryWhileUnavailable } from '../lib/database-unavailable';
import { sqlRows } from '../lib/sql-rows';
import { triggerAlerts, type FiredAlert } from '../modules/alerts/alert-triggers';
import { PRICE_CHANGED_KIND } from '../modules/feeds/import/price-change-event';
import { notifyFavoritePriceDrops, type PriceDropInput } from '../modules/notifications/price-drops';
import { SettingsService } from '../modules/settings/settings.service';

/**
 * The consumer of `price.changed` outbox events (ADR 015): evaluates the price alerts of each
 * changed product (modules/alerts/alert-triggers.ts) and marks the event done in the same
 * transaction.
 *
 * Several instances cooperate on one outbox:
 * - **claim**: a committed statement takes up to `batch` due events with FOR UPDATE SKIP LOCKED
 *   and leases them (`processing`, `locked_until` = now + lease, `attempts` + 1). Due means
 *   pending and past `run_after`, or processing with an expired lease (its worker died).
 * - **fence**: the transaction that does the work first marks its events done, but only those
 *   whose `attempts` is still the one it claimed them with. A worker whose lease expired and whose
 *   events another worker claimed again finds nothing of its own and writes nothing. The row locks
 *   of that update keep the other worker off these events until the commit.
 * - **work**: `triggerAlerts` for the products of the events still held, and the favorites'
 *   price drops (modules/notifications/price-drops.ts), then commit: the event
 *   is done exactly when its alerts and notifications are written. A crash before the commit
 *   leaves the event leased; it is claimed again when the lease expires and the work is redone.
 * - **failures**: a batch that fails is retried event by event, so one poison event cannot hold
 *   up the others. An event that fails alone waits with exponential backoff (`run_after`) and is
 *   given up (`failed`, kept with its error) after PRICE_EVENT_MAX_ATTEMPTS; one whose payload
 *   has no product id is given up at once.
 *
 * Doing the work twice is harmless by construction (the alerts are locked and only armed ones
 * fire, the notification's key is unique), so a replayed event, a retried batch or two workers
 * holding the same event after a lease expiry never notify twice.
 */

export const PRICE_EVENT_MAX_ATTEMPTS = 10;
const LEASE_MS = 60_000;
const DEFAULT_BATCH = 500;

/** 5 s, 10 s, 20 s, … capped at 10 min. */
export function priceEventRetryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);
}

interface Claimed {
  id: number;
  attempts: number;
  productId: string | null;
  lowestBefore: number | null;
}

export interface ConsumeOptions {
  batch?: number;
  /** The clock of the claim (tests move it past a lease). Defaults to the present. */
  now?: Date;
  /** Runs after the claim committed, before the work starts (tests: a worker that stalls past its lease). */
  afterClaim?: () => Promise<void> | void;
  /** Runs inside the work transaction before its commit (tests: a crash, a poison product, a slow worker). */
  beforeCommit?: (productIds: readonly string[], tx: Transaction) => Promise<void> | void;
  onError?: (err: unknown, eventIds: readonly number[]) => void;
  /** Checked between batches of a drain: when true (shutdown) no further batch is claimed. */
  shouldStop?: () => boolean;
  /**
   * The admin settings (the favorites' price-drop threshold). The server passes its cached
   * service, which every instance invalidates at a save's commit; without it the settings are
   * read from the database in the work transaction.
   */
  settings?: Pick<SettingsService, 'group'>;
}

export interface ConsumeResult {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
  fired: FiredAlert[];
  /** Favorites' price-drop notifications written. */
  priceDrops: number;
}

async function claim(db: Database, nowSql: SQL, batch: number): Promise<Claimed[]> {
  const rows = sqlRows<{ id: number; attempts: number; product_id: string | null; lowest_before: string | null }>(
    await db.execute(sql`
      with picked as (
        select id from outbox
         where kind = ${PRICE_CHANGED_KIND}
           and ((status = 'pending' and run_after <= ${nowSql})
             or (status = 'processing' and locked_until < ${nowSql}))
         order by id
         limit ${batch}
         for update skip locked
      )
      update outbox o
         set status = 'processing', locked_until = ${nowSql} + make_interval(secs => ${LEASE_MS / 1000}),
             attempts = o.attempts + 1
        from picked
       where o.id = picked.id
      returning o.id, o.attempts, o.payload ->> 'productId' as product_id,
                o.payload ->> 'lowestBefore' as lowest_before`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    attempts: Number(r.attempts),
    productId: r.product_id,
    lowestBefore:
      r.lowest_before === null || !Number.isFinite(Number(r.lowest_before)) ? null : Number(r.lowest_before),
  }));
}

/** Marks the events done if this worker still holds them; returns the ones it holds. */
async function completeHeld(tx: Transaction, events: readonly Claimed[], nowSql: SQL): Promise<Claimed[]> {
  const held = sqlRows<{ id: number }>(
    await tx.execute(sql`
      update outbox o
         set status = 'done', processed_at = ${nowSql}, locked_until = null, last_error = null
        from json_to_recordset(${JSON.stringify(events.map((e) => ({ id: e.id, attempts: e.attempts })))}::json)
          as c(id bigint, attempts int)
       where o.id = c.id and o.attempts = c.attempts and o.status = 'processing'
      returning o.id`),
  );
  const ids = new Set(held.map((h) => Number(h.id)));
  return events.filter((e) => ids.has(e.id));
}

async function work(db: Database, events: readonly Claimed[], nowSql: SQL, opts: ConsumeOptions) {
  // Read before the transaction opens: a cold settings cache queries through its own handle, and
  // the embedded database (one connection) would wait for this transaction to end — forever.
  const { priceDropThreshold } = opts.settings
    ? await opts.settings.group('features')
    : (await new SettingsService(db).read(db)).features;
  return db.transaction(async (tx) => {
    const held = await completeHeld(tx, events, nowSql);
    const productIds = [...new Set(held.map((e) => e.productId!))].sort();
    const fired = await triggerAlerts(tx, productIds);
    // A product's price before this batch's first change of it (events are claimed in id order).
    const before = new Map<string, PriceDropInput>();
    for (const e of held) {
      if (!before.has(e.productId!))
        before.set(e.productId!, { productId: e.productId!, lowestBefore: e.lowestBefore });
    }
    const priceDrops = await notifyFavoritePriceDrops(tx, [...before.values()], priceDropThreshold);
    await opts.beforeCommit?.(productIds, tx);
    return { held: held.length, fired, priceDrops };
  });
}

async function release(db: Database, event: Claimed, nowSql: SQL, err: unknown, giveUp: boolean): Promise<void> {
  const delaySeconds = priceEventRetryDelayMs(event.attempts) / 1000;
  // Through a database restart (for up to half the lease): the event is retried after its backoff
  // rather than after the lease runs out.
  await retryWhileUnavailable(
    () =>
      db.execute(sql`
    update outbox
       set status = ${giveUp ? 'failed' : 'pending'}, locked_until = null, run_after = ${nowSql} + make_interval(secs => ${delaySeconds}),
           last_error = ${String(err instanceof Error ? err.message : err).slice(0, 500)}
     where id = ${event.id} and attempts = ${event.attempts} and status = 'processing'`),
    { maxMs: LEASE_MS / 2 },
  );
}

/** One pass: claims a batch of due `price.changed` events and processes it. */
export async function consumePriceChanges(db: Database, opts: ConsumeOptions = {}): Promise<ConsumeResult> {
  // The database's clock by default: an event committed a microsecond ago is due at once (a clock
  // read in this process, at millisecond precision, could still be before its run_after). The
  // statement's start rather than clock_timestamp(): every event committed before the statement
  // began is due, and it is stable, so the claim can use the (status, run_after) index instead of
  // evaluating a volatile clock on every row of the outbox.
  const nowSql = opts.now ? sql`${opts.now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
  const claimed = await claim(db, nowSql, opts.batch ?? DEFAULT_BATCH);
  const result: ConsumeResult = { claimed: claimed.length, done: 0, retried: 0, failed: 0, fired: [], priceDrops: 0 };
  if (claimed.length === 0) return result;
  await opts.afterClaim?.();

  const valid = claimed.filter((e) => e.productId !== null && isUuid(e.productId));
  for (const bad of claimed.filter((e) => !valid.includes(e))) {
    await release(db, bad, nowSql, new Error('price.changed event without a product id'), true);
    result.failed++;
  }
  if (valid.length === 0) return result;

  try {
    const { held, fired, priceDrops } = await work(db, valid, nowSql, opts);
    result.done += held;
    result.fired.push(...fired);
    result.priceDrops += priceDrops;
    return result;
  } catch (err) {
    opts.onError?.(
      err,
      valid.map((e) => e.id),
    );
  }
  // The batch failed as a whole: each event on its own, so only the culprit waits.
  for (const event of valid) {
    try {
      const { held, fired, priceDrops } = await work(db, [event], nowSql, opts);
      result.done += held;
      result.fired.push(...fired);
      result.priceDrops += priceDrops;
    } catch (err) {
      opts.onError?.(err, [event.id]);
      const giveUp = event.attempts >= PRICE_EVENT_MAX_ATTEMPTS;
      await release(db, event, nowSql, err, giveUp);
      if (giveUp) result.failed++;
      else result.retried++;
    }
  }
  return result;
}

/** Passes until a batch comes back short: a burst of events is drained in one go. */
export async function drainPriceChanges(db: Database, opts: ConsumeOptions = {}): Promise<ConsumeResult> {
  const total: ConsumeResult = { claimed: 0, done: 0, retried: 0, failed: 0, fired: [], priceDrops: 0 };
  const batch = opts.batch ?? DEFAULT_BATCH;
  for (;;) {
    const r = await consumePriceChanges(db, opts);
    total.claimed += r.claimed;
    total.done += r.done;
    total.retried += r.retried;
    total.failed += r.failed;
    total.fired.push(...r.fired);
    total.priceDrops += r.priceDrops;
    if (r.claimed < batch || opts.shouldStop?.()) return total;
  }
}

const POLL_MS = 1_000;

/**
 * Runs the consumer in this instance: a pass every second while the server listens (never in
 * tests, which call `consumePriceChanges` themselves). Every instance runs it; SKIP LOCKED and the
 * leases share the events out.
 */
export function registerPriceChangeConsumer(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let closing = false;
  const pass = () => {
    if (running || closing) return;
    running = drainPriceChanges(app.dbHandle.db, {
      settings: app.settings,
      shouldStop: () => closing,
      onError: (err, eventIds) => app.log.warn({ err, eventIds }, 'price.changed events failed; retried later'),
    })
      .then((r) => {
        if (r.fired.length || r.priceDrops) {
          app.log.info({ events: r.done, alerts: r.fired.length, priceDrops: r.priceDrops }, 'price changes notified');
        }
      })
      .catch((err: unknown) => logPassFailure(app.log, err, 'price.changed consumer pass failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onListen', async () => {
    timer = setInterval(pass, POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
  });
}
