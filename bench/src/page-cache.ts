/**
 * The operating system's page cache before the measured rows (ADR 005, "The page cache, the price
 * tables and the caches before the rows").
 *
 * A database that has served for a while has its working set in the kernel's page cache; a
 * benchmark started right after generating the catalog, or on a machine that has just booted,
 * finds it nearly empty (0.17 GB cached at the start of full run -i, after the generation had
 * written 9.3 GB). Then the first row to touch a table reads it from disk, and what each row finds
 * in memory depends on the rows before it. Warming reads every relation of the database once with
 * `pg_prewarm(…, 'read')` — into the page cache, not into PostgreSQL's shared buffers — so every row
 * starts from the same state; the report says what was read and what the kernel held before and after.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

export interface PageCacheWarmth {
  /** What the kernel held in its page cache before and after, from /proc/meminfo (GB). */
  cachedGBBefore?: number;
  cachedGBAfter?: number;
  /** The database's relations (tables, indexes, TOAST, materialized views), main forks. */
  relations: number;
  databaseGB: number;
  /** What was read: all of it, unless it did not fit the budget. */
  warmedRelations: number;
  warmedGB: number;
  /** Six tenths of the memory available when the step started: the rest is left to the processes. */
  budgetGB?: number;
  seconds: number;
  /** Why nothing was read (an option, or pg_prewarm missing on the server). */
  skipped?: string;
}

const GB = 1e9;
const round = (bytes: number) => Math.round((bytes / GB) * 100) / 100;

/** The kernel's memory counts (/proc/meminfo): sizes in bytes, counts (HugePages_*) as they are. */
export function meminfo(): Record<string, number> | undefined {
  try {
    const text = readFileSync('/proc/meminfo', 'utf8');
    return Object.fromEntries(
      [...text.matchAll(/^(\w+):\s+(\d+)( kB)?$/gm)].map((m) => [m[1]!, Number(m[2]) * (m[3] ? 1024 : 1)]),
    );
  } catch {
    return undefined;
  }
}

export async function warmPageCache(
  databaseUrl: string,
  log: (msg: string) => void,
  options: { skip?: string } = {},
): Promise<PageCacheWarmth> {
  const started = Date.now();
  const before = meminfo();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ oid: string; bytes: string }>(
      `select c.oid::text as oid, pg_relation_size(c.oid) as bytes
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'i', 't', 'm')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and pg_relation_size(c.oid) > 0
        order by pg_relation_size(c.oid), c.oid`,
    );
    const total = rows.reduce((sum, r) => sum + Number(r.bytes), 0);
    const result: PageCacheWarmth = {
      ...(before?.Cached != null ? { cachedGBBefore: round(before.Cached) } : {}),
      relations: rows.length,
      databaseGB: round(total),
      warmedRelations: 0,
      warmedGB: 0,
      seconds: 0,
    };
    const done = (extra: Partial<PageCacheWarmth>): PageCacheWarmth => {
      const after = meminfo();
      return {
        ...result,
        ...(after?.Cached != null ? { cachedGBAfter: round(after.Cached) } : {}),
        ...extra,
        seconds: (Date.now() - started) / 1000,
      };
    };
    if (options.skip) return done({ skipped: options.skip });
    try {
      await client.query('create extension if not exists pg_prewarm');
    } catch (err) {
      const out = done({ skipped: `pg_prewarm unavailable: ${err instanceof Error ? err.message : String(err)}` });
      log(describePageCache(out));
      return out;
    }
    // Smallest first, so that a database larger than the budget still gets its indexes read.
    const budget = before?.MemAvailable != null ? before.MemAvailable * 0.6 : Infinity;
    let warmed = 0;
    let count = 0;
    for (const r of rows) {
      const bytes = Number(r.bytes);
      if (warmed + bytes > budget) break;
      await client.query(`select pg_prewarm($1::oid::regclass, 'read')`, [r.oid]);
      warmed += bytes;
      count++;
    }
    const out = done({
      warmedRelations: count,
      warmedGB: round(warmed),
      ...(Number.isFinite(budget) ? { budgetGB: round(budget) } : {}),
    });
    log(describePageCache(out));
    return out;
  } finally {
    await client.end();
  }
}

/** The report's line for the step (the run's log prints the same). */
export function describePageCache(w: PageCacheWarmth): string {
  const kernel = `the kernel cached ${w.cachedGBBefore ?? '?'} GB before, ${w.cachedGBAfter ?? '?'} GB after`;
  return w.skipped
    ? `page cache: not warmed (${w.skipped}); database ${w.databaseGB} GB, ${kernel}`
    : `page cache: warmed, ${w.warmedGB} of ${w.databaseGB} GB read (${w.warmedRelations} of ${w.relations} ` +
        `relations) in ${w.seconds.toFixed(0)} s; ${kernel}`;
}
