#!/usr/bin/env node
// Soak run (issue 17, not in CI): minutes of mixed load against the real server on a real
// PostgreSQL 15 with a feed import every minute. Prints per minute the requests, p50/p99 latency,
// 5xx answers, unanswered requests and the server's RSS; at the end the 5xx total and RSS at
// start and end, and the machine's load average.
//
//   npm run soak                    # 10 minutes, 8 concurrent clients
//   npm run soak -- --minutes 2 --concurrency 4 --items 2000 --dist --json out.json
//
// --dist runs the production build (apps/api/dist/server.js); by default the source runs
// through tsx. DATABASE_URL may name an existing (disposable) database instead of a throwaway
// cluster from scripts/ci/pg-cluster.sh. Everything listens on 127.0.0.1.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    items: { type: 'string', default: '2000' },
    dist: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const MINUTES = Number(args.minutes);
const CONCURRENCY = Number(args.concurrency);
const FEED_ITEMS = Number(args.items);
if (!(MINUTES > 0) || !(CONCURRENCY > 0) || !(FEED_ITEMS > 0)) {
  console.error('usage: npm run soak -- [--minutes 10] [--concurrency 8] [--items 2000] [--dist] [--json file]');
  process.exit(2);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
  } catch {
    return null;
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// --- PostgreSQL and the server ------------------------------------------------------------------
let cluster = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  const out = execFileSync(path.join(root, 'scripts/ci/pg-cluster.sh'), ['start'], { encoding: 'utf8' });
  const vars = Object.fromEntries([...out.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));
  cluster = vars.PG_TMP;
  databaseUrl = vars.TEST_DATABASE_URL;
}
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kiyasla-soak-'));
const base = `http://127.0.0.1:${port}`;
const serverArgs = args.dist
  ? ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')]
  : ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
if (args.dist && !existsSync(serverArgs[1])) {
  console.error('--dist: apps/api/dist/server.js is missing (npm run build)');
  process.exit(2);
}
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    JWT_SECRET: 'soak-run-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '10000000',
    AUTH_RATE_LIMIT_MAX: '10000000',
    FEED_SCHEDULER: 'false',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await db.end().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  if (cluster) execFileSync(path.join(root, 'scripts/ci/pg-cluster.sh'), ['stop', cluster]);
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

async function request(method, url, { token, json, body, headers = {} } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (json !== undefined) h['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: h,
      body: json !== undefined ? JSON.stringify(json) : body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - started, text };
  } catch (error) {
    return { status: 0, ms: performance.now() - started, error: error.cause?.code ?? error.name };
  }
}
const json = (r) => JSON.parse(r.text);

const startedBoot = Date.now();
for (;;) {
  if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
  const r = await request('GET', '/api/health');
  if (r.status === 200) break;
  if (Date.now() - startedBoot > 300_000) throw new Error('server not healthy within 5 minutes');
  await sleep(500);
}

// --- The world: a store with offers, signed-in shoppers, products to visit -----------------------
const admin = json(
  await request('POST', '/api/auth/login', { json: { email: 'admin@kiyasla.test', password: 'Admin123!' } }),
).data.token;
const store = json(
  await request('POST', '/api/admin/stores', { token: admin, json: { name: `Soak Mağazası ${Date.now()}` } }),
).data._id;
const productIds = (
  await db.query('select id from products where is_active order by id limit $1', [FEED_ITEMS])
).rows.map((r) => r.id);
const webPages = existsSync(path.join(root, 'apps/web/build/server/index.js'));

const shoppers = [];
for (let i = 0; i < 8; i++) {
  const email = `soak.${i}.${Date.now()}@example.com`;
  const reg = json(
    await request('POST', '/api/auth/register', {
      json: { firstName: 'Soak', lastName: 'Deneme', email, password: 'Güçlü.Şifre1' },
    }),
  ).data;
  shoppers.push({ token: reg.token, userId: reg.user._id });
}
// Half of them premium (price alerts are a premium feature), as a completed payment leaves them.
await db.query(
  `update users set subscription_plan = 'monthly-premium', subscription_status = 'active',
          subscription_start = now(), subscription_end = now() + interval '30 days'
    where id = any($1::uuid[])`,
  [shoppers.slice(0, 4).map((s) => s.userId)],
);
await sleep(5_500); // the server's session cache (5 s)

let importRound = 0;
const prices = productIds.map((_, i) => 100 + (i % 900));
function feedBody() {
  importRound += 1;
  // A fifth of the prices move each round (up or down by up to 10%).
  for (let i = 0; i < prices.length; i++) {
    if ((i + importRound) % 5 === 0)
      prices[i] = Math.max(1, Math.round(prices[i] * (0.9 + ((i * 7 + importRound) % 21) / 100)));
  }
  return JSON.stringify({
    mode: 'full',
    items: productIds.map((productId, i) => ({
      sku: `SOAK-${i}`,
      productId,
      price: prices[i],
      availability: 'in-stock',
      url: `https://soak.example/${i}`,
      shipping: { free: i % 2 === 0, cost: i % 2 === 0 ? undefined : 29.9 },
    })),
  });
}

const SEARCHES = ['telefon', 'kulaklık', 'samsung', 'laptop', 'ütü', 'kahve', 'iphone', 'televizyon', 'xyzq'];
let n = 0;
function nextRequest() {
  const i = n++;
  const product = productIds[(i * 7919) % productIds.length];
  const shopper = shoppers[i % shoppers.length];
  switch (i % 12) {
    case 0:
      return ['browse', () => request('GET', `/api/products?page=${(i % 20) + 1}&limit=24`)];
    case 1:
      return ['browse', () => request('GET', `/api/products?sort=price_asc&page=${(i % 5) + 1}`)];
    case 2:
    case 3:
      return ['search', () => request('GET', `/api/search?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}`)];
    case 4:
    case 5:
      return ['product', () => request('GET', `/api/products/${product}`)];
    case 6:
      return webPages
        ? ['page', () => request('GET', i % 24 === 6 ? '/' : `/product/${product}`)]
        : ['product', () => request('GET', `/api/products/${product}/price-history`)];
    case 7:
      return ['favorites', () => request('POST', `/api/favorites/${product}`, { token: shopper.token })];
    case 8:
      return ['favorites', () => request('GET', '/api/favorites', { token: shopper.token })];
    case 9:
      return ['favorites', () => request('DELETE', `/api/favorites/${product}`, { token: shopper.token })];
    case 10:
      return [
        'alerts',
        () => request('POST', '/api/alerts', { token: shopper.token, json: { product, targetPrice: 50 } }),
      ];
    default:
      return ['alerts', () => request('GET', '/api/alerts', { token: shopper.token })];
  }
}

// --- The run ------------------------------------------------------------------------------------
const minutes = [];
const startRss = rssMb(server.pid);
const loadStart = os.loadavg();
const runStart = Date.now();
const runEnd = runStart + MINUTES * 60_000;
const minuteOf = (t) => Math.min(MINUTES - 1, Math.floor((t - runStart) / 60_000));
for (let m = 0; m < MINUTES; m++)
  minutes.push({ minute: m + 1, latencies: [], count: 0, s5xx: 0, noAnswer: 0, kinds: {}, imports: [] });
const fiveHundreds = [];

async function worker() {
  while (Date.now() < runEnd) {
    const [kind, run] = nextRequest();
    const at = Date.now();
    const r = await run();
    const bucket = minutes[minuteOf(at)];
    bucket.count += 1;
    bucket.latencies.push(r.ms);
    bucket.kinds[kind] = (bucket.kinds[kind] ?? 0) + 1;
    if (r.status >= 500) {
      bucket.s5xx += 1;
      if (fiveHundreds.length < 20) fiveHundreds.push({ kind, status: r.status, body: r.text?.slice(0, 200) });
    }
    if (r.status === 0) bucket.noAnswer += 1;
  }
}

async function importer() {
  for (let m = 0; m < MINUTES; m++) {
    const due = runStart + m * 60_000;
    if (Date.now() < due) await sleep(due - Date.now());
    if (Date.now() >= runEnd) break;
    const r = await request('POST', `/api/admin/stores/${store}/feed`, {
      token: admin,
      body: feedBody(),
      headers: { 'content-type': 'application/json' },
    });
    const status = r.status === 200 ? json(r).data.status : `HTTP ${r.status}`;
    minutes[m].imports.push({ status, seconds: Math.round(r.ms / 100) / 10 });
  }
}

const sampler = setInterval(() => {
  const m = minutes[minuteOf(Date.now())];
  m.rss = rssMb(server.pid);
}, 5_000);

console.log(
  `soak: ${MINUTES} min, ${CONCURRENCY} clients, feed of ${productIds.length} items every minute, ` +
    `${webPages ? 'web pages included' : 'API only (no web build)'}, server ${args.dist ? 'dist' : 'source (tsx)'}, RSS ${startRss} MB`,
);
console.log('minute  requests  p50 ms  p99 ms  5xx  unanswered  RSS MB  import');
const reporter = setInterval(() => {
  const done = Math.floor((Date.now() - runStart) / 60_000) - 1;
  const m = minutes[done];
  if (m && !m.printed) printMinute(m);
}, 1_000);

function printMinute(m) {
  m.printed = true;
  const sorted = [...m.latencies].sort((a, b) => a - b);
  m.p50 = Math.round(percentile(sorted, 50) ?? 0);
  m.p99 = Math.round(percentile(sorted, 99) ?? 0);
  const imp = m.imports.map((i) => `${i.status} ${i.seconds}s`).join(', ');
  console.log(
    `${String(m.minute).padStart(6)}  ${String(m.count).padStart(8)}  ${String(m.p50).padStart(6)}  ${String(m.p99).padStart(6)}  ` +
      `${String(m.s5xx).padStart(3)}  ${String(m.noAnswer).padStart(10)}  ${String(m.rss ?? '').padStart(6)}  ${imp}`,
  );
}

await Promise.all([...Array.from({ length: CONCURRENCY }, worker), importer()]);
clearInterval(sampler);
clearInterval(reporter);
for (const m of minutes) if (!m.printed) printMinute(m);
const endRss = rssMb(server.pid);
const loadEnd = os.loadavg();
const total5xx = minutes.reduce((s, m) => s + m.s5xx, 0);
const totalNoAnswer = minutes.reduce((s, m) => s + m.noAnswer, 0);
const totalRequests = minutes.reduce((s, m) => s + m.count, 0);
const summary = {
  minutes: MINUTES,
  concurrency: CONCURRENCY,
  feedItems: productIds.length,
  server: args.dist ? 'dist' : 'source (tsx)',
  requests: totalRequests,
  total5xx,
  unanswered: totalNoAnswer,
  rssStartMb: startRss,
  rssEndMb: endRss,
  rssMaxMb: Math.max(...minutes.map((m) => m.rss ?? 0)),
  p99PerMinuteMs: minutes.map((m) => m.p99),
  p50PerMinuteMs: minutes.map((m) => m.p50),
  imports: minutes.map((m) => m.imports.map((i) => i.status).join(',')),
  loadAverageStart: loadStart.map((x) => Math.round(x * 100) / 100),
  loadAverageEnd: loadEnd.map((x) => Math.round(x * 100) / 100),
  cpus: os.cpus().length,
  first5xx: fiveHundreds,
};
console.log(
  `\n5xx: ${total5xx} of ${totalRequests} requests, unanswered: ${totalNoAnswer}; RSS ${startRss} MB at start, ` +
    `${endRss} MB at end (max ${summary.rssMaxMb} MB); p99 per minute (ms): ${summary.p99PerMinuteMs.join(', ')}; ` +
    `load average ${summary.loadAverageStart.join(' ')} → ${summary.loadAverageEnd.join(' ')} on ${summary.cpus} CPUs`,
);
if (fiveHundreds.length) console.log('first 5xx answers:', fiveHundreds);
if (args.json) writeFileSync(args.json, JSON.stringify(summary, null, 2));
await cleanup();
process.exit(total5xx > 0 || totalNoAnswer > 0 ? 1 : 0);
