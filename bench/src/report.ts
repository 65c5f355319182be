import { INITIAL_JS_BUDGET_KB, type PageBundle } from './bundles';
import { printAlertBench, type AlertBenchResult } from './alerts';
import type { FeedBenchResult } from './feed-import';
import type { GenerateResult } from './generate/generate';
import type { LighthousePageResult } from './lighthouse-worker';
import type { LoadResult } from './load-worker';
import { describePageCache, type PageCacheWarmth } from './page-cache';
import { cpuPerRequest } from './cpu-split';
import type { ChurnResult } from './price-churn';
import type { PgbenchResult } from './raw-sql';

export interface ScenarioReport {
  name: string;
  title: string;
  result?: LoadResult;
  raw?: PgbenchResult;
  /** API req/s ÷ pgbench transactions/s of the same SQL. */
  ratio?: number | null;
  skipped?: string;
  note?: string;
  /** The price churn that ran beside the load (mixed-churn). */
  churn?: ChurnResult;
  /**
   * The server's public read caches over the row, warm-up included (GET /metrics): lookups
   * answered fresh, stale (while refreshing) or by a load, and entries a price change dropped or
   * bounded (ADR 010). Absent in older reports.
   */
  caches?: Record<string, { hit: number; stale: number; miss: number; dropped: number; bounded: number }>;
  target: string;
  /** The row's API÷SQL target, when it has one. */
  ratioTarget?: number;
  met: boolean | null;
}

export interface BenchReport {
  date: string;
  mode: 'quick' | 'full';
  machine: Record<string, string | number>;
  config: Record<string, unknown>;
  buildSeconds: number;
  generation: GenerateResult;
  /** The OS page cache before the rows (bench/src/page-cache.ts); absent in older reports. */
  pageCache?: PageCacheWarmth;
  discovery: Record<string, unknown>;
  scenarios: ScenarioReport[];
  lighthouse: (LighthousePageResult & { page?: string; runs?: number[]; loadAverage?: [number, number] })[];
  lighthouseNote?: string;
  bundles: PageBundle[];
  /** Store feed imports on the catalog (bench/src/feed-import.ts); absent in older reports. */
  feedImports?: FeedBenchResult[];
  /** Price alerts and notifications (bench/src/alerts.ts); absent in older reports. */
  alerts?: AlertBenchResult;
  totalSeconds: number;
}

/** Lighthouse (mobile) budgets per page; search is noindex by design, so its SEO is not held to 100. */
export const LIGHTHOUSE_BUDGET: Record<string, Record<string, number>> = {
  home: { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 },
  category: { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 },
  product: { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 },
};

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
const yes = (met: boolean | null) => (met === null ? '—' : met ? 'yes' : 'NO');

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function printFeedImports(results: FeedBenchResult[]): void {
  if (results.length === 0) return;
  console.log('\nStore feed imports (one child process each; parse → match → write → history → events → commit)\n');
  console.log(
    table(
      ['feed', 'items', 'price changes', 'seconds', 'items/s', 'peak RSS MB', 'status', 'load avg', 'target', 'met'],
      results.map((f) => [
        f.name,
        f.items.toLocaleString('en-US'),
        f.changed.toLocaleString('en-US'),
        f.seconds.toFixed(1),
        f.itemsPerSecond.toLocaleString('en-US'),
        String(f.peakRssMB),
        f.status,
        f.loadAverage.map((l) => l.toFixed(2)).join('–'),
        f.target,
        yes(f.met),
      ]),
    ),
  );
}

const PARTIES = ['server', 'load generator', 'PostgreSQL', 'other'];

/**
 * Where each row's CPU went (bench/src/cpu-split.ts): milliseconds of CPU a request of each party,
 * and the machine's busy, idle and stolen cores over the window; the SQL twins' rows follow their
 * API rows (pgbench itself is in `other`). A row with an API÷SQL target also says how much CPU a
 * request the machine has at the target's rate: all its cores ÷ (target × the twin's tx/s).
 */
function printCpuSplit(scenarios: ScenarioReport[]): void {
  const rows: string[][] = [];
  const notes: string[] = [];
  // A twin shared by rows (cold-detail and detail-floor) is printed once, after its first row; by
  // its figures, since a report read back from its JSON file has one copy of the twin a row.
  const seenTwins = new Set<string>();
  const row = (title: string, rate: number, split: NonNullable<LoadResult['cpu']>, requests: number) => {
    const per = cpuPerRequest(split, requests);
    const total = Object.values(per).reduce((a, b) => a + b, 0);
    rows.push([
      title,
      rate.toFixed(0),
      ...PARTIES.map((p) => (per[p] === undefined ? '—' : per[p].toFixed(3))),
      total.toFixed(3),
      split.busy.toFixed(2),
      split.idle.toFixed(2),
      split.steal.toFixed(2),
    ]);
    return { per, total };
  };
  for (const s of scenarios) {
    if (!s.result?.cpu) continue;
    const { per, total } = row(s.name, s.result.rps, s.result.cpu, s.result.requests);
    if (s.raw?.cpu) {
      const twin = `${s.raw.tps} ${s.raw.transactions} ${s.raw.p50}`;
      if (!seenTwins.has(twin)) {
        seenTwins.add(twin);
        row(`  its SQL twin (pgbench)`, s.raw.tps, s.raw.cpu, s.raw.transactions);
      }
    }
    if (s.ratioTarget !== undefined && s.raw) {
      const rate = s.ratioTarget * s.raw.tps;
      const budget = (s.result.cpu.cores * 1000) / rate;
      notes.push(
        `  ${s.name}: at ${s.ratioTarget} of the twin (${rate.toFixed(0)} req/s) the machine's ${s.result.cpu.cores} cores ` +
          `give ${budget.toFixed(3)} ms of CPU a request; this row spent ${total.toFixed(3)} ms ` +
          `(${PARTIES.map((p) => `${p} ${per[p]?.toFixed(3) ?? '—'}`).join(', ')})`,
      );
    }
  }
  if (!rows.length) return;
  console.log(
    '\nWhere the CPU went: ms of CPU a request (a transaction for the SQL twins), and the cores over the window\n',
  );
  console.log(
    table(
      ['scenario', 'req/s', ...PARTIES.map((p) => `${p} ms`), 'total ms', 'busy cores', 'idle cores', 'steal'],
      rows,
    ),
  );
  for (const n of notes) console.log(n);
}

/** The 1-minute load average before → after the API load (and the raw-SQL replay, when it had one). */
function loadAverage(s: ScenarioReport): string {
  const pair = (l?: [number, number]) => (l ? l.map((x) => x.toFixed(1)).join('→') : '');
  const api = pair(s.result?.loadAverage);
  const sql = pair(s.raw?.loadAverage);
  return [api, sql && `SQL ${sql}`].filter(Boolean).join(', ') || '—';
}

export function printReport(r: BenchReport): void {
  const rows = r.scenarios.map((s) => {
    if (!s.result) return [s.title, '—', '—', '—', '—', '—', '—', '—', '—', s.target, `skipped: ${s.skipped ?? ''}`];
    const errors = s.result.errors + s.result.non2xx + s.result.timeouts;
    return [
      s.title,
      s.result.rps.toFixed(0),
      ms(s.result.p50),
      ms(s.result.p95),
      ms(s.result.p99),
      String(errors),
      s.raw ? s.raw.tps.toFixed(0) : '—',
      s.ratio != null ? s.ratio.toFixed(2) : '—',
      loadAverage(s),
      s.target,
      yes(s.met),
    ];
  });
  console.log();
  console.log(
    `Kıyasla benchmark — ${r.mode} — ${r.date} — ${r.machine.cpus} cores, ${r.machine.memoryGiB} GiB, ` +
      `Node ${r.machine.node}, PostgreSQL ${r.machine.postgres}` +
      (r.machine.postgresSharedMemory ? ` (shared buffers on ${r.machine.postgresSharedMemory})` : ''),
  );
  const c = r.generation.counts;
  console.log(
    `catalog: ${c.products} products, ${c.store_offers} offers, ${c.stores} stores, ${c.price_history} price changes, ` +
      `${c.users} users, ${c.favorites} favorites, ${c.active_alerts} active alerts` +
      (r.generation.reused
        ? ` (reused; generated earlier in ${r.generation.seconds.toFixed(0)} s)`
        : ` (generated in ${r.generation.seconds.toFixed(0)} s)`),
  );
  if (r.pageCache) console.log(describePageCache(r.pageCache));
  console.log();
  console.log(
    table(
      [
        'scenario',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'errors',
        'raw SQL tx/s',
        'API÷SQL',
        'load avg',
        'target',
        'met?',
      ],
      rows,
    ),
  );
  for (const s of r.scenarios) if (s.note) console.log(`  ${s.name}: ${s.note}`);
  printCpuSplit(r.scenarios);

  if (r.lighthouse.length || r.lighthouseNote) {
    console.log();
    const lrows = r.lighthouse.map((l) => {
      const budget = LIGHTHOUSE_BUDGET[l.page ?? ''];
      const met = budget ? Object.entries(budget).every(([k, min]) => (l.scores[k] ?? 0) >= min) : null;
      return [
        l.page ?? l.url,
        ...['performance', 'accessibility', 'best-practices', 'seo'].map((k) => String(l.scores[k] ?? '—')),
        l.metrics['largest-contentful-paint'] != null ? `${Math.round(l.metrics['largest-contentful-paint'])}` : '—',
        l.metrics['total-blocking-time'] != null ? `${Math.round(l.metrics['total-blocking-time'])}` : '—',
        budget ? '≥95 / 100 / ≥95 / 100' : 'report only (noindex)',
        l.error ? `error: ${l.error.slice(0, 60)}` : yes(met),
      ];
    });
    if (lrows.length) {
      console.log(
        table(['Lighthouse (mobile)', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'TBT ms', 'target', 'met?'], lrows),
      );
    }
    if (r.lighthouseNote) console.log(`  lighthouse: ${r.lighthouseNote}`);
    for (const l of r.lighthouse) {
      if (l.runs && l.runs.length > 1)
        console.log(
          `  ${l.page}: median of ${l.runs.length} runs (performance ${l.runs.join(', ')}; load average ` +
            `${l.loadAverage?.map((x) => x.toFixed(1)).join(' → ') ?? '?'})`,
        );
      if (l.failedAudits.length)
        console.log(`  ${l.page}: below 0.9: ${l.failedAudits.map((a) => `${a.category}/${a.id}`).join(', ')}`);
    }
  }
  if (r.bundles.length) {
    console.log();
    console.log(
      table(
        ['initial JS', 'files', 'gzip KB', 'inline scripts gzip KB', 'HTML gzip KB', 'target', 'met?'],
        r.bundles.map((b) => [
          b.page,
          String(b.assets.length),
          (b.initialJsGzip / 1024).toFixed(1),
          (b.inlineScriptGzip / 1024).toFixed(1),
          (b.htmlGzip / 1024).toFixed(1),
          `≤ ${INITIAL_JS_BUDGET_KB} KB`,
          yes(b.initialJsGzip / 1024 <= INITIAL_JS_BUDGET_KB),
        ]),
      ),
    );
  }
  printFeedImports(r.feedImports ?? []);
  printAlertBench(r.alerts);
  console.log();
}
