/**
 * `npm run bench` — the benchmark suite (see README "Benchmarks" and
 * docs/decisions/005-benchmarks.md).
 *
 *   npm run bench                      full run: 1,000,000 products, 15-s scenarios, Lighthouse ×4
 *                                      pages, median of 3 runs each (--lighthouse-runs N)
 *   npm run bench -- --quick           smoke: 20,000 products, 5-s scenarios, Lighthouse on home
 *   npm run bench -- --products 100000 --duration 10 --only detail,listing
 *   npm run bench -- --workers 2       the servers as two processes (WORKERS=2, ADR 001)
 *
 * DATABASE_URL: an empty database (or one this suite filled before, which is reused when the
 * size matches). Unset: a throwaway PostgreSQL 15 cluster is started and removed afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { LISTING_PAGE_SIZE } from '@kiyasla/contracts/constants';
import { setPublicReadCaching } from '../../apps/api/src/lib/public-read-cache';
import { listingQueryBase, listingQuerySchema, searchSortSchema } from '@kiyasla/contracts/listing';
import { getProductDetail, listProducts } from '../../apps/api/src/modules/products/products.service';
import { searchProducts, suggest } from '../../apps/api/src/modules/search/search.service';
import { discoverColdCatalog, evenSample, facetDraws, listingDraws, searchQueries, type ListingDraw } from './cold';
import type { ChurnResult } from './price-churn';
import { measureInitialJs, type PageBundle } from './bundles';
import { runFeedBenchmarks, vacuumImportedTables, type FeedBenchResult } from './feed-import';
import { runAlertBenchmarks, type AlertBenchResult } from './alerts';
import { BENCH_PASSWORD, catalogSize, ensureCatalog, type GenerateResult } from './generate/generate';
import type { LighthousePageResult } from './lighthouse-worker';
import type { LoadRequest, LoadResult, LoadSpec } from './load-worker';
import type { FloorSpec } from './detail-floor';
import { capturingDatabase, runPgbench, toPgbenchScript, type CapturedQuery, type PgbenchResult } from './raw-sql';
import { printReport, type ScenarioReport, type BenchReport } from './report';
import { meminfo, warmPageCache } from './page-cache';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const benchDir = path.join(root, 'bench');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    products: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    regenerate: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    'generate-only': { type: 'boolean', default: false },
    /** Directory for a V8 CPU profile of the server (written when the server stops). */
    'cpu-prof': { type: 'string' },
    'skip-lighthouse': { type: 'boolean', default: false },
    /** Leave the OS page cache as the machine has it instead of reading the database into it first. */
    'skip-warm': { type: 'boolean', default: false },
    /** Lighthouse runs per page; the run with the median performance score is reported. */
    'lighthouse-runs': { type: 'string' },
    'skip-pgbench': { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'warn' },
    /** Server processes (the server's WORKERS, ADR 001); each builds its own listing index. */
    workers: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
  strict: true,
});

const quick = args.quick;
const config = {
  products: Number(args.products ?? (quick ? 20_000 : 1_000_000)),
  duration: Number(args.duration ?? (quick ? 5 : 15)),
  warmup: Number(args.warmup ?? (quick ? 2 : 5)),
  connections: Number(args.connections),
  workers: Math.max(1, Math.floor(Number(args.workers)) || 1),
  only: args.only ? new Set(args.only.split(',')) : null,
  lighthousePages: args['skip-lighthouse'] ? [] : quick ? ['home'] : ['home', 'category', 'product', 'search'],
  // Simulated throttling multiplies the main-thread time Lighthouse observes, so one run on a
  // shared machine can be off by 20 points; Lighthouse's own guidance is the median of several.
  lighthouseRuns: Math.max(1, Number(args['lighthouse-runs'] ?? (quick ? 1 : 3))),
};

const log = (msg: string) => console.log(`[bench] ${msg}`);
const cleanups: (() => Promise<void> | void)[] = [];

async function cleanup() {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error('[bench] cleanup:', err instanceof Error ? err.message : err);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Infrastructure: PostgreSQL, the build, the server

function startCluster(): string {
  const script = path.join(root, 'scripts', 'ci', 'pg-cluster.sh');
  const out = spawnSync('bash', [script, 'start', '--bench'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`PostgreSQL could not start:\n${out.stderr}`);
  const env = Object.fromEntries(
    [...out.stdout.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!] as const),
  ) as Record<string, string>;
  const dir = env.PG_TMP!;
  cleanups.push(() => {
    spawnSync('bash', [script, 'stop', dir]);
  });
  return env.TEST_DATABASE_URL!;
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Same rule as `npm start`: build when there is no build or the sources are newer. */
function ensureBuild() {
  const outputs = ['apps/web/build/server/index.js', 'apps/api/dist/server.js'].map((p) => path.join(root, p));
  const sources = ['apps/web/app', 'apps/web/public', 'apps/api/src', 'packages/contracts/src'].map((p) =>
    path.join(root, p),
  );
  const builtAt = Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)));
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt > 0 && changedAt <= builtAt) return;
  log(builtAt === 0 ? 'no build: npm run build…' : 'sources changed since the last build: npm run build…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('npm run build failed');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The pid of the server behind each base URL: a row's CPU split names its time (bench/src/cpu-split.ts). */
const serverPids = new Map<string, number>();

async function startServer(
  databaseUrl: string,
  workDir: string,
  extraEnv: Record<string, string> = {},
  name = 'server',
): Promise<{ baseUrl: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const logFile = path.join(workDir, `${name}.log`);
  const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : [];
  const child = spawn(process.execPath, [...profile, path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(workDir, 'data'),
      SEED_DEMO: 'false',
      LOG_LEVEL: args['log-level'],
      WORKERS: String(config.workers),
      // The load comes from one IP: the per-IP limits would turn the benchmark into a 429 test.
      RATE_LIMIT_MAX: '1000000000',
      AUTH_RATE_LIMIT_MAX: '1000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => chunks.push(d.toString()));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    writeFileSync(logFile, chunks.join(''));
    mkdirSync(path.join(benchDir, 'results'), { recursive: true });
    writeFileSync(path.join(benchDir, 'results', `last-${name}.log`), chunks.join('').slice(-1_000_000));
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      // Graceful shutdown finishes requests and flushes buffers (and writes a CPU profile).
      for (let i = 0; i < 50 && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  };
  cleanups.push(stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  if (child.pid) serverPids.set(baseUrl, child.pid);
  // Migrations may build indexes on a million rows: allow a long start.
  const deadline = Date.now() + 20 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${chunks.join('').slice(-3000)}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        if ((extraEnv.LISTING_INDEX ?? process.env.LISTING_INDEX) !== 'false')
          await listingIndexBuilt(name, chunks, deadline);
        if ((extraEnv.SEARCH_INDEX ?? process.env.SEARCH_INDEX) !== 'false')
          await wordIndexBuilt(name, chunks, deadline);
        return { baseUrl, child, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not become healthy');
}

/** How long each server's listing index took to build at its start (server.ts logs it). */
const listingIndexBuilds: Record<string, { products: number; categories: number; ms: number }> = {};

/**
 * Waits for the server's listing index (ADR 005) to be built: like a database index, it is there
 * before the load begins (until then SQL answers, which would measure the start, not the server).
 * With several processes (WORKERS) each builds its own: the wait is for all of them.
 */
async function listingIndexBuilt(name: string, chunks: string[], deadline: number): Promise<void> {
  const line = /listing index: (\d+) products of (\d+) categories in (\d+) ms/g;
  const processes = config.workers;
  while (Date.now() < deadline) {
    const found = [...chunks.join('').matchAll(line)];
    if (found.length >= processes) {
      const last = found[found.length - 1]!;
      listingIndexBuilds[name] = { products: Number(last[1]), categories: Number(last[2]), ms: Number(last[3]) };
      log(
        `${name}: listing index of ${last[1]} products (${last[2]} categories) built in ${last[3]} ms` +
          (processes > 1 ? ` (the last of ${processes} processes)` : ''),
      );
      return;
    }
    if (/listing index: prewarm failed/.test(chunks.join(''))) throw new Error('listing index: prewarm failed');
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the listing index was not built in time');
}

/** How long each server's word index took to build at its start (server.ts logs it). */
const wordIndexBuilds: Record<string, { products: number; words: number; ms: number }> = {};

/** Waits for the server's word index (ADR 006) to be built, as for the listing index. */
async function wordIndexBuilt(name: string, chunks: string[], deadline: number): Promise<void> {
  const line = /search index: (\d+) products, (\d+) words in (\d+) ms/g;
  while (Date.now() < deadline) {
    const found = [...chunks.join('').matchAll(line)];
    if (found.length >= config.workers) {
      const last = found[found.length - 1]!;
      wordIndexBuilds[name] = { products: Number(last[1]), words: Number(last[2]), ms: Number(last[3]) };
      log(`${name}: word index of ${last[1]} products (${last[2]} words) built in ${last[3]} ms`);
      return;
    }
    if (/search index: (prewarm failed|the catalog changed)/.test(chunks.join(''))) {
      throw new Error('search index: not built at start');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the word index was not built in time');
}

// ---------------------------------------------------------------------------------------------
// Load runs

function runLoad(spec: LoadSpec, workDir: string, name: string): Promise<LoadResult> {
  const file = path.join(workDir, `load-${name}.json`);
  writeFileSync(file, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'src', 'load-worker.ts'), file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // Every load loop is bounded: the worker's own duration plus a generous margin.
    const killer = setTimeout(() => child.kill('SIGKILL'), (spec.warmupSeconds + spec.durationSeconds + 60) * 1000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      const line = out.trim().split('\n').at(-1);
      if (code === 0 && line) resolve(JSON.parse(line) as LoadResult);
      else reject(new Error(`load worker ${name} exited ${code}: ${err.slice(-2000)}`));
    });
  });
}

/** The run with the median performance score (errored runs only when every run errored). */
export function medianRun(runs: LighthousePageResult[]): LighthousePageResult & { runs: number[] } {
  const scored = runs.filter((r) => !r.error && typeof r.scores.performance === 'number');
  const pool = scored.length ? scored : runs;
  const sorted = [...pool].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, runs: sorted.map((r) => r.scores.performance ?? 0) };
}

function runLighthouse(urls: string[]): Promise<LighthousePageResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(benchDir, 'src', 'lighthouse-worker.ts'), ...urls],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000 * Math.max(1, urls.length));
    child.on('exit', (code) => {
      clearTimeout(killer);
      const line = out.trim().split('\n').at(-1);
      if (code === 0 && line) resolve(JSON.parse(line) as LighthousePageResult[]);
      else reject(new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// What the scenarios request

/** Realistic queries: Turkish letters, ASCII spellings of them, and typos. */
const SEARCH_QUERIES = [
  'iphone 17 pro',
  'samsung galaxy',
  'kulaklık',
  'kablosuz kulaklik',
  'çamaşır makinesi',
  'buzdolabı',
  'oyuncu laptop',
  'televizyon',
  'lego',
  'koşu ayakkabısı',
  'samsnug',
  'iphnoe 16',
  'bulaşık makinası',
  'akıllı saat',
  'powerbank',
  'xiaomi redmi',
  'sony kulaklık',
  'macbook air',
  'gaming mouse',
  'şarj aleti',
];

function keystrokes(queries: string[]): string[] {
  return queries.flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)).filter((p) => p.trim()));
}

interface Discovery {
  sampleIds: string[];
  bigCategory: { id: string; slug: string; n: number };
  facetCategory: { id: string; slug: string; n: number };
  categories: { slug: string; parentSlug: string | null }[];
  listingParams: { brands: string[]; storage: string; total: number }[];
  users: { email: string; id: string }[];
  toggleProducts: string[];
}

async function discover(databaseUrl: string): Promise<Discovery> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const sample = await pool.query<{ id: string }>('select id from bench.sample_products order by n');
    const cats = await pool.query<{ id: string; slug: string; n: string }>(
      `select c.id, c.slug, count(*) as n from products p join categories c on c.id = p.category_id
        where p.is_active group by c.id, c.slug order by n desc`,
    );
    const top = cats.rows.map((r) => ({ id: r.id, slug: r.slug, n: Number(r.n) }));
    const big = top[0]!;
    const wantFacet = config.products / 10;
    const facet = [...top].sort((a, b) => Math.abs(a.n - wantFacet) - Math.abs(b.n - wantFacet))[0]!;
    const brands = await pool.query<{ brand: string }>(
      `select brand from products where category_id = $1 and is_active group by brand order by count(*) desc limit 4`,
      [big.id],
    );
    const pairs = [brands.rows.slice(0, 2), brands.rows.slice(2, 4)].map((p) => p.map((b) => b.brand));
    const listingParams: Discovery['listingParams'] = [];
    for (const pair of pairs) {
      const storages = await pool.query<{ v: string; n: string }>(
        `select specifications->>'storage' as v, count(*) as n from products
          where category_id = $1 and is_active and brand = any($2) and specifications ? 'storage'
          group by 1 order by 2 desc limit 2`,
        [big.id, pair],
      );
      for (const s of storages.rows) {
        if (Number(s.n) > 4 * LISTING_PAGE_SIZE) listingParams.push({ brands: pair, storage: s.v, total: Number(s.n) });
      }
    }
    const allCats = await pool.query<{ slug: string; parent_slug: string | null }>(
      `select c.slug, p.slug as parent_slug from categories c left join categories p on p.id = c.parent_id
        where c.is_active order by c.sort_order, c.slug`,
    );
    const users = await pool.query<{ email: string; id: string }>(
      `select email, id from users where email like 'bench%@kiyasla.test'
        order by (substring(email from 6 for position('@' in email) - 6))::int limit $1`,
      [config.connections],
    );
    const toggle = await pool.query<{ id: string }>(
      `select s.id from bench.sample_products s
        where not exists (select 1 from favorites f where f.product_id = s.id and f.user_id = any($1::uuid[]))
        order by s.n desc limit 6`,
      [users.rows.map((u) => u.id)],
    );
    return {
      sampleIds: sample.rows.map((r) => r.id),
      bigCategory: big,
      facetCategory: facet,
      categories: allCats.rows.map((r) => ({ slug: r.slug, parentSlug: r.parent_slug })),
      listingParams,
      users: users.rows,
      toggleProducts: toggle.rows.map((r) => r.id),
    };
  } finally {
    await pool.end();
  }
}

function listingPath(slug: string, p: Discovery['listingParams'][number]): string {
  const q = new URLSearchParams();
  for (const b of p.brands) q.append('brand', b);
  q.append('spec', `storage:${p.storage}`);
  q.append('sort', 'price-low');
  q.append('page', '5');
  return `/api/categories/${slug}/products?${q}`;
}

/** A public read cache's counts: lookups by outcome, entries by what a change did to them. */
type CacheCounts = Record<string, { hit: number; stale: number; miss: number; dropped: number; bounded: number }>;

/**
 * The server's metrics page (GET /metrics, loopback), read once before and once after each row and
 * parsed for the caches' and the indexes' counts. Undefined when the server does not answer it.
 */
async function readMetrics(baseUrl: string): Promise<string | undefined> {
  try {
    const res = await fetch(`${baseUrl}/metrics`);
    return res.ok ? await res.text() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The public read caches' counters in a metrics page. Undefined when it has none (a build older
 * than the counters), so a row reports them only where they exist.
 */
function cacheCounts(text: string | undefined): CacheCounts | undefined {
  if (text === undefined) return undefined;
  const counts: CacheCounts = {};
  const line = /^kiyasla_read_cache_(lookups|invalidations)_total\{([^}]*)\} (\d+)/gm;
  for (const m of text.matchAll(line)) {
    const labels = Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1]!, l[2]!]));
    const key = (m[1] === 'lookups' ? labels.outcome : labels.effect) as keyof CacheCounts[string] | undefined;
    if (!labels.cache || !key) continue;
    const c = (counts[labels.cache] ??= { hit: 0, stale: 0, miss: 0, dropped: 0, bounded: 0 });
    c[key] += Number(m[3]);
  }
  return Object.keys(counts).length ? counts : undefined;
}

/**
 * The server's counts of what its indexes read again (GET /metrics): the listing index's products
 * reread by change time, the word index's builds and its checks that found nothing changed.
 */
type IndexCounts = { listingRereads: number; wordBuilds: number; wordUnchanged: number };

function indexCounts(text: string | undefined): IndexCounts | undefined {
  if (text === undefined) return undefined;
  // A series carries the app's default labels (`{app="kiyasla"}`).
  const gauge = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  const counts = {
    listingRereads: gauge('kiyasla_listing_index_rereads'),
    wordBuilds: gauge('kiyasla_word_index_builds'),
    wordUnchanged: gauge('kiyasla_word_index_unchanged'),
  };
  return Object.values(counts).some(Number.isNaN) ? undefined : counts;
}

function cacheDelta(before: CacheCounts | undefined, after: CacheCounts | undefined): CacheCounts | undefined {
  if (!before || !after) return undefined;
  const delta: CacheCounts = {};
  for (const [name, a] of Object.entries(after)) {
    const b = before[name] ?? { hit: 0, stale: 0, miss: 0, dropped: 0, bounded: 0 };
    delta[name] = {
      hit: a.hit - b.hit,
      stale: a.stale - b.stale,
      miss: a.miss - b.miss,
      dropped: a.dropped - b.dropped,
      bounded: a.bounded - b.bounded,
    };
  }
  return delta;
}

async function login(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string }; message?: string };
  if (!res.ok || !body.data?.token) throw new Error(`login ${email}: HTTP ${res.status} ${body.message ?? ''}`);
  return body.data.token;
}

interface FavoriteRoutes {
  check?: (id: string) => string;
  add?: (id: string) => { method: 'POST' | 'PUT'; path: string; body?: string };
  remove?: (id: string) => { method: 'DELETE'; path: string };
}

/** The favorites module is being written in parallel: use what the running API documents. */
async function favoriteRoutes(baseUrl: string): Promise<FavoriteRoutes> {
  const res = await fetch(`${baseUrl}/api/docs/json`);
  if (!res.ok) return {};
  const doc = (await res.json()) as { paths?: Record<string, Record<string, unknown>> };
  const paths = doc.paths ?? {};
  const found: FavoriteRoutes = {};
  const param = (p: string) => /\{(\w+)\}/.exec(p)?.[0] ?? '';
  for (const [p, ops] of Object.entries(paths)) {
    if (!p.startsWith('/api/favorites')) continue;
    const withId = (id: string) => p.replace(param(p), id);
    if (/\/check\/\{\w+\}$/.test(p) && ops.get) found.check = withId;
    else if (/^\/api\/favorites\/\{\w+\}$/.test(p)) {
      if (ops.delete) found.remove = (id) => ({ method: 'DELETE', path: withId(id) });
      if (ops.post) found.add ??= (id) => ({ method: 'POST', path: withId(id) });
      if (ops.put) found.add ??= (id) => ({ method: 'PUT', path: withId(id) });
    } else if (p === '/api/favorites' && ops.post) {
      found.add = (id) => ({ method: 'POST', path: p, body: JSON.stringify({ productId: id }) });
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Targets

interface Target {
  p95?: number;
  ratio?: number;
  rps?: number;
  label: string;
}

const TARGETS: Record<string, Target> = {
  detail: { p95: 10, ratio: 0.5, label: 'p95 ≤ 10 ms, API÷SQL ≥ 0.5' },
  listing: { p95: 25, label: 'p95 ≤ 25 ms' },
  facets: { p95: 50, label: 'p95 ≤ 50 ms' },
  search: { p95: 40, label: 'p95 ≤ 40 ms' },
  suggestions: { p95: 15, label: 'p95 ≤ 15 ms' },
  'detail-popular': { label: 'report only' },
  'favorites-check': { label: '—' },
  mixed: { rps: 1500, label: '≥ 1500 req/s, 0 errors' },
  // Issue 16: the public read caches off (a cache miss per request), a long tail of requests.
  'cold-listing': { p95: 50, label: 'p95 ≤ 50 ms' },
  'cold-facets': { p95: 100, label: 'p95 ≤ 100 ms' },
  'cold-search': { p95: 50, label: 'p95 ≤ 50 ms' },
  'cold-detail': { ratio: 0.5, label: 'API÷SQL ≥ 0.5' },
  'detail-floor': { label: 'report only' },
  'mixed-churn': { rps: 1500, p95: 50, label: '≥ 1500 req/s, p95 ≤ 50 ms, 0 errors' },
  'mixed-churn-site': { rps: 1500, p95: 50, label: '≥ 1500 req/s, p95 ≤ 50 ms, 0 errors' },
};

function judge(name: string, r: LoadResult, ratio: number | null): boolean | null {
  const t = TARGETS[name];
  if (!t || (!t.p95 && !t.rps && !t.ratio)) return null;
  const errors = r.errors + r.non2xx + r.timeouts;
  if (errors > 0) return false;
  if (t.p95 !== undefined && r.p95 > t.p95) return false;
  if (t.ratio !== undefined && (ratio === null || ratio < t.ratio)) return false;
  if (t.rps !== undefined && r.rps < t.rps) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Issue 16: the cache-miss rows (a second server with PUBLIC_READ_CACHE=false) and the mixed load
// beside a price churn

interface ColdScenario {
  name: string;
  title: string;
  spec?: LoadSpec;
  skipped?: string;
}

const COLD_ROWS = ['cold-listing', 'cold-facets', 'cold-search', 'cold-detail', 'detail-floor'];
/** The rows that run the product page's statement per request: one raw-SQL twin, `detail`'s. */
const DETAIL_TWIN_ROWS = new Set(['detail', 'detail-popular', 'cold-detail', 'detail-floor']);
/** Distinct URLs of the listing row and queries of the search row (the issue asks ≥ 5,000 and ≥ 1,000). */
const COLD_LISTING_URLS = 6_000;
const COLD_SEARCH_QUERIES = 1_200;
const COLD_FACET_URLS = 200;
/** Scripts per raw-SQL twin (pgbench takes at most 128). */
const TWIN_SCRIPTS = 100;
/** Offer prices changed per second beside the mixed load. */
const CHURN_RATE = 1_000;
/**
 * The warm-up of the rows under churn: one TTL of the public read caches (30 s, ADR 010), so the
 * measured window finds them as continuous traffic keeps them. In a full run these rows follow
 * the cold rows, six minutes in which the server with caches on sees no request, so its caches
 * are empty; after a 5-s warm-up the window was still filling them (4,000–4,500 product pages
 * missed, against 60–80 right after the mixed row), and the row measured a server's first minute
 * rather than a site under load (ADR 005, 2026-12-03 night).
 */
const CHURN_WARMUP_SECONDS = 30;

function runChurn(databaseUrl: string, seconds: number): Promise<ChurnResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(benchDir, 'src', 'price-churn.ts'),
        databaseUrl,
        String(CHURN_RATE),
        String(seconds),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), (seconds + 120) * 1000);
    child.on('exit', (code) => {
      clearTimeout(killer);
      const line = out.trim().split('\n').at(-1);
      if (code === 0 && line) resolve(JSON.parse(line) as ChurnResult);
      else reject(new Error(`price churn exited ${code}: ${err.slice(-2000)}`));
    });
  });
}

/**
 * The floor server of the `detail-floor` row (bench/src/detail-floor.ts) in its own process, with
 * the captured statement; the parameter equal to the captured product id carries each request's.
 */
async function startFloor(
  databaseUrl: string,
  workDir: string,
  statement: CapturedQuery,
  capturedId: string,
  connections: number,
): Promise<{ baseUrl: string; stop: () => void }> {
  const idParam = statement.params.indexOf(capturedId);
  if (idParam < 0) throw new Error('the captured statement does not carry the product id as a parameter');
  const file = path.join(workDir, 'detail-floor.json');
  const spec: FloorSpec = { databaseUrl, connections, sql: statement.sql, params: statement.params, idParam };
  writeFileSync(file, JSON.stringify(spec));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'src', 'detail-floor.ts'), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the floor server did not listen within 30 s'));
    }, 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the floor server exited ${code}`));
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  if (child.pid) serverPids.set(baseUrl, child.pid);
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

async function runColdScenarios(opts: {
  databaseUrl: string;
  workDir: string;
  baseUrl: string;
  want: (name: string) => boolean;
  base: Omit<LoadSpec, 'mode' | 'requests'>;
  ids: string[];
  detailStatement: CapturedQuery | undefined;
  mixedSpec: LoadSpec | undefined;
  searchExtra: readonly string[];
  raw: Map<string, PgbenchResult>;
  rawJobs: Record<string, () => Promise<PgbenchResult>>;
  rawNotes: Record<string, string>;
  measure: (s: ColdScenario, extra?: Partial<ScenarioReport>, during?: () => Promise<void>) => Promise<void>;
  reports: ScenarioReport[];
  /** Signs the bench users in again: access tokens expire during a long run. */
  signIn: () => Promise<string[]>;
}): Promise<Record<string, unknown>> {
  const { databaseUrl, workDir, want } = opts;
  const rows = COLD_ROWS.filter(want);
  const discovered: Record<string, unknown> = {};
  if (rows.length) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const catalog = await discoverColdCatalog(pool, config.products).finally(() => pool.end());
    const listings = listingDraws(catalog, COLD_LISTING_URLS);
    const facetCategory = [...catalog.categories].sort((a, b) => b.n - a.n)[0]!;
    const facets = facetDraws(facetCategory, COLD_FACET_URLS);
    const queries = searchQueries(catalog, COLD_SEARCH_QUERIES, opts.searchExtra);
    discovered.cold = {
      categories: catalog.categories.length,
      listingUrls: listings.length,
      listingSample: listings.slice(0, 20).map((l) => l.path),
      facetCategory: { slug: facetCategory.slug, n: facetCategory.n },
      facetUrls: facets.length,
      searchQueries: queries.length,
      searchSample: queries.slice(0, 60),
    };
    log(
      `cold rows: ${listings.length} listing URLs over ${catalog.categories.length} categories, ` +
        `${facets.length} facet URLs of ${facetCategory.slug} (~${facetCategory.n}), ${queries.length} search queries`,
    );

    // The raw-SQL twins: an even sample of the same requests, captured from the API's functions.
    if (!args['skip-pgbench']) {
      const cap = capturingDatabase(databaseUrl);
      setPublicReadCaching(false);
      const twin = (name: string, scripts: string[], note: string) => {
        opts.rawNotes[name] = note;
        opts.rawJobs[name] = () =>
          runPgbench({
            databaseUrl,
            dir: workDir,
            name,
            scripts,
            clients: config.connections,
            warmupSeconds: config.warmup,
            seconds: config.duration,
          });
      };
      const listingScript = (d: ListingDraw) =>
        cap.capture((db) => listProducts(db, d.scope, listingQuerySchema.parse(d.query)));
      try {
        if (want('cold-listing')) {
          const sample = evenSample(listings, TWIN_SCRIPTS);
          const scripts: string[] = [];
          for (const d of sample) scripts.push(toPgbenchScript(await listingScript(d)));
          twin('cold-listing', scripts, `pgbench replays ${scripts.length} of the ${listings.length} URLs`);
        }
        if (want('cold-facets')) {
          const sample = evenSample(facets, TWIN_SCRIPTS);
          const scripts: string[] = [];
          for (const d of sample) scripts.push(toPgbenchScript(await listingScript(d)));
          twin('cold-facets', scripts, `pgbench replays ${scripts.length} of the ${facets.length} URLs`);
        }
        if (want('cold-search')) {
          const schema = listingQueryBase.extend({ sort: searchSortSchema });
          const scripts: string[] = [];
          for (const q of evenSample(queries, TWIN_SCRIPTS)) {
            const sqls = await cap.capture((db) => searchProducts(db, q, schema.parse({})));
            if (sqls.length) scripts.push(toPgbenchScript(sqls));
          }
          twin('cold-search', scripts, `pgbench replays ${scripts.length} of the ${queries.length} queries`);
        }
      } finally {
        await cap.close();
      }
    }

    const cold = await startServer(databaseUrl, workDir, { PUBLIC_READ_CACHE: 'false' }, 'server-cold');
    const base = { ...opts.base, baseUrl: cold.baseUrl };
    const floor =
      want('detail-floor') && opts.detailStatement
        ? await startFloor(databaseUrl, workDir, opts.detailStatement, opts.ids[0]!, base.connections).catch(
            (err: unknown) => {
              log(`detail-floor: ${err instanceof Error ? err.message : String(err)}`);
              return undefined;
            },
          )
        : undefined;
    const scenarios: ColdScenario[] = [
      {
        name: 'cold-listing',
        title: `listing, caches off: ${listings.length} filter combinations`,
        spec: { ...base, mode: 'random', requests: listings.map((l) => ({ path: l.path })) },
      },
      {
        name: 'cold-facets',
        title: `facets, caches off: ${facetCategory.slug} (${Math.round(facetCategory.n / 1000)}k), 0–2 filters`,
        spec: { ...base, mode: 'random', requests: facets.map((l) => ({ path: l.path })) },
      },
      {
        name: 'cold-search',
        title: `search, caches off: ${queries.length} queries`,
        spec: {
          ...base,
          mode: 'random',
          requests: queries.map((q) => ({ path: `/api/search?q=${encodeURIComponent(q)}` })),
        },
      },
      {
        name: 'cold-detail',
        title: 'product detail, caches off (uniform)',
        spec: { ...base, mode: 'random', requests: opts.ids.map((id) => ({ path: `/api/products/${id}` })) },
      },
      {
        name: 'detail-floor',
        title: 'product detail, the floor: same statement, bare node:http + JSON.stringify + gzip',
        ...(floor
          ? {
              spec: {
                ...base,
                baseUrl: floor.baseUrl,
                mode: 'random',
                requests: opts.ids.map((id) => ({ path: `/p/${id}` })),
              },
            }
          : {
              skipped: opts.detailStatement
                ? 'the floor server did not start'
                : 'needs the product page statement captured for pgbench (not with --skip-pgbench)',
            }),
      },
    ];
    try {
      for (const s of scenarios) if (want(s.name)) await opts.measure(s);
    } finally {
      await cold.stop();
      floor?.stop();
    }
  }

  /**
   * The mixed load as the site asks it: its category and search pages ask for the filter panel's
   * facets too (apps/web's listing and search loaders), so their cache entries depend on the
   * prices of products they do not show (ADR 010, 2026-12-01 amendment).
   */
  const withFacets = (spec: LoadSpec): LoadSpec => ({
    ...spec,
    requests: spec.requests.map((r) =>
      r.kind === 'listing' || r.kind === 'search'
        ? { ...r, path: `${r.path}${r.path.includes('?') ? '&' : '?'}facets=true` }
        : r,
    ),
  });
  const churnRows = [
    { name: 'mixed-churn', title: 'mixed signed-in (80/15/5)', site: false },
    { name: 'mixed-churn-site', title: 'mixed signed-in (80/15/5) as the site asks (facets)', site: true },
  ];
  for (const churnRow of churnRows) {
    if (!want(churnRow.name) || !opts.mixedSpec) continue;
    let churn: ChurnResult | undefined;
    let churnError: string | undefined;
    const warmupSeconds = Math.max(config.warmup, quick ? 0 : CHURN_WARMUP_SECONDS);
    const seconds = warmupSeconds + config.duration + 2;
    const spec = churnRow.site ? withFacets(opts.mixedSpec) : opts.mixedSpec;
    await opts.measure(
      {
        name: churnRow.name,
        title: `${churnRow.title}, caches on, ${CHURN_RATE.toLocaleString('en')} prices/s changing`,
        spec: { ...spec, warmupSeconds, baseUrl: opts.baseUrl, tokens: await opts.signIn() },
      },
      {},
      async () => {
        try {
          churn = await runChurn(databaseUrl, seconds);
        } catch (err) {
          churnError = err instanceof Error ? err.message.slice(0, 500) : String(err);
        }
      },
    );
    const row = opts.reports.at(-1);
    if (row) {
      row.churn = churn;
      row.note =
        `price churn: ${churn ? `${churn.changes.toLocaleString('en')} offer prices in ${churn.seconds.toFixed(1)} s (${churn.rate.toFixed(0)}/s), transaction p50 ${churn.tickP50.toFixed(1)} ms / p95 ${churn.tickP95.toFixed(1)} ms, ${churn.errors} failed` : `failed: ${churnError}`}` +
        `; requests by kind: ${JSON.stringify(row.result?.kinds ?? {})}`;
      if (!churn || churn.errors > 0 || churn.rate < CHURN_RATE * 0.9) row.met = false;
    }
  }
  discovered.listingIndex = listingIndexBuilds;
  discovered.wordIndex = wordIndexBuilds;
  return discovered;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'kiyasla-bench-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  log(
    `${quick ? 'quick' : 'full'} run: ${config.products.toLocaleString('en')} products, ${config.connections} connections, ` +
      `${config.warmup}s warm-up + ${config.duration}s per scenario`,
  );

  let databaseUrl = process.env.DATABASE_URL;
  let clusterStarted = false;
  if (!databaseUrl) {
    log('DATABASE_URL unset: starting a throwaway PostgreSQL 15 cluster (scripts/ci/pg-cluster.sh start --bench)');
    databaseUrl = startCluster();
    clusterStarted = true;
  }

  const buildStarted = Date.now();
  if (!args['skip-build']) ensureBuild();
  const buildSeconds = (Date.now() - buildStarted) / 1000;

  log('catalog:');
  const generation: GenerateResult = await ensureCatalog(databaseUrl, catalogSize(config.products), {
    regenerate: args.regenerate,
    log,
  });
  for (const s of generation.steps) log(`  ${s.step}: ${s.seconds.toFixed(1)} s`);
  log(`  rows: ${JSON.stringify(generation.counts)}`);

  if (args['generate-only']) return;

  // Every run starts from the same database: the price tables vacuumed (the mix under churn and the
  // feed and alert runs of earlier runs leave dead offers), then read into the page cache.
  const vacuumPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  await vacuumImportedTables(vacuumPool).finally(() => vacuumPool.end());
  const pageCache = await warmPageCache(databaseUrl, log, args['skip-warm'] ? { skip: '--skip-warm' } : {});

  const { baseUrl, stop: stopServer } = await startServer(databaseUrl, workDir);
  log(`server: ${baseUrl}`);
  const d = await discover(databaseUrl);
  const favorites = await favoriteRoutes(baseUrl);
  const tokens: string[] = [];
  for (const u of d.users) tokens.push(await login(baseUrl, u.email));
  log(
    `listing: /categories/${d.bigCategory.slug} (${d.bigCategory.n} products), ${d.listingParams.length} filter sets; ` +
      `facets: /categories/${d.facetCategory.slug} (${d.facetCategory.n} products)`,
  );

  const want = (name: string) => !config.only || config.only.has(name);
  const ids = d.sampleIds;
  const detailRequests: LoadRequest[] = ids.map((id) => ({ path: `/api/products/${id}` }));
  const listingRequests: LoadRequest[] = d.listingParams.map((p) => ({ path: listingPath(d.bigCategory.slug, p) }));
  const searchRequests: LoadRequest[] = SEARCH_QUERIES.map((q) => ({ path: `/api/search?q=${encodeURIComponent(q)}` }));
  const prefixes = keystrokes(SEARCH_QUERIES);
  const base = {
    baseUrl,
    connections: config.connections,
    warmupSeconds: config.warmup,
    durationSeconds: config.duration,
  };

  const scenarios: { name: string; title: string; spec?: LoadSpec; skipped?: string }[] = [
    { name: 'detail', title: 'product detail', spec: { ...base, mode: 'random', requests: detailRequests } },
    {
      // The same 20,000 products, requested the way shoppers do: a few pages take most views
      // (Zipf, s = 1: the top 1 % of ids draw about half the requests). Report only — the
      // target is judged on the uniform draw above, where most requests miss the page cache.
      name: 'detail-popular',
      title: 'product detail, popularity-skewed (Zipf)',
      spec: {
        ...base,
        mode: 'random',
        requests: detailRequests.map((r, rank) => ({ ...r, weight: 1 / (rank + 1) })),
      },
    },
    {
      name: 'listing',
      title: 'listing: 2 brands + spec + sort + page 5',
      ...(listingRequests.length
        ? { spec: { ...base, mode: 'random', requests: listingRequests } }
        : { skipped: 'no filter combination with a page 5' }),
    },
    {
      name: 'facets',
      title: `facets: ${d.facetCategory.slug} (${Math.round(d.facetCategory.n / 1000)}k)`,
      spec: {
        ...base,
        mode: 'random',
        requests: [{ path: `/api/categories/${d.facetCategory.slug}/products?facets=true&limit=20` }],
      },
    },
    { name: 'search', title: 'search', spec: { ...base, mode: 'sequence', requests: searchRequests } },
    {
      name: 'suggestions',
      title: 'suggestions per keystroke',
      spec: {
        ...base,
        mode: 'sequence',
        requests: prefixes.map((p) => ({ path: `/api/search/suggestions?q=${encodeURIComponent(p)}` })),
      },
    },
    {
      name: 'favorites-check',
      title: 'favorites check (signed in)',
      ...(favorites.check
        ? {
            spec: {
              ...base,
              mode: 'random',
              tokens,
              requests: ids.slice(0, 5000).map((id) => ({ path: favorites.check!(id) })),
            },
          }
        : { skipped: 'GET /api/favorites/check/:productId is not in this build yet' }),
    },
  ];

  // Mixed signed-in workload: browse 80% (detail 40, listings 25, home calls 15), search 15%, writes 5%.
  const categoryPages = d.categories.flatMap((c) =>
    [1, 2, 3].map((page) => ({
      path: c.parentSlug
        ? `/api/categories/${c.slug}/products?parent=${c.parentSlug}&page=${page}`
        : `/api/categories/${c.slug}/products?page=${page}`,
    })),
  );
  const spread = (items: { path: string }[], weight: number, kind: string): LoadRequest[] =>
    items.map((i) => ({ ...i, weight: weight / items.length, kind }));
  const writeOps = d.toggleProducts.map((id): LoadRequest => {
    if (favorites.add && favorites.remove) {
      return {
        path: '',
        kind: 'write',
        weight: 5 / d.toggleProducts.length,
        toggle: [favorites.add(id), favorites.remove(id)],
      };
    }
    const put = (on: boolean) => ({
      method: 'PUT' as const,
      path: '/api/auth/notification-settings',
      body: JSON.stringify({ newsletter: on }),
    });
    return { path: '', kind: 'write', weight: 5 / d.toggleProducts.length, toggle: [put(true), put(false)] };
  });
  const writeKind =
    favorites.add && favorites.remove ? 'favorite add/remove' : 'notification settings (favorites API absent)';
  scenarios.push({
    name: 'mixed',
    title: 'mixed signed-in (80/15/5)',
    spec: {
      ...base,
      mode: 'random',
      tokens,
      requests: [
        ...spread(
          ids.slice(0, 5000).map((id) => ({ path: `/api/products/${id}` })),
          40,
          'detail',
        ),
        ...spread(categoryPages, 25, 'listing'),
        ...spread(
          [
            { path: '/api/categories' },
            { path: '/api/products?featured=true&limit=4' },
            { path: '/api/products?limit=8&sort=newest' },
          ],
          15,
          'home',
        ),
        ...spread(searchRequests, 15, 'search'),
        ...writeOps,
      ],
    },
  });

  // The raw-SQL twins of three scenarios.
  const raw = new Map<string, PgbenchResult>();
  const coldDiscovery: Record<string, unknown> = {};
  const rawNotes: Record<string, string> = {};
  const rawJobs: Record<string, () => Promise<PgbenchResult>> = {};
  /** The product page's one statement, as captured for its twin: the floor row runs it too. */
  let detailStatement: CapturedQuery | undefined;
  if (!args['skip-pgbench']) {
    const cap = capturingDatabase(databaseUrl);
    // The raw-SQL twin is the database work of a cache miss: capture with the API's caches off.
    setPublicReadCaching(false);
    try {
      const sampleExpr = '(select id from bench.sample_products where n = :bench_r)';
      const detailSql = await cap.capture((db) => getProductDetail(db, ids[0]!));
      const detailScript = toPgbenchScript(detailSql, new Map([[ids[0]!, sampleExpr]]));
      rawJobs.detail = () =>
        runPgbench({
          databaseUrl: databaseUrl!,
          dir: workDir,
          name: 'detail',
          header: `\\set bench_r random(1, ${ids.length})\n`,
          scripts: [detailScript],
          clients: config.connections,
          warmupSeconds: config.warmup,
          seconds: config.duration,
        });
      rawNotes.detail = `${detailSql.length} statements per request`;
      if (detailSql.length === 1) detailStatement = detailSql[0];
      const listingScripts: string[] = [];
      for (const p of d.listingParams) {
        const q = listingQuerySchema.parse({
          brand: p.brands,
          spec: [`storage:${p.storage}`],
          sort: 'price-low',
          page: '5',
        });
        listingScripts.push(
          toPgbenchScript(await cap.capture((db) => listProducts(db, { category: d.bigCategory.slug }, q))),
        );
      }
      if (listingScripts.length) {
        rawJobs.listing = () =>
          runPgbench({
            databaseUrl: databaseUrl!,
            dir: workDir,
            name: 'listing',
            scripts: listingScripts,
            clients: config.connections,
            warmupSeconds: config.warmup,
            seconds: config.duration,
          });
      }
      const suggestionScripts: string[] = [];
      for (const p of prefixes) suggestionScripts.push(toPgbenchScript(await cap.capture((db) => suggest(db, p))));
      // pgbench takes at most 128 scripts: an even sample of the keystrokes that reach SQL.
      const withSql = suggestionScripts.filter((s) => s.trim());
      const nonEmpty = withSql.filter((_s, i) => i % Math.ceil(withSql.length / 128) === 0);
      rawNotes.suggestions = `pgbench replays ${nonEmpty.length} of the ${withSql.length} keystrokes that reach SQL (${suggestionScripts.length - withSql.length} are answered from memory)`;
      rawJobs.suggestions = () =>
        runPgbench({
          databaseUrl: databaseUrl!,
          dir: workDir,
          name: 'suggestions',
          scripts: nonEmpty,
          clients: config.connections,
          warmupSeconds: config.warmup,
          seconds: config.duration,
        });
    } finally {
      await cap.close();
    }
  }

  const reports: ScenarioReport[] = [];
  type Scenario = (typeof scenarios)[number];
  /** Runs one scenario's load, then its raw-SQL twin, and reports both with the load average. */
  const measure = async (s: Scenario, extra: Partial<ScenarioReport> = {}, during?: () => Promise<void>) => {
    if (!s.spec) {
      reports.push({
        name: s.name,
        title: s.title,
        skipped: s.skipped!,
        target: TARGETS[s.name]?.label ?? '—',
        met: null,
      });
      log(`${s.name}: skipped (${s.skipped})`);
      return;
    }
    log(`${s.name}: ${s.title}…`);
    const loadBefore = os.loadavg()[0]!;
    const metricsBefore = await readMetrics(s.spec.baseUrl);
    const serverPid = serverPids.get(s.spec.baseUrl);
    const spec = serverPid ? { ...s.spec, cpuWatch: { server: [serverPid] } } : s.spec;
    const [result] = await Promise.all([runLoad(spec, workDir, s.name), during?.()]);
    result.loadAverage = [loadBefore, os.loadavg()[0]!];
    const metricsAfter = await readMetrics(s.spec.baseUrl);
    const caches = cacheDelta(cacheCounts(metricsBefore), cacheCounts(metricsAfter));
    const indexesBefore = indexCounts(metricsBefore);
    const indexesAfter = indexCounts(metricsAfter);
    const indexes =
      indexesBefore && indexesAfter
        ? {
            listingRereads: indexesAfter.listingRereads - indexesBefore.listingRereads,
            wordBuilds: indexesAfter.wordBuilds - indexesBefore.wordBuilds,
            wordUnchanged: indexesAfter.wordUnchanged - indexesBefore.wordUnchanged,
          }
        : undefined;
    // The skewed detail draw, the cache-off uniform draw and the floor run the same SQL per request
    // as the uniform one: same twin, measured once.
    const twin = DETAIL_TWIN_ROWS.has(s.name) ? 'detail' : s.name;
    let rawResult: PgbenchResult | undefined = raw.get(twin);
    const job = rawResult ? undefined : rawJobs[twin];
    if (job) {
      log(`${s.name}: pgbench (same SQL, ${config.connections} clients, -M prepared)…`);
      try {
        const rawBefore = os.loadavg()[0]!;
        rawResult = await job();
        rawResult.loadAverage = [rawBefore, os.loadavg()[0]!];
        raw.set(twin, rawResult);
      } catch (err) {
        rawNotes[s.name] = `pgbench failed: ${err instanceof Error ? err.message.slice(0, 500) : String(err)}`;
      }
    }
    const ratio = rawResult ? result.rps / rawResult.tps : null;
    reports.push({
      name: s.name,
      title: s.title,
      result,
      ...(rawResult ? { raw: rawResult } : {}),
      ratio,
      ...(rawNotes[s.name] ? { note: rawNotes[s.name] } : {}),
      ...(s.name === 'mixed'
        ? { note: `writes: ${writeKind}; requests by kind: ${JSON.stringify(result.kinds)}` }
        : {}),
      ...(caches ? { caches } : {}),
      ...(indexes ? { indexes } : {}),
      ...extra,
      target: TARGETS[s.name]?.label ?? '—',
      ...(TARGETS[s.name]?.ratio !== undefined ? { ratioTarget: TARGETS[s.name]!.ratio } : {}),
      met: judge(s.name, result, ratio),
    });
    if (result.kindLatency) {
      log(
        `${s.name}: by kind: ` +
          Object.entries(result.kindLatency)
            .map(([k, v]) => `${k} ${v.requests} (p50 ${v.p50.toFixed(1)}, p95 ${v.p95.toFixed(1)} ms)`)
            .join('; '),
      );
    }
    if (indexes && (indexes.listingRereads || indexes.wordBuilds || indexes.wordUnchanged)) {
      log(
        `${s.name}: indexes: listing rereads ${indexes.listingRereads}, word builds ${indexes.wordBuilds}, ` +
          `word checks unchanged ${indexes.wordUnchanged}`,
      );
    }
    const used = Object.entries(caches ?? {}).filter(([, c]) => c.hit + c.stale + c.miss > 0);
    if (used.length) {
      log(
        `${s.name}: caches [hit/stale/miss]: ` +
          used
            .map(([name, c]) => `${name} ${c.hit}/${c.stale}/${c.miss} (dropped ${c.dropped}, bounded ${c.bounded})`)
            .join('; '),
      );
    }
  };
  for (const s of scenarios) if (want(s.name)) await measure(s);

  await runColdScenarios({
    databaseUrl,
    workDir,
    baseUrl,
    want,
    base,
    ids,
    detailStatement,
    mixedSpec: scenarios.find((s) => s.name === 'mixed')?.spec,
    searchExtra: SEARCH_QUERIES,
    raw,
    rawJobs,
    rawNotes,
    measure,
    reports,
    signIn: () => Promise.all(d.users.map((u) => login(baseUrl, u.email))),
  }).then((found) => Object.assign(coldDiscovery, found));

  // Web budgets.
  const productId = ids[0]!;
  const pages: Record<string, string> = {
    home: '/',
    category: `/category/${d.bigCategory.slug}`,
    product: `/product/${productId}`,
    search: `/search?q=${encodeURIComponent('kulaklık')}`,
  };
  const bundles: PageBundle[] = [];
  if (want('bundles')) {
    for (const [page, p] of Object.entries(pages)) {
      try {
        bundles.push(await measureInitialJs(baseUrl, page, p));
      } catch (err) {
        log(`bundle ${page}: ${err instanceof Error ? err.message : err}`);
      }
    }
  }
  let lighthouse: LighthousePageResult[] = [];
  let lighthouseNote: string | undefined;
  if (want('lighthouse') && config.lighthousePages.length) {
    if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) {
      lighthouseNote = 'skipped: no Chromium at /usr/bin/chromium (set CHROME_PATH)';
    } else {
      log(`lighthouse (mobile): ${config.lighthousePages.join(', ')}…`);
      try {
        const urls = config.lighthousePages.map((p) => `${baseUrl}${pages[p]}`);
        const before = os.loadavg()[0]!;
        const all: LighthousePageResult[] = [];
        // Round-robin over the pages so a burst of machine load does not hit one page's runs only.
        for (let run = 0; run < config.lighthouseRuns; run++) all.push(...(await runLighthouse(urls)));
        const after = os.loadavg()[0]!;
        lighthouse = config.lighthousePages.map((page, i) => ({
          ...medianRun(all.filter((r) => r.url === urls[i])),
          page,
          loadAverage: [before, after] as [number, number],
        }));
      } catch (err) {
        lighthouseNote = `failed: ${err instanceof Error ? err.message.slice(0, 500) : String(err)}`;
      }
    }
    if (quick) lighthouseNote = `${lighthouseNote ? lighthouseNote + '; ' : ''}quick run: home page only`;
  } else if (want('lighthouse')) {
    lighthouseNote = 'skipped (--skip-lighthouse)';
  }

  // The server is stopped before the feeds and the alerts: it runs the price-change consumer
  // (registerPriceChangeConsumer), woken by every import's NOTIFY, which took the events the alert
  // benchmark's own consumer measures (0 of 10 in its throughput row) and ran beside the importer.
  await stopServer();

  // Store feed imports (ADR 015): after the HTTP scenarios and the pages, whose figures they would disturb.
  let feedImports: FeedBenchResult[] = [];
  if (want('feeds')) {
    try {
      feedImports = await runFeedBenchmarks(databaseUrl, log);
    } catch (err) {
      log(`feeds: failed: ${err instanceof Error ? err.message.slice(0, 500) : String(err)}`);
    }
  }

  // Price alerts and notifications (issue 13): the consumer of the feed's change events.
  let alerts: AlertBenchResult | undefined;
  if (want('alerts')) {
    try {
      alerts = await runAlertBenchmarks(databaseUrl, log);
    } catch (err) {
      log(`alerts: failed: ${err instanceof Error ? err.message.slice(0, 500) : String(err)}`);
    }
  }

  const report: BenchReport = {
    date: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      ...(await postgresFacts(databaseUrl)),
      note: 'server (config.workers Node processes), load generator (autocannon, a second process), pgbench and PostgreSQL share the same cores; loopback only',
    },
    config: {
      ...config,
      only: config.only ? [...config.only] : null,
      databaseStartedByBench: clusterStarted,
      postgresSettings: clusterStarted
        ? 'scripts/ci/pg-cluster.sh start --bench: shared_buffers 2GB, effective_cache_size 12GB, work_mem 32MB, jit off, fsync off (disposable data)'
        : 'as configured by DATABASE_URL',
      serverLogLevel: args['log-level'],
    },
    buildSeconds,
    generation,
    pageCache,
    discovery: {
      listingCategory: d.bigCategory,
      facetCategory: d.facetCategory,
      listingPaths: listingRequests.map((r) => r.path),
      searchQueries: SEARCH_QUERIES,
      keystrokes: prefixes.length,
      favoritesApi: favorites.check ? 'present' : 'absent',
      ...coldDiscovery,
    },
    scenarios: reports,
    lighthouse,
    ...(lighthouseNote ? { lighthouseNote } : {}),
    bundles,
    feedImports,
    ...(alerts ? { alerts } : {}),
    totalSeconds: (Date.now() - started) / 1000,
  };
  printReport(report);
  const outFile =
    args.out ?? path.join(benchDir, 'results', `${report.date.slice(0, 19).replace(/[:T]/g, '-')}-${report.mode}.json`);
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(report, null, 2) + '\n');
  log(`report: ${path.relative(root, outFile)} (${report.totalSeconds.toFixed(0)} s in total)`);
}

/**
 * The database's version, and whether its shared buffers sit on 2 MB pages: on the 2-core VMs
 * that tripled the cold listing row (ADR 005, 2026-12-01), so every report says which it ran with.
 * The database runs on this machine (loopback), so the kernel's counts of huge pages are its own.
 */
async function postgresFacts(databaseUrl: string): Promise<{ postgres: string; postgresSharedMemory: string }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const show = async (name: string) => (await c.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name] ?? '';
    const postgres = await show('server_version');
    const setting = (await show('huge_pages')) || '?';
    const needed = Number((await show('shared_memory_size_in_huge_pages')) || -1);
    const kernel = meminfo();
    if (!kernel) return { postgres, postgresSharedMemory: `unknown (huge_pages=${setting}; no /proc/meminfo)` };
    const field = (name: string) => kernel[name] ?? 0;
    const total = field('HugePages_Total');
    const inUse = total - field('HugePages_Free') + field('HugePages_Rsvd');
    const postgresSharedMemory =
      needed > 0 && inUse >= needed
        ? `2 MB pages (huge_pages=${setting}: ${inUse} of ${total} reserved pages in use, ${needed} needed)`
        : `4 KB pages (huge_pages=${setting}; vm.nr_hugepages ${total}, ${needed} needed)`;
    return { postgres, postgresSharedMemory };
  } finally {
    await c.end();
  }
}

main()
  .then(cleanup)
  .catch(async (err: unknown) => {
    console.error('[bench] failed:', err instanceof Error ? err.stack : err);
    await cleanup();
    process.exit(1);
  });
