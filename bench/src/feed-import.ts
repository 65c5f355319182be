/**
 * Store feed import benchmarks (issue 12, ADR 015), on the benchmark's PostgreSQL catalog:
 *
 *   throughput  a 100,000-item JSON feed of one store's existing offers (matched by SKU), 20 % of
 *               them with a new price — parse → match → write → history → events → commit;
 *               target ≥ 20,000 items/s end to end;
 *   memory      a 1,000,000-item feed (the store's offers plus items no product matches, which
 *               land in the unmatched queue): peak RSS of the importing process; target < 300 MB.
 *
 * Each import runs in a child process of its own so its peak RSS is its own. The feed file is
 * written first and not timed. Standalone: `npx tsx bench/src/feed-import.ts <DATABASE_URL>`.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { importFeed } from '../../apps/api/src/modules/feeds/import/import-feed';

export interface FeedBenchResult {
  name: 'throughput' | 'memory';
  items: number;
  /** Items whose price the feed changes. */
  changed: number;
  fileMB: number;
  seconds: number;
  itemsPerSecond: number;
  peakRssMB: number;
  status: string;
  report: Record<string, unknown>;
  /** Milliseconds per phase: read (parse + stage), match, apply, deactivate. */
  phasesMs: Record<string, number>;
  /** CPU seconds (user + system) of the importing process, start-up excluded. */
  importerCpuSeconds: number;
  loadAverage: [number, number];
  target: string;
  met: boolean;
}

const THROUGHPUT_ITEMS = 100_000;
const MEMORY_ITEMS = 1_000_000;
const CHANGE_SHARE = 0.2;
export const FEED_TARGETS = {
  throughput: { itemsPerSecond: 20_000, label: '≥ 20,000 items/s' },
  memory: { peakRssMB: 300, label: 'peak RSS < 300 MB' },
};

interface OfferRow {
  external_id: string;
  price: number;
  availability: string;
  product_url: string;
}

/**
 * VACUUM (ANALYZE) of the tables a feed import writes: the offers, their products' price rows and
 * the price history. Every benchmark run that imports (this one, the alerts', the churn of the
 * mixed rows) leaves dead rows there, more than autovacuum's threshold lets it clean on a table of
 * 5 M offers. On a catalog that served a dozen alert runs, 680,000 dead offers made a full run's
 * import 2.5× slower and its mix under churn 2× slower (LOG 2026-12-03 evening). The runs that
 * import start from vacuumed tables, so their figures do not depend on what ran before them; so
 * does every run of `npm run bench`, before its rows (run.ts).
 */
export async function vacuumImportedTables(pool: pg.Pool): Promise<void> {
  await pool.query('vacuum (analyze) store_offers, product_prices, price_history');
}

/** The store with the most active offers that carry a SKU: its offers make the feed. */
async function pickStore(pool: pg.Pool): Promise<{ id: string; slug: string; offers: number }> {
  const { rows } = await pool.query<{ id: string; slug: string; offers: number }>(`
    select s.id, s.slug, count(*)::int as offers
      from store_offers o join stores s on s.id = o.store_id
     where o.is_active and o.external_id is not null
     group by s.id, s.slug order by count(*) desc limit 1`);
  return rows[0]!;
}

const money = (kurus: number) => Math.round(kurus) / 100;

/**
 * Writes the feed: the store's offers (as the store would list them, unchanged apart from
 * `changed` of them, spread evenly, 3–7 % cheaper or dearer) and then `extra` items no product
 * matches.
 */
async function writeFeed(
  pool: pg.Pool,
  storeId: string,
  file: string,
  offers: number,
  extra: number,
  changed: number,
): Promise<number> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('{"mode":"partial","items":[\n');
  const every = changed > 0 ? Math.max(1, Math.floor(offers / changed)) : 0;
  let n = 0;
  let made = 0;
  const client = await pool.connect();
  try {
    const cursorName = 'feed_bench_offers';
    await client.query('begin');
    await client.query(
      `declare ${cursorName} cursor for
         select external_id, price, availability::text as availability, product_url
           from store_offers where store_id = $1 and is_active and external_id is not null
          order by external_id limit $2`,
      [storeId, offers],
    );
    for (;;) {
      const { rows } = await client.query<OfferRow>(`fetch 5000 from ${cursorName}`);
      if (rows.length === 0) break;
      for (const o of rows) {
        let price = o.price;
        if (every && n % every === 0 && made < changed) {
          const pct = 3 + (n % 5);
          price = Math.round(o.price * (n % 2 === 0 ? 1 - pct / 100 : 1 + pct / 100));
          made += 1;
        }
        const item = {
          sku: o.external_id,
          price: money(price),
          availability: o.availability === 'discontinued' ? 'out-of-stock' : o.availability,
          url: o.product_url,
        };
        await write(`${n ? ',\n' : ''}${JSON.stringify(item)}`);
        n += 1;
      }
    }
    await client.query('commit');
  } finally {
    client.release();
  }
  for (let i = 0; i < extra; i++) {
    const item = {
      sku: `BENCH-UNMATCHED-${i}`,
      brand: 'Bilinmeyen Marka',
      model: `BM-${i}`,
      title: `Eşleşmeyen ürün ${i}`,
      price: 100 + (i % 900),
      availability: 'in-stock',
      url: `https://magaza.example/urun/${i}`,
    };
    await write(`${n ? ',\n' : ''}${JSON.stringify(item)}`);
    n += 1;
  }
  await write('\n]}\n');
  out.end();
  await once(out, 'finish');
  return made;
}

/** The child: imports `file` for `storeId`, prints {seconds, peakRssMB, status, report} as JSON. */
async function child(databaseUrl: string, storeId: string, file: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  let peak = process.memoryUsage().rss;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const phases: Record<string, number> = {};
  const result = await importFeed(
    handle.db,
    { storeId, source: 'cli', body: createReadStream(file), maxBytes: 2 * 1024 ** 3, onProgress: sample },
    { onPhase: (phase, ms) => (phases[phase] = Math.round(ms)) },
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  clearInterval(timer);
  sample();
  // The kernel's own high-water mark of this process, in kilobytes.
  const maxRss = process.resourceUsage().maxRSS * 1024;
  await handle.close();
  console.log(
    JSON.stringify({
      seconds,
      peakRssMB: Math.round(Math.max(peak, maxRss) / 1024 / 1024),
      status: result.status,
      report: result.report,
      phasesMs: phases,
      cpuSeconds: Math.round((cpu.user + cpu.system) / 10_000) / 100,
    }),
  );
}

function runChild(databaseUrl: string, storeId: string, file: string) {
  const out = execFileSync(
    process.execPath,
    // The old-space cap of `npm run feed:import` (apps/api/package.json): the import's live heap
    // stays near 30 MB, and without a cap V8 lets garbage grow the heap to 150–190 MB.
    [
      '--max-old-space-size=160',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--child',
      databaseUrl,
      storeId,
      file,
    ],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const last = out.trim().split('\n').pop()!;
  return JSON.parse(last) as {
    seconds: number;
    peakRssMB: number;
    status: string;
    report: Record<string, unknown>;
    phasesMs: Record<string, number>;
    cpuSeconds: number;
  };
}

export async function runFeedBenchmarks(
  databaseUrl: string,
  log: (msg: string) => void,
  only?: FeedBenchResult['name'],
): Promise<FeedBenchResult[]> {
  const handle = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    // A catalog generated by an earlier release lacks the feed tables' latest migrations.
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kiyasla-feed-bench-'));
  const results: FeedBenchResult[] = [];
  try {
    await vacuumImportedTables(pool);
    const store = await pickStore(pool);
    log(`feeds: store ${store.slug} (${store.offers.toLocaleString('en-US')} offers with a SKU)`);
    const plans = [
      { name: 'throughput' as const, offers: Math.min(THROUGHPUT_ITEMS, store.offers), extra: 0 },
      { name: 'memory' as const, offers: Math.min(MEMORY_ITEMS, store.offers), extra: 0 },
    ];
    plans[0]!.extra = THROUGHPUT_ITEMS - plans[0]!.offers;
    plans[1]!.extra = MEMORY_ITEMS - plans[1]!.offers;
    for (const plan of plans) {
      if (only && plan.name !== only) continue;
      const file = path.join(dir, `${plan.name}.json`);
      const items = plan.offers + plan.extra;
      // The first import of the feed confirms the offers (as every regular pull does); the
      // measured one then carries 20 % price changes, the steady state of a daily feed.
      const unchanged = path.join(dir, `${plan.name}-confirm.json`);
      if (plan.name === 'throughput') {
        await writeFeed(pool, store.id, unchanged, plan.offers, plan.extra, 0);
        log(`feeds: ${plan.name}: confirming ${items.toLocaleString('en-US')} items…`);
        runChild(databaseUrl, store.id, unchanged);
      }
      const changed = plan.name === 'throughput' ? Math.round(items * CHANGE_SHARE) : 0;
      const made = await writeFeed(pool, store.id, file, plan.offers, plan.extra, changed);
      const fileMB = statSync(file).size / 1024 / 1024;
      log(
        `feeds: ${plan.name}: importing ${items.toLocaleString('en-US')} items (${made.toLocaleString('en-US')} price changes, ${fileMB.toFixed(0)} MB)…`,
      );
      const before = os.loadavg()[0]!;
      const run = runChild(databaseUrl, store.id, file);
      const after = os.loadavg()[0]!;
      const itemsPerSecond = Math.round(items / run.seconds);
      results.push({
        name: plan.name,
        items,
        changed: made,
        fileMB: Math.round(fileMB),
        seconds: Math.round(run.seconds * 100) / 100,
        itemsPerSecond,
        peakRssMB: run.peakRssMB,
        status: run.status,
        report: run.report,
        phasesMs: run.phasesMs,
        importerCpuSeconds: run.cpuSeconds,
        loadAverage: [before, after],
        target: FEED_TARGETS[plan.name].label,
        met:
          run.status === 'succeeded' &&
          (plan.name === 'throughput'
            ? itemsPerSecond >= FEED_TARGETS.throughput.itemsPerSecond
            : run.peakRssMB < FEED_TARGETS.memory.peakRssMB),
      });
      log(
        `feeds: ${plan.name}: ${run.seconds.toFixed(1)} s, ${itemsPerSecond.toLocaleString('en-US')} items/s, peak RSS ${run.peakRssMB} MB, ${run.status}, phases ${JSON.stringify(run.phasesMs)}, importer CPU ${run.cpuSeconds} s`,
      );
      rmSync(file, { force: true });
      rmSync(unchanged, { force: true });
    }
  } finally {
    await pool.end();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

// Only when this file is the one run: the other benchmarks import it, and their own children carry
// `--child` too (an import of this file must not start this file's child beside theirs).
const [, , role, ...rest] = process.argv;
const runDirectly = process.argv[1] === fileURLToPath(import.meta.url);
if (runDirectly && role === '--child') {
  await child(rest[0]!, rest[1]!, rest[2]!);
} else if (runDirectly) {
  const url = role ?? process.env.DATABASE_URL;
  if (!url) throw new Error('Kullanım: npx tsx bench/src/feed-import.ts <DATABASE_URL>');
  const only = rest[0] === 'throughput' || rest[0] === 'memory' ? rest[0] : undefined;
  console.log(JSON.stringify(await runFeedBenchmarks(url, (m) => console.log(`[bench] ${m}`), only), null, 2));
}
