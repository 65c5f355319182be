/**
 * The database's own limit: the SQL the API runs for a request, captured from the API's own
 * service functions through drizzle's query logger, replayed with pgbench at the same
 * concurrency. API req/s ÷ pgbench transactions/s is then the API's overhead as a ratio,
 * which survives a noisy machine better than absolute numbers.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { cpuSplit, sampleCpu, type CpuSplit } from './cpu-split';
import type { Database } from '../../apps/api/src/db/client';
import * as schema from '../../apps/api/src/db/schema/index';

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** A drizzle database on its own pool that records every statement it sends. */
export function capturingDatabase(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  let log: CapturedQuery[] | null = null;
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (sql: string, params: unknown[]) => log?.push({ sql, params: [...params] }) },
  }) as unknown as Database;
  return {
    db,
    /** Runs `fn` once to warm in-process caches (as a running API has), then again, recording. */
    async capture(fn: (db: Database) => Promise<unknown>): Promise<CapturedQuery[]> {
      await fn(db);
      log = [];
      await fn(db);
      const captured = log;
      log = null;
      return captured;
    },
    close: () => pool.end(),
  };
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * One pgbench script for one request: the captured statements with their parameters inlined,
 * except values listed in `variables`, which become a pgbench expression (e.g. a lookup of a
 * random sampled id), so one script serves many different requests.
 */
export function toPgbenchScript(queries: CapturedQuery[], variables: Map<string, string> = new Map()): string {
  const lines: string[] = [];
  for (const q of queries) {
    const text = q.sql.replace(/\$(\d+)/g, (_m, i: string) => {
      const value = q.params[Number(i) - 1];
      const variable = typeof value === 'string' ? variables.get(value) : undefined;
      return variable ?? literal(value);
    });
    lines.push(`${text.trim()};`);
  }
  return lines.join('\n') + '\n';
}

export interface PgbenchResult {
  tps: number;
  transactions: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  failed: number;
  scripts: number;
  /** 1-minute load average before and after the replay (set by the runner). */
  loadAverage?: [number, number];
  /** Where the machine's CPU went over the replay: PostgreSQL, and pgbench with the kernel as `other`. */
  cpu?: CpuSplit;
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * pgbench -M prepared with `clients` connections over the scripts (equal weights), warm-up
 * first. Per-transaction logs (-l) give exact latency percentiles.
 */
export async function runPgbench(opts: {
  databaseUrl: string;
  dir: string;
  name: string;
  scripts: string[];
  header?: string;
  clients: number;
  warmupSeconds: number;
  seconds: number;
}): Promise<PgbenchResult> {
  const dir = path.join(opts.dir, opts.name);
  mkdirSync(dir, { recursive: true });
  const files = opts.scripts.map((body, i) => {
    const file = path.join(dir, `script-${i}.sql`);
    writeFileSync(file, (opts.header ?? '') + body);
    return file;
  });
  const base = ['-n', '-M', 'prepared', '-c', String(opts.clients), '-j', '2', ...files.flatMap((f) => ['-f', f])];
  if (opts.warmupSeconds > 0) await pgbench([...base, '-T', String(opts.warmupSeconds), opts.databaseUrl]);
  const logDir = path.join(dir, 'log');
  mkdirSync(logDir, { recursive: true });
  const before = sampleCpu({});
  const out = await pgbench([
    ...base,
    '-T',
    String(opts.seconds),
    '-l',
    `--log-prefix=${path.join(logDir, 'tx')}`,
    opts.databaseUrl,
  ]);
  const cpu = cpuSplit(before, sampleCpu({}));
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? NaN);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0);
  const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
  const latencies: number[] = [];
  for (const f of readdirSync(logDir)) {
    for (const line of readFileSync(path.join(logDir, f), 'utf8').split('\n')) {
      const cols = line.split(' ');
      if (cols.length >= 3 && cols[2] !== undefined) latencies.push(Number(cols[2]) / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  return {
    tps,
    transactions,
    failed,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    mean: latencies.reduce((s, v) => s + v, 0) / Math.max(1, latencies.length),
    scripts: files.length,
    ...(cpu ? { cpu } : {}),
  };
}

function pgbench(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(PG_BIN, 'pgbench'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`pgbench exited ${code}:\n${out.slice(-2000)}`)),
    );
  });
}
