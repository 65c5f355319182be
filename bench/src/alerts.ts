/**
 * Price alerts and notifications benchmark (issue 13, ADR 017), on the benchmark's PostgreSQL
 * catalog (1,000,000 products, 50,000 armed alerts, 500,000 favorites):
 *
 *   throughput  a store feed changes 20,000 products (one `price.changed` event per import batch
 *               of 5,000); with the consumer stopped the import commits, then the real consumer
 *               (apps/api/src/jobs/price-change-consumer.ts) drains the events: alerts locked and
 *               evaluated, triggered alerts, favorites' price drops, notifications, deliveries.
 *               Target ≥ 20,000 changed products/s.
 *   latency     the same feed again (after restoring the data) while the consumer runs as the
 *               server's does (woken by the import's NOTIFY at each batch's commit, and polling
 *               every second as the fallback, draining): for every product that notified someone,
 *               the time from the commit of the import batch that changed it to the commit of the
 *               consumer transaction that wrote its notifications. Target p95 ≤ 2 s.
 *
 * The changed products are a third with an armed 'below' alert (their new price is under the
 * lowest target, so every armed alert of the product fires; the alert owners are given an active
 * premium plan for the run), a third favorited by someone (their lowest price falls 7 %, past the
 * default 5 % threshold) and a third neither (±3–7 %). The import runs in a child process (as an
 * upload or the CLI would) that prints each batch's commit time.
 *
 * Everything the runs change is restored afterwards from a snapshot (schema `bench_alerts`): the
 * offers, product prices, alerts, users and store touched, the rows added (price history, outbox
 * events, notifications and their deliveries, the imports), and the events that were already
 * pending, parked for the run. A run that died halfway is restored at the start of the next.
 * Standalone: `npx tsx bench/src/alerts.ts <DATABASE_URL>`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// The app's Fastify declarations (`app.dbHandle`, `app.settings`), which the consumer's module refers to.
import type {} from '../../apps/api/src/app';
import { openDatabase } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import {
  coalescingPasses,
  consumePriceChanges,
  DEFAULT_PRICE_CONSUMER_WORKERS,
  drainPriceChanges,
} from '../../apps/api/src/jobs/price-change-consumer';
import { APPLY_BATCH } from '../../apps/api/src/modules/feeds/import/apply';
import { importFeed } from '../../apps/api/src/modules/feeds/import/import-feed';
import { lowestInStockPrices, PRICE_CHANGED_CHANNEL } from '../../apps/api/src/modules/feeds/import/price-change-event';
import { writeQueuedDeliveries } from '../../apps/api/src/modules/notifications/deliveries/schedule';
import { SettingsService } from '../../apps/api/src/modules/settings/settings.service';
import { vacuumImportedTables } from './feed-import';

export const ALERT_TARGETS = {
  throughput: { productsPerSecond: 20_000, label: '≥ 20,000 changed products/s' },
  latency: { p95Ms: 2_000, label: 'p95 ≤ 2 s from the import commit to the in-app notification' },
};

const CHANGED_PRODUCTS = 20_000;
/** The server's consumer polls every second as the fallback of its NOTIFY wake-up (registerPriceChangeConsumer). */
const POLL_MS = 1_000;
const SNAPSHOT = 'bench_alerts';
/** Events per consumer transaction: the server's default unless ALERTS_BENCH_BATCH says otherwise (experiments). */
const BATCH = process.env.ALERTS_BENCH_BATCH ? Number(process.env.ALERTS_BENCH_BATCH) : undefined;
/** The consumer's concurrent workers: the server's default unless ALERTS_BENCH_WORKERS says otherwise (experiments). */
const WORKERS = process.env.ALERTS_BENCH_WORKERS
  ? Math.max(1, Number(process.env.ALERTS_BENCH_WORKERS))
  : DEFAULT_PRICE_CONSUMER_WORKERS;

export interface AlertBenchResult {
  catalog: { products: number; armedAlerts: number; favorites: number };
  store: string;
  changedProducts: { total: number; withAlert: number; favorited: number; other: number };
  parkedEvents: number;
  throughput: {
    importSeconds: number;
    events: number;
    /** Changed products evaluated. */
    products: number;
    seconds: number;
    productsPerSecond: number;
    /** The drain's concurrent workers (the consumer's default unless ALERTS_BENCH_WORKERS). */
    workers: number;
    firedAlerts: number;
    alertNotifications: number;
    priceDrops: number;
    /** Delivery rows written by the drain itself (none since they are queued). */
    deliveries: number;
    /** Notifications the drain queued for their deliveries. */
    queuedForDelivery: number;
    /** The deliveries worker's writing of the queued notifications' deliveries, after the drain (not in `seconds`). */
    deliveryWorker: { notifications: number; deliveries: number; seconds: number };
    /**
     * Where the drain's CPU went: this process's (the consumer's) CPU time, and the share of the
     * machine's CPU time busy during the drain (/proc/stat, every process; absent off Linux).
     */
    cpu: { consumerMs: number; machineBusyPercent: number | null };
    loadAverage: [number, number];
    target: string;
    met: boolean;
  };
  /** Absent when only the throughput was run (ALERTS_BENCH_ONLY=throughput). */
  latency?: {
    importSeconds: number;
    events: number;
    products: number;
    notifiedProducts: number;
    firedAlerts: number;
    priceDrops: number;
    p50Ms: number;
    p95Ms: number;
    p99Ms: number;
    maxMs: number;
    /** The same over every changed product, notified or not. */
    allProductsP95Ms: number;
    pollMs: number;
    loadAverage: [number, number];
    target: string;
    met: boolean;
  };
}

interface Chosen {
  external_id: string;
  product_id: string;
  price: number;
  product_url: string;
  target: number | null;
  kind: 'alert' | 'favorite' | 'other';
}

// ---------------------------------------------------------------------------------------------
// Snapshot and restore

async function columns(c: pg.PoolClient, table: string, key: string): Promise<string[]> {
  const { rows } = await c.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and column_name <> $2
        and is_generated = 'NEVER' and coalesce(identity_generation, '') <> 'ALWAYS'
      order by ordinal_position`,
    [table, key],
  );
  return rows.map((r) => r.column_name);
}

/** Puts every column of the snapshotted rows back. */
async function restoreRows(c: pg.PoolClient, table: string, key: string): Promise<void> {
  const cols = await columns(c, table, key);
  const q = (n: string) => `"${n}"`;
  await c.query(
    `update public.${table} t set (${cols.map(q).join(', ')}) = row(${cols.map((n) => `s.${q(n)}`).join(', ')})
       from ${SNAPSHOT}.${table} s where t.${key} = s.${key}`,
  );
}

/** Restores what an earlier run left behind (a run that died halfway), then drops the snapshot. */
export async function restoreSnapshot(pool: pg.Pool): Promise<boolean> {
  const c = await pool.connect();
  try {
    const { rows } = await c.query(`select 1 from information_schema.schemata where schema_name = $1`, [SNAPSHOT]);
    if (rows.length === 0) return false;
    await c.query('begin');
    const [mark] = (
      await c.query<{ started_at: Date; history_id: string; outbox_id: string; store_id: string }>(
        `select * from ${SNAPSHOT}.mark`,
      )
    ).rows;
    if (mark) {
      await c.query(`delete from notifications where created_at >= $1`, [mark.started_at]);
      await c.query(`delete from notification_delivery_queue where queued_at >= $1`, [mark.started_at]);
      await c.query(`delete from price_history where id > $1`, [mark.history_id]);
      await c.query(`delete from outbox where id > $1 and kind = 'price.changed'`, [mark.outbox_id]);
      await c.query(
        `delete from feed_imports where store_id = $1 and id not in (select id from ${SNAPSHOT}.feed_imports)`,
        [mark.store_id],
      );
    }
    for (const [table, key] of [
      ['store_offers', 'id'],
      ['product_prices', 'product_id'],
      ['price_alerts', 'id'],
      ['users', 'id'],
      ['stores', 'id'],
    ] as const) {
      await restoreRows(c, table, key);
    }
    await c.query(
      `update outbox o set status = p.status, run_after = p.run_after, locked_until = p.locked_until
         from ${SNAPSHOT}.parked p where o.id = p.id`,
    );
    await c.query(`drop schema ${SNAPSHOT} cascade`);
    await c.query('commit');
    return true;
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}

/** The machine's CPU time counters (/proc/stat: user … steal, in ticks), or null off Linux. */
function machineCpu(): number[] | null {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  } catch {
    return null;
  }
}

/** The busy share (everything but idle and iowait) of the CPU time between two readings. */
function busyPercent(before: number[] | null, after: number[] | null): number | null {
  if (!before || !after) return null;
  const spent = after.map((v, i) => v - before[i]!);
  const total = spent.reduce((a, b) => a + b, 0);
  return total > 0 ? Math.round((100 * (total - spent[3]! - spent[4]!)) / total) : null;
}

/**
 * VACUUM of the tables the consumer writes and the restore deletes from: a run leaves ~40,000 dead
 * notifications, queue rows and deliveries behind, and whether autovacuum has cleaned them before
 * the next run decided by itself how long that run's inserts took (the unique index checks and
 * page splits visit the dead entries). Every run starts from vacuumed tables.
 */
async function vacuumConsumerTables(pool: pg.Pool): Promise<void> {
  await pool.query(
    'vacuum (analyze) notifications, notification_delivery_queue, notification_deliveries, price_alerts, users, outbox',
  );
}

async function takeSnapshot(pool: pg.Pool, storeId: string, chosen: Chosen[]): Promise<number> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    await c.query(`create schema ${SNAPSHOT}`);
    await c.query(
      `create table ${SNAPSHOT}.mark as
         select clock_timestamp() as started_at,
                (select coalesce(max(id), 0) from price_history) as history_id,
                (select coalesce(max(id), 0) from outbox) as outbox_id,
                $1::uuid as store_id`,
      [storeId],
    );
    const products = `{${chosen.map((x) => x.product_id).join(',')}}`;
    const skus = chosen.map((x) => x.external_id);
    await c.query(
      `create table ${SNAPSHOT}.store_offers as
         select * from store_offers where store_id = $1 and external_id = any ($2::text[])`,
      [storeId, skus],
    );
    await c.query(
      `create table ${SNAPSHOT}.product_prices as select * from product_prices where product_id = any ($1::uuid[])`,
      [products],
    );
    await c.query(
      `create table ${SNAPSHOT}.price_alerts as select * from price_alerts where product_id = any ($1::uuid[])`,
      [products],
    );
    await c.query(
      `create table ${SNAPSHOT}.users as
         select * from users where id in (select user_id from ${SNAPSHOT}.price_alerts)`,
    );
    await c.query(`create table ${SNAPSHOT}.stores as select * from stores where id = $1`, [storeId]);
    await c.query(`create table ${SNAPSHOT}.feed_imports as select id from feed_imports where store_id = $1`, [
      storeId,
    ]);
    // Events already waiting (an earlier import nobody consumed) would be measured with ours.
    const parked = await c.query(
      `create table ${SNAPSHOT}.parked as
         select id, status, run_after, locked_until from outbox
          where kind = 'price.changed' and status in ('pending', 'processing')`,
    );
    await c.query(
      `update outbox set status = 'pending', run_after = 'infinity', locked_until = null
        where id in (select id from ${SNAPSHOT}.parked)`,
    );
    // The alert owners may have alerts for the run (an active paid plan); restored afterwards.
    await c.query(
      `update users set subscription_plan = 'monthly-premium', subscription_status = 'active',
                        subscription_end = now() + interval '30 days'
        where id in (select id from ${SNAPSHOT}.users)`,
    );
    await c.query('commit');
    return parked.rowCount ?? 0;
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}

// ---------------------------------------------------------------------------------------------
// The feed

async function pickStore(pool: pg.Pool): Promise<{ id: string; slug: string }> {
  const { rows } = await pool.query<{ id: string; slug: string }>(`
    select s.id, s.slug from store_offers o join stores s on s.id = o.store_id
     where o.is_active and o.external_id is not null and s.is_active
     group by s.id, s.slug order by count(*) desc limit 1`);
  return rows[0]!;
}

/** A third of the products with an armed alert, a third favorited, the rest neither. */
async function chooseOffers(pool: pg.Pool, storeId: string, total: number): Promise<Chosen[]> {
  const third = Math.floor(total / 3);
  const base = `
    select o.external_id, o.product_id, o.price, o.product_url
      from store_offers o
     where o.store_id = $1 and o.is_active and o.external_id is not null`;
  const armed = `select 1 from price_alerts a where a.product_id = o.product_id and a.is_active and not a.triggered`;
  const alert = await pool.query<Chosen>(
    `select x.*, t.target, 'alert' as kind from (${base} and exists (${armed})) x
       cross join lateral (select min(a.target_price)::int as target from price_alerts a
                            where a.product_id = x.product_id and a.is_active and not a.triggered
                              and a.trigger_type = 'below') t
      where t.target is not null
      order by md5(x.product_id::text) limit $2`,
    [storeId, third],
  );
  const favorite = await pool.query<Chosen>(
    `select x.*, null::int as target, 'favorite' as kind from (${base} and not exists (${armed})
         and exists (select 1 from favorites f where f.product_id = o.product_id)) x
      order by md5(x.product_id::text) limit $2`,
    [storeId, third],
  );
  const other = await pool.query<Chosen>(
    `select x.*, null::int as target, 'other' as kind from (${base} and not exists (${armed})
         and not exists (select 1 from favorites f where f.product_id = o.product_id)) x
      order by md5(x.product_id::text) limit $2`,
    [storeId, total - alert.rows.length - favorite.rows.length],
  );
  const all = [...alert.rows, ...favorite.rows, ...other.rows];
  // Spread the kinds over the feed (and so over its batches), deterministically.
  return all
    .map((x, i) => ({ x, k: (i * 2_654_435_761) % 4_294_967_296 }))
    .sort((a, b) => a.k - b.k)
    .map((a) => ({ ...a.x, price: Number(a.x.price), target: a.x.target === null ? null : Number(a.x.target) }));
}

async function writeFeed(file: string, chosen: Chosen[], lowest: Map<string, number>): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('{"mode":"partial","items":[\n');
  for (const [n, x] of chosen.entries()) {
    const now = lowest.get(x.product_id) ?? x.price;
    let price: number;
    if (x.kind === 'alert') price = Math.floor(x.target! * 0.99);
    else if (x.kind === 'favorite') price = Math.floor(Math.min(now, x.price) * 0.93);
    else price = Math.round(x.price * (n % 2 === 0 ? 0.97 - (n % 5) / 100 : 1.03 + (n % 5) / 100));
    const item = { sku: x.external_id, price: Math.max(1, price) / 100, availability: 'in-stock', url: x.product_url };
    await write(`${n ? ',\n' : ''}${JSON.stringify(item)}`);
  }
  await write('\n]}\n');
  out.end();
  await once(out, 'finish');
}

/** The child: imports the feed, printing each batch's commit time (epoch ms), then the outcome. */
async function child(databaseUrl: string, storeId: string, file: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, poolSize: 3 });
  const started = performance.now();
  const result = await importFeed(
    handle.db,
    { storeId, source: 'cli', body: createReadStream(file), maxBytes: 1024 ** 3 },
    { afterBatch: (batch) => console.log(`BATCH ${JSON.stringify({ batch, at: Date.now() })}`) },
  );
  const seconds = (performance.now() - started) / 1000;
  await handle.close();
  console.log(`DONE ${JSON.stringify({ seconds, status: result.status })}`);
}

function runImport(databaseUrl: string, storeId: string, file: string) {
  return new Promise<{ seconds: number; status: string; committedAt: Map<number, number> }>((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', databaseUrl, storeId, file],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) => {
      const committedAt = new Map<number, number>();
      let done: { seconds: number; status: string } | null = null;
      for (const line of out.split('\n')) {
        if (line.startsWith('BATCH ')) {
          const b = JSON.parse(line.slice(6)) as { batch: number; at: number };
          committedAt.set(b.batch, b.at);
        } else if (line.startsWith('DONE ')) done = JSON.parse(line.slice(5)) as { seconds: number; status: string };
      }
      if (code !== 0 || !done) reject(new Error(`import child exited ${code}: ${out.slice(-2000)}`));
      // The latency is measured from these commits: without them the row would measure nothing.
      else if (committedAt.size === 0)
        reject(new Error(`import child reported no committed batch: ${out.slice(-2000)}`));
      else resolve({ ...done, committedAt });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The runs

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function counts(pool: pg.Pool, since: Date) {
  const { rows } = await pool.query<{ alerts: string; drops: string; deliveries: string; queued: string }>(
    `select count(*) filter (where type = 'price_alert') as alerts, count(*) filter (where type = 'price_drop') as drops,
            (select count(*) from notification_deliveries d where d.created_at >= $1) as deliveries,
            (select count(*) from notification_delivery_queue q where q.queued_at >= $1) as queued
       from notifications where created_at >= $1`,
    [since],
  );
  return {
    alerts: Number(rows[0]!.alerts),
    drops: Number(rows[0]!.drops),
    deliveries: Number(rows[0]!.deliveries),
    queued: Number(rows[0]!.queued),
  };
}

/**
 * `ALERTS_BENCH_PROFILE=1`: the time the consumer's statements take, summed by statement (every
 * query of this process goes through pg.Client#query), printed after the throughput run.
 */
function profileQueries(): () => string {
  const spent = new Map<string, { ms: number; calls: number }>();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 110);
    const started = performance.now();
    const done = () => {
      const entry = spent.get(text) ?? { ms: 0, calls: 0 };
      entry.ms += performance.now() - started;
      entry.calls += 1;
      spent.set(text, entry);
    };
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    return result;
  };
  return () =>
    [...spent.entries()]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 15)
      .map(([text, e]) => `${e.ms.toFixed(0).padStart(7)} ms ${String(e.calls).padStart(5)}× ${text}`)
      .join('\n');
}

export async function runAlertBenchmarks(databaseUrl: string, log: (msg: string) => void): Promise<AlertBenchResult> {
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiyasla-alerts-bench-'));
  try {
    await runMigrations(handle);
    if (await restoreSnapshot(pool)) log('alerts: restored the data an interrupted run left behind');
    await vacuumConsumerTables(pool);
    // The consumer reads the offers (the watched and favorited products' lowest prices), and each
    // run's imports and restores leave ~80,000 dead ones behind.
    await vacuumImportedTables(pool);
    const { rows: catalogRows } = await pool.query<{ products: string; armed: string; favorites: string }>(`
      select (select count(*) from products) as products,
             (select count(*) from price_alerts where is_active and not triggered) as armed,
             (select count(*) from favorites) as favorites`);
    const catalog = {
      products: Number(catalogRows[0]!.products),
      armedAlerts: Number(catalogRows[0]!.armed),
      favorites: Number(catalogRows[0]!.favorites),
    };
    const store = await pickStore(pool);
    const chosen = await chooseOffers(pool, store.id, CHANGED_PRODUCTS);
    const kinds = {
      total: chosen.length,
      withAlert: chosen.filter((x) => x.kind === 'alert').length,
      favorited: chosen.filter((x) => x.kind === 'favorite').length,
      other: chosen.filter((x) => x.kind === 'other').length,
    };
    log(`alerts: catalog ${JSON.stringify(catalog)}; store ${store.slug}; changing ${JSON.stringify(kinds)} products`);
    const lowest = await lowestInStockPrices(
      handle.db,
      chosen.map((x) => x.product_id),
    );
    const file = path.join(dir, 'feed.json');
    await writeFeed(file, chosen, lowest);
    // The server's consumer reads the settings through its cached service.
    const settings = new SettingsService(handle.db);

    // 1. Throughput: the import commits with the consumer stopped; then the consumer drains.
    const parkedEvents = await takeSnapshot(pool, store.id, chosen);
    let throughput: AlertBenchResult['throughput'];
    try {
      log(`alerts: throughput: importing the feed (${parkedEvents} earlier events parked)…`);
      const imported = await runImport(databaseUrl, store.id, file);
      if (imported.status !== 'succeeded') throw new Error(`import ${imported.status}`);
      const since = (await pool.query<{ t: Date }>(`select started_at as t from ${SNAPSHOT}.mark`)).rows[0]!.t;
      const before = os.loadavg()[0]!;
      const profile = process.env.ALERTS_BENCH_PROFILE === '1' ? profileQueries() : null;
      const machineBefore = machineCpu();
      const consumerCpu = process.cpuUsage();
      const started = performance.now();
      // ALERTS_BENCH_CONSUMERS=N: N consumers at once, as N instances would share the events (each
      // with the consumer's workers).
      const consumers = Math.max(1, Number(process.env.ALERTS_BENCH_CONSUMERS ?? 1));
      const runs = await Promise.all(
        Array.from({ length: consumers }, () =>
          drainPriceChanges(handle.db, { settings, workers: WORKERS, ...(BATCH ? { batch: BATCH } : {}) }),
        ),
      );
      const r = {
        done: runs.reduce((n, x) => n + x.done, 0),
        products: runs.reduce((n, x) => n + x.products, 0),
        fired: runs.flatMap((x) => x.fired),
      };
      const seconds = (performance.now() - started) / 1000;
      const consumed = process.cpuUsage(consumerCpu);
      const cpu = {
        consumerMs: Math.round((consumed.user + consumed.system) / 1000),
        machineBusyPercent: busyPercent(machineBefore, machineCpu()),
      };
      if (profile) log(`alerts: throughput: time by statement (the drain)\n${profile()}`);
      const after = os.loadavg()[0]!;
      const written = await counts(pool, since);
      // What the deliveries worker then does with the queue (off the consumer's path, timed apart).
      const workerStarted = performance.now();
      const worker = { notifications: 0, deliveries: 0, seconds: 0 };
      for (;;) {
        const w = await writeQueuedDeliveries(handle.db);
        worker.notifications += w.taken;
        worker.deliveries += w.written;
        if (w.taken === 0) break;
      }
      worker.seconds = Math.round(performance.now() - workerStarted) / 1000;
      const productsPerSecond = Math.round(r.products / seconds);
      throughput = {
        importSeconds: Math.round(imported.seconds * 100) / 100,
        events: r.done,
        products: r.products,
        seconds: Math.round(seconds * 1000) / 1000,
        productsPerSecond,
        workers: WORKERS,
        firedAlerts: r.fired.length,
        alertNotifications: written.alerts,
        priceDrops: written.drops,
        deliveries: written.deliveries,
        queuedForDelivery: written.queued,
        deliveryWorker: worker,
        cpu,
        loadAverage: [before, after],
        target: ALERT_TARGETS.throughput.label,
        met: r.products >= kinds.total * 0.95 && productsPerSecond >= ALERT_TARGETS.throughput.productsPerSecond,
      };
      log(`alerts: throughput: ${JSON.stringify(throughput)}`);
    } finally {
      await restoreSnapshot(pool);
      await vacuumConsumerTables(pool);
      await vacuumImportedTables(pool);
    }

    if (process.env.ALERTS_BENCH_ONLY === 'throughput') {
      return { catalog, store: store.slug, changedProducts: kinds, parkedEvents, throughput };
    }
    // 2. Latency: the consumer runs as the server's does (registerPriceChangeConsumer: woken by the
    // import's NOTIFY, polling as the fallback) while the same feed is imported.
    await takeSnapshot(pool, store.id, chosen);
    let latency: NonNullable<AlertBenchResult['latency']>;
    try {
      const visibleAt = new Map<string, number>();
      let fired = 0;
      let drops = 0;
      let events = 0;
      let products = 0;
      // As the server's pass: the consumer's workers, each passing until its claim finds nothing.
      const worker = async () => {
        for (;;) {
          let committed: readonly string[] = [];
          const r = await consumePriceChanges(handle.db, {
            settings,
            ...(BATCH ? { batch: BATCH } : {}),
            beforeCommit: (ids) => {
              committed = ids;
            },
          });
          // The consumer's transaction has committed: its notifications are visible now.
          const at = Date.now();
          for (const p of committed) if (!visibleAt.has(p)) visibleAt.set(p, at);
          fired += r.fired.length;
          drops += r.priceDrops;
          events += r.done;
          products += r.products;
          if (r.claimed === 0) return;
        }
      };
      const drain = () => Promise.all(Array.from({ length: WORKERS }, worker));
      // As the server's: one pass at a time, another right after it when woken meanwhile (the
      // consumer's own runner, registerPriceChangeConsumer's).
      const passes = coalescingPasses(drain);
      const pass = passes.pass;
      const listener = new pg.Client({ connectionString: databaseUrl });
      await listener.connect();
      listener.on('notification', pass);
      await listener.query(`listen ${PRICE_CHANGED_CHANNEL}`);
      const poll = setInterval(pass, POLL_MS);
      log('alerts: latency: importing the feed with the consumer woken by NOTIFY and polling every second…');
      const before = os.loadavg()[0]!;
      const imported = await runImport(databaseUrl, store.id, file);
      if (imported.status !== 'succeeded') throw new Error(`import ${imported.status}`);
      const deadline = Date.now() + 120_000;
      while (products < kinds.total && Date.now() < deadline) await new Promise((res) => setTimeout(res, 100));
      clearInterval(poll);
      await listener.end();
      await passes.stop();
      const after = os.loadavg()[0]!;
      const since = (await pool.query<{ t: Date }>(`select started_at as t from ${SNAPSHOT}.mark`)).rows[0]!.t;
      const { rows: notified } = await pool.query<{ product_id: string }>(
        `select distinct data ->> 'productId' as product_id from notifications where created_at >= $1`,
        [since],
      );
      // Item n of the feed was applied in batch ceil(n / APPLY_BATCH).
      const batchOf = new Map(chosen.map((x, i) => [x.product_id, Math.floor(i / APPLY_BATCH) + 1]));
      const latencyOf = (productId: string) => {
        const committed = imported.committedAt.get(batchOf.get(productId) ?? -1);
        const visible = visibleAt.get(productId);
        return committed === undefined || visible === undefined ? null : visible - committed;
      };
      const sorted = (ids: Iterable<string>) =>
        [...ids]
          .map(latencyOf)
          .filter((v): v is number => v !== null)
          .sort((a, b) => a - b);
      const mine = sorted(notified.map((n) => n.product_id));
      const all = sorted(chosen.map((x) => x.product_id));
      const p95 = percentile(mine, 95);
      latency = {
        importSeconds: Math.round(imported.seconds * 100) / 100,
        events,
        products,
        notifiedProducts: mine.length,
        firedAlerts: fired,
        priceDrops: drops,
        p50Ms: percentile(mine, 50),
        p95Ms: p95,
        p99Ms: percentile(mine, 99),
        maxMs: mine.at(-1) ?? 0,
        allProductsP95Ms: percentile(all, 95),
        pollMs: POLL_MS,
        loadAverage: [before, after],
        target: ALERT_TARGETS.latency.label,
        met: mine.length > 0 && products >= kinds.total * 0.95 && p95 <= ALERT_TARGETS.latency.p95Ms,
      };
      log(`alerts: latency: ${JSON.stringify(latency)}`);
    } finally {
      await restoreSnapshot(pool);
      await vacuumConsumerTables(pool);
      await vacuumImportedTables(pool);
    }
    return { catalog, store: store.slug, changedProducts: kinds, parkedEvents, throughput, latency };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await pool.end();
    await handle.close();
  }
}

/** The report's section (bench/src/report.ts). */
export function printAlertBench(r: AlertBenchResult | undefined): void {
  if (!r) return;
  const yes = (met: boolean) => (met ? 'yes' : 'NO');
  const load = (l: [number, number]) => l.map((x) => x.toFixed(1)).join(' → ');
  const t = r.throughput;
  const l = r.latency;
  console.log(
    `\nPrice alerts and notifications (${r.catalog.products.toLocaleString('en-US')} products, ` +
      `${r.catalog.armedAlerts.toLocaleString('en-US')} armed alerts, ${r.catalog.favorites.toLocaleString('en-US')} favorites; ` +
      `a feed of ${r.store} changing ${r.changedProducts.total.toLocaleString('en-US')} products: ` +
      `${r.changedProducts.withAlert} with alerts, ${r.changedProducts.favorited} favorited)\n`,
  );
  console.log(
    `  throughput: ${t.products.toLocaleString('en-US')} changed products (${t.events} events) in ${t.seconds.toFixed(2)} s = ` +
      `${t.productsPerSecond.toLocaleString('en-US')} changed products/s (${t.workers} workers); ${t.firedAlerts} alerts fired, ` +
      `${t.priceDrops} price-drop notifications, ${t.queuedForDelivery} queued for delivery (the worker wrote their ` +
      `${t.deliveryWorker.deliveries} deliveries in ${t.deliveryWorker.seconds} s after); consumer CPU ${t.cpu?.consumerMs ?? '?'} ms, ` +
      `machine ${t.cpu?.machineBusyPercent ?? '?'} % busy; load ${load(t.loadAverage)}; ${t.target}: ${yes(t.met)}`,
  );
  if (!l) return;
  console.log(
    `  latency: commit → in-app notification over ${l.notifiedProducts.toLocaleString('en-US')} notified products: ` +
      `p50 ${l.p50Ms} ms, p95 ${l.p95Ms} ms, p99 ${l.p99Ms} ms, max ${l.maxMs} ms (consumer woken by NOTIFY, polling every ` +
      `${l.pollMs} ms as the fallback; import ${l.importSeconds} s); load ${load(l.loadAverage)}; ${l.target}: ${yes(l.met)}`,
  );
}

// Only when this file is the one run: the other benchmarks import it, and their own children carry
// `--child` too (an import of this file must not start this file's child beside theirs).
const [, , role, ...rest] = process.argv;
const runDirectly = process.argv[1] === fileURLToPath(import.meta.url);
if (runDirectly && role === '--child') {
  await child(rest[0]!, rest[1]!, rest[2]!);
} else if (runDirectly) {
  const url = role ?? process.env.DATABASE_URL;
  if (!url) throw new Error('Kullanım: npx tsx bench/src/alerts.ts <DATABASE_URL>');
  console.log(JSON.stringify(await runAlertBenchmarks(url, (m) => console.log(`[bench] ${m}`)), null, 2));
}
