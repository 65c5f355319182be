import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isUuid } from '@kiyasla/contracts/ids';
import type { Database, Transaction } from '../db/client';
import { logPassFailure, retryWhileUnavailable } from '../lib/database-unavailable';
import { pgListenSession, poolConfig, ReadInvalidationListener } from '../lib/read-invalidation-listener';
import { sqlRows } from '../lib/sql-rows';
import { fireAlerts, type FiredAlert } from '../modules/alerts/alert-triggers';
import { PRICE_CHANGED_CHANNEL, PRICE_CHANGED_KIND } from '../modules/feeds/import/price-change-event';
import { notifyFavoritePriceDrops, type PriceDropInput } from '../modules/notifications/price-drops';
import { SettingsService } from '../modules/settings/settings.service';

/**
 * The consumer of `price.changed` outbox events (ADR 015, 017): evaluates the price alerts and the
 * favorites' price drops of the changed products and marks the events done in the same
 * transaction. An event is one import batch (thousands of products; rows of the earlier shape, one
 * product each, are read too), so a burst of changes is a handful of rows to claim and complete,
 * and its products are evaluated set-based.
 *
 * Several instances cooperate on one outbox:
 * - **claim**: a committed statement takes due events in id order with FOR UPDATE SKIP LOCKED,
 *   as many as fit in `batch` changed products and in the claimer's share of the due ones (at
 *   least one event), and leases them (`processing`,
 *   `locked_until` = now + lease, `attempts` + 1). Due means pending and past `run_after`, or
 *   processing with an expired lease (its worker died).
 * - **fence**: the transaction that does the work first marks its events done, but only those
 *   whose `attempts` is still the one it claimed them with. A worker whose lease expired and whose
 *   events another worker claimed again finds nothing of its own and writes nothing. The row locks
 *   of that update keep the other worker off these events until the commit.
 * - **work**: the alerts (`fireAlerts`, modules/alerts/alert-triggers.ts) of the products of the
 *   events still held, and the favorites' price drops (modules/notifications/price-drops.ts), then
 *   commit: the event is done exactly when its alerts and notifications are written. A crash
 *   before the commit leaves the event leased; it is claimed again when the lease expires and the
 *   work is redone.
 * - **failures**: a batch that fails is retried event by event, and an event of several products
 *   that fails alone product by product (`split`): the products that fail become an event of their
 *   own, so one poison product holds up neither its batch nor the queue. An event that fails
 *   alone waits with exponential backoff (`run_after`) and is given up (`failed`, kept with its
 *   error) after PRICE_EVENT_MAX_ATTEMPTS; one without a readable product id at once.
 * - **wake-up**: the importer's transaction sends a NOTIFY (PRICE_CHANGED_CHANNEL) that leaves
 *   with its commit; every instance LISTENs and starts a pass at once. The poll every second
 *   stays as the fallback (a lost LISTEN connection, a retry's backoff running out).
 *
 * Doing the work twice is harmless by construction (the alerts are locked and only armed ones
 * fire, the notification's key is unique), so a replayed event, a retried batch or two workers
 * holding the same event after a lease expiry never notify twice.
 */

export const PRICE_EVENT_MAX_ATTEMPTS = 10;
const LEASE_MS = 60_000;
/**
 * Changed products per work transaction: whole events that fit in this many, so two import
 * batches (APPLY_BATCH, 2,000 staged rows, at most that many changed products) go in one.
 */
const DEFAULT_BATCH = 5_000;

/** 5 s, 10 s, 20 s, … capped at 10 min. */
export function priceEventRetryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);
}

interface Change {
  productId: string;
  lowestBefore: number | null;
  /** The day its event was written (Europe/Istanbul, `YYYY-MM-DD`): the price drop's day. */
  day: string;
}

interface Claimed {
  id: number;
  attempts: number;
  /** The readable product changes of the event (entries without a valid product id left out). */
  changes: Change[];
}

export interface ConsumeOptions {
  /**
   * Changed products per work transaction (default 5,000). Whole events are claimed, in id
   * order, as long as they fit: at least one event, however large.
   */
  batch?: number;
  /**
   * The workers sharing the due events (a drain passes its own count; default 1): a claim takes
   * at most this fraction of the due products it sees, within `batch`, so the workers of a drain
   * end a burst together instead of one working a last batch alone while the other waits.
   */
  shareOf?: number;
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
  /**
   * Whether the result lists the fired alerts themselves (`fired`), not only their count
   * (`alerts`). Default true (tests read which alerts fired). The server's consumer, which logs
   * only the count, passes false: a drain then holds no alert however many fire.
   */
  keepFired?: boolean;
  /** Alerts locked and fired per round of an evaluation (`fireAlerts`; tests give a few). */
  fireChunk?: number;
}

export interface ConsumeResult {
  /** Events claimed. */
  claimed: number;
  /** Events completed (every product evaluated). */
  done: number;
  /** Changed products evaluated (committed). */
  products: number;
  /** Events (or the failing part of one) waiting for a retry with backoff. */
  retried: number;
  /** Events (or the failing part of one) given up. */
  failed: number;
  /** Alerts fired (triggered), whatever `keepFired`. */
  alerts: number;
  /** The fired alerts themselves, with `keepFired` (the default); empty without. */
  fired: FiredAlert[];
  /** Favorites' price-drop notifications written. */
  priceDrops: number;
}

const emptyResult = (): ConsumeResult => ({
  claimed: 0,
  done: 0,
  products: 0,
  retried: 0,
  failed: 0,
  alerts: 0,
  fired: [],
  priceDrops: 0,
});

/**
 * Appends in a loop: `to.push(...items)` passes every item as an argument on the stack, and throws
 * RangeError (Maximum call stack size exceeded) past about 125,000 of them.
 */
function append<T>(to: T[], items: readonly T[]): void {
  for (const item of items) to.push(item);
}

/** What the evaluation of some changes wrote. */
interface Evaluated {
  products: number;
  alerts: number;
  fired: FiredAlert[];
  priceDrops: number;
}

function addEvaluated(total: ConsumeResult, r: Evaluated): void {
  total.products += r.products;
  total.alerts += r.alerts;
  append(total.fired, r.fired);
  total.priceDrops += r.priceDrops;
}

/** The changes of a payload of either shape: a batch (`changes`), or one product (the payload itself). */
const CHANGES_SQL = sql.raw(
  `case when jsonb_typeof(o.payload -> 'changes') = 'array' then o.payload -> 'changes' else jsonb_build_array(o.payload) end`,
);

/** A `price.changed` event of the outbox row `o` that a claim may take at `nowSql`: due, or its lease run out. */
function isDue(nowSql: SQL): SQL {
  return sql`o.kind = ${PRICE_CHANGED_KIND}
    and ((o.status = 'pending' and o.run_after <= ${nowSql})
      or (o.status = 'processing' and o.locked_until < ${nowSql}))`;
}

async function claim(db: Database, nowSql: SQL, batch: number, share: number): Promise<Claimed[]> {
  const rows = sqlRows<{ id: number; attempts: number; day: string; changes: { p: string | null; b: unknown }[] }>(
    await db.execute(sql`
      with candidates as (
        select o.id, jsonb_array_length(${CHANGES_SQL}) as n
          from outbox o
         where ${isDue(nowSql)}
         order by o.id
         limit ${batch}
         for update skip locked
      ), picked as (
        -- A prefix of whole events within this claim's share of the products (at least one event).
        select id from (select id, n, sum(n) over (order by id) - n as before, sum(n) over () as due from candidates) c
         where c.before = 0 or c.before + c.n <= least(${batch}, ceil(c.due::numeric / ${share}))
      )
      update outbox o
         set status = 'processing', locked_until = ${nowSql} + make_interval(secs => ${LEASE_MS / 1000}),
             attempts = o.attempts + 1
        from picked
       where o.id = picked.id
      returning o.id, o.attempts, to_char(o.created_at at time zone 'Europe/Istanbul', 'YYYY-MM-DD') as day,
                (select coalesce(json_agg(json_build_object('p', e ->> 'productId', 'b', e -> 'lowestBefore')), '[]'::json)
                   from jsonb_array_elements(${CHANGES_SQL}) e) as changes`),
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      attempts: Number(r.attempts),
      changes: r.changes
        .filter((c) => c.p !== null && isUuid(c.p))
        .map((c) => ({
          productId: c.p!,
          lowestBefore: c.b === null || !Number.isFinite(Number(c.b)) ? null : Number(c.b),
          day: r.day,
        })),
    }))
    .sort((a, b) => a.id - b.id);
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

/** Locks the event if this worker still holds it (the fence of a part of an event); false when not. */
async function stillHeld(tx: Transaction, event: Claimed): Promise<boolean> {
  const rows = sqlRows(
    await tx.execute(sql`
      select 1 from outbox
       where id = ${event.id} and attempts = ${event.attempts} and status = 'processing'
       for update`),
  );
  return rows.length > 0;
}

async function priceDropThreshold(db: Database, opts: ConsumeOptions): Promise<number> {
  // Read before the transaction opens: a cold settings cache queries through its own handle, and
  // the embedded database (one connection) would wait for this transaction to end — forever.
  return opts.settings
    ? (await opts.settings.group('features')).priceDropThreshold
    : (await new SettingsService(db).read(db)).features.priceDropThreshold;
}

/** The alerts and the favorites' price drops of these changes, in the caller's transaction. */
async function evaluate(
  tx: Transaction,
  changes: readonly Change[],
  threshold: number,
  opts: ConsumeOptions,
): Promise<Evaluated> {
  // A product's price before this batch's first change of it (events and changes in order).
  const before = new Map<string, PriceDropInput>();
  for (const c of changes) if (!before.has(c.productId)) before.set(c.productId, c);
  const productIds = [...before.keys()].sort();
  // Counted, and listed only when asked: the alerts are fired in rounds, none held past its round.
  const fired: FiredAlert[] = [];
  const alerts = await fireAlerts(
    tx,
    productIds,
    opts.keepFired === false
      ? { chunk: opts.fireChunk }
      : { chunk: opts.fireChunk, onFired: (round) => append(fired, round) },
  );
  const priceDrops = await notifyFavoritePriceDrops(tx, [...before.values()], threshold);
  await opts.beforeCommit?.(productIds, tx);
  return { products: productIds.length, alerts: alerts.fired, fired, priceDrops };
}

/** Completes the events this worker still holds and evaluates their changes, in one transaction. */
async function work(db: Database, events: readonly Claimed[], nowSql: SQL, opts: ConsumeOptions) {
  const threshold = await priceDropThreshold(db, opts);
  return db.transaction(async (tx) => {
    const held = await completeHeld(tx, events, nowSql);
    const r = await evaluate(
      tx,
      held.flatMap((e) => e.changes),
      threshold,
      opts,
    );
    return { held: held.length, ...r };
  });
}

function errorText(err: unknown): string {
  return String(err instanceof Error ? err.message : err).slice(0, 500);
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
           last_error = ${errorText(err)}
     where id = ${event.id} and attempts = ${event.attempts} and status = 'processing'`),
    { maxMs: LEASE_MS / 2 },
  );
}

/**
 * An event of several products that fails on its own: each product in a transaction of its own
 * (fenced by the event's row lock), then, in one transaction, the event is done and the products
 * that failed become an event of their own (same import, the attempts so far, the error) that
 * waits with backoff, or is given up after PRICE_EVENT_MAX_ATTEMPTS. One poison product holds
 * up neither the others of its batch nor the queue.
 */
async function split(db: Database, event: Claimed, nowSql: SQL, opts: ConsumeOptions, result: ConsumeResult) {
  const threshold = await priceDropThreshold(db, opts);
  const failed: string[] = [];
  let lastError: unknown = null;
  for (const change of event.changes) {
    try {
      const r = await db.transaction(async (tx) =>
        (await stillHeld(tx, event)) ? evaluate(tx, [change], threshold, opts) : null,
      );
      // Another worker holds the event now (this one's lease ran out): it does the rest.
      if (r === null) return;
      addEvaluated(result, r);
    } catch (err) {
      opts.onError?.(err, [event.id]);
      failed.push(change.productId);
      lastError = err;
    }
  }
  const giveUp = event.attempts >= PRICE_EVENT_MAX_ATTEMPTS;
  const delaySeconds = priceEventRetryDelayMs(event.attempts) / 1000;
  const outcome = await retryWhileUnavailable(
    () =>
      db.transaction(async (tx) => {
        if ((await completeHeld(tx, [event], nowSql)).length === 0) return 'fenced' as const;
        if (failed.length === 0) return 'done' as const;
        await tx.execute(sql`
          -- Written when the event was (created_at): its price drops keep the day of the change.
          insert into outbox (kind, payload, dedupe_key, status, attempts, run_after, last_error, created_at)
          select o.kind,
                 jsonb_build_object('importId', o.payload -> 'importId', 'changes',
                   (select jsonb_agg(e) from jsonb_array_elements(${CHANGES_SQL}) e
                     where e ->> 'productId' = any (${`{${failed.join(',')}}`}::text[]))),
                 coalesce(o.dedupe_key, 'price-changed:' || o.id) || ':retry:' || o.attempts,
                 ${giveUp ? 'failed' : 'pending'}, o.attempts,
                 ${nowSql} + make_interval(secs => ${delaySeconds}), ${errorText(lastError)}, o.created_at
            from outbox o where o.id = ${event.id}
          on conflict (dedupe_key) do nothing`);
        return giveUp ? ('failed' as const) : ('retried' as const);
      }),
    { maxMs: LEASE_MS / 2 },
  );
  if (outcome === 'done') result.done++;
  else if (outcome !== 'fenced') result[outcome]++;
}

/**
 * The clock of a claim. The database's by default: an event committed a microsecond ago is due at
 * once (a clock read in this process, at millisecond precision, could still be before its
 * run_after). The statement's start rather than clock_timestamp(): every event committed before
 * the statement began is due, and it is stable, so the claim can use the (status, run_after) index
 * instead of evaluating a volatile clock on every row of the outbox.
 */
function claimClock(opts: ConsumeOptions): SQL {
  return opts.now ? sql`${opts.now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
}

/** One pass: claims due `price.changed` events (up to `batch` changed products) and processes them. */
export async function consumePriceChanges(db: Database, opts: ConsumeOptions = {}): Promise<ConsumeResult> {
  const nowSql = claimClock(opts);
  const claimed = await claim(db, nowSql, opts.batch ?? DEFAULT_BATCH, Math.max(1, Math.floor(opts.shareOf ?? 1)));
  const result = emptyResult();
  result.claimed = claimed.length;
  if (claimed.length === 0) return result;
  await opts.afterClaim?.();

  const valid = claimed.filter((e) => e.changes.length > 0);
  for (const bad of claimed.filter((e) => e.changes.length === 0)) {
    await release(db, bad, nowSql, new Error('price.changed event without a product id'), true);
    result.failed++;
  }
  if (valid.length === 0) return result;

  const add = (r: Evaluated & { held: number }) => {
    result.done += r.held;
    addEvaluated(result, r);
  };
  try {
    add(await work(db, valid, nowSql, opts));
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
      add(await work(db, [event], nowSql, opts));
    } catch (err) {
      opts.onError?.(err, [event.id]);
      if (event.changes.length > 1) {
        await split(db, event, nowSql, opts, result);
        continue;
      }
      const giveUp = event.attempts >= PRICE_EVENT_MAX_ATTEMPTS;
      await release(db, event, nowSql, err, giveUp);
      if (giveUp) result.failed++;
      else result.retried++;
    }
  }
  return result;
}

/** Adds a pass's (or a drain worker's) result to `total`, however many alerts fired. */
export function addUp(total: ConsumeResult, r: ConsumeResult): ConsumeResult {
  total.claimed += r.claimed;
  total.done += r.done;
  total.retried += r.retried;
  total.failed += r.failed;
  addEvaluated(total, r);
  return total;
}

/** How often, and how far apart, a drain's worker that claimed nothing looks again while an event is due. */
const IDLE_LOOKS = 50;
const IDLE_LOOK_MS = 10;

/** Whether a `price.changed` event is due (the claim's condition, without its locks). */
async function dueEventWaiting(db: Database, opts: ConsumeOptions): Promise<boolean> {
  const rows = sqlRows(
    await db.execute(sql`
      select 1 from outbox o where ${isDue(claimClock(opts))} limit 1`),
  );
  return rows.length > 0;
}

/**
 * Concurrent workers of a drain on a PostgreSQL pool (each pass on a connection of its own): the
 * drain of a burst is one work transaction after another, bound by one core of the database
 * server; two use two. More than the cores only adds contention.
 */
export const DEFAULT_PRICE_CONSUMER_WORKERS = 2;

export interface DrainOptions extends ConsumeOptions {
  /**
   * Workers passing at once (default DEFAULT_PRICE_CONSUMER_WORKERS), each claiming its own events
   * (SKIP LOCKED) and working them in its own transaction, exactly as that many instances would.
   * The embedded database has one connection: give it 1.
   */
  workers?: number;
}

/**
 * Passes until one claims nothing, in `workers` concurrent loops: a burst of events is drained in
 * one go. The loops share nothing but the outbox: every event is claimed by one of them, and the
 * guards of several instances (the fence, the alert locks, the notification keys) hold between them.
 */
export async function drainPriceChanges(db: Database, opts: DrainOptions = {}): Promise<ConsumeResult> {
  const workers = Math.max(1, Math.floor(opts.workers ?? DEFAULT_PRICE_CONSUMER_WORKERS));
  const loop = async () => {
    const total = emptyResult();
    let looks = 0;
    for (;;) {
      const r = await consumePriceChanges(db, { ...opts, shareOf: workers });
      addUp(total, r);
      if (opts.shouldStop?.()) return total;
      if (r.claimed > 0) {
        looks = 0;
        continue;
      }
      // Nothing claimed does not mean nothing is left: a claim locks the candidates it reads (up
      // to `batch` events) and leaves those that do not fit, so a worker claiming at the same
      // moment finds every due event locked. It looks again while any is due (bounded: an event
      // locked for longer is another drain's, which works it).
      if (++looks > IDLE_LOOKS || !(await dueEventWaiting(db, opts))) return total;
      await new Promise((r) => setTimeout(r, IDLE_LOOK_MS));
    }
  };
  // Every loop ends before the drain does (a pass that failed must not leave another running).
  const runs = await Promise.allSettled(Array.from({ length: workers }, loop));
  const total = emptyResult();
  for (const run of runs) {
    if (run.status === 'rejected') throw run.reason;
    addUp(total, run.value);
  }
  return total;
}

const POLL_MS = 1_000;

export interface CoalescingPasses {
  /** Starts a pass now, or right after the one running (several calls meanwhile make one more). */
  pass(): void;
  /** True once `stop` was called: a drain checks it between batches. */
  readonly stopping: boolean;
  /** No pass starts any more; resolves when the one running (if any) has ended. */
  stop(): Promise<void>;
}

/**
 * One pass at a time, as the server's consumer runs them: a wake-up (NOTIFY, the poll) during a
 * pass runs another right after it, however many arrived, so nothing announced meanwhile waits for
 * the next poll and no two passes of this instance compete. The benchmark drives its consumer with
 * the same runner.
 */
export function coalescingPasses(run: () => Promise<unknown>): CoalescingPasses {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopping = false;
  const pass = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = run().finally(() => {
      running = null;
      if (again) pass();
    });
  };
  return {
    pass,
    get stopping() {
      return stopping;
    },
    async stop() {
      stopping = true;
      while (running) await running;
    },
  };
}

/**
 * Runs the consumer in this instance while the server listens (never in tests, which call
 * `consumePriceChanges` themselves): a pass as soon as an import's commit announces events
 * (LISTEN; PGlite: its in-process `listen`), and every second as the fallback. A signal that
 * arrives during a pass runs another right after it. A pass drains with
 * DEFAULT_PRICE_CONSUMER_WORKERS concurrent workers on PostgreSQL (one on the embedded database).
 * Every instance runs it; SKIP LOCKED and the leases share the events out.
 */
export function registerPriceChangeConsumer(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  const passes = coalescingPasses(() =>
    drainPriceChanges(app.dbHandle.db, {
      workers: app.dbHandle.kind === 'pglite' ? 1 : DEFAULT_PRICE_CONSUMER_WORKERS,
      settings: app.settings,
      // The log line counts them: a sitewide sale's drain holds none of its fired alerts.
      keepFired: false,
      shouldStop: () => passes.stopping,
      onError: (err, eventIds) => app.log.warn({ err, eventIds }, 'price.changed events failed; retried later'),
    })
      .then((r) => {
        if (r.alerts || r.priceDrops) {
          app.log.info(
            { events: r.done, products: r.products, alerts: r.alerts, priceDrops: r.priceDrops },
            'price changes notified',
          );
        }
      })
      .catch((err: unknown) => logPassFailure(app.log, err, 'price.changed consumer pass failed')),
  );
  const pass = passes.pass;
  const handle = app.dbHandle;
  if (handle.kind === 'pglite') {
    const pglite = handle.pglite;
    let unlisten: (() => Promise<void>) | undefined;
    app.addHook('onListen', async () => {
      if (pglite) unlisten = await pglite.listen(PRICE_CHANGED_CHANNEL, pass);
    });
    app.addHook('onClose', async () => {
      if (unlisten && pglite && !pglite.closed) await unlisten();
    });
  } else {
    const listener = new ReadInvalidationListener({
      open: pgListenSession(poolConfig(handle), PRICE_CHANGED_CHANNEL),
      onPayload: pass,
      // (Re)connected: signals may have been missed while it was down.
      clearAll: pass,
      log: app.log,
    });
    app.addHook('onListen', () => listener.start());
    app.addHook('onClose', () => listener.stop());
  }
  app.addHook('onListen', async () => {
    timer = setInterval(pass, POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await passes.stop();
  });
}
