import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** The options scripts/ci/pg-cluster.sh starts the cluster with (a restart keeps them). */
const OPTIONS = '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200';

export interface Postgres {
  url: string;
  port: number;
  /** A pool of the test's own, for counting rows (it reconnects after a restart too). */
  pool: pg.Pool;
  /** Stops the cluster: `fast` ends every session (57P01), `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops and removes the cluster. */
  destroy(): Promise<void>;
}

function asPostgres(cmd: string, args: string[]) {
  return process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args);
}

/** A throwaway cluster from scripts/ci/pg-cluster.sh, which this process may stop and start. */
export async function startPostgres(): Promise<Postgres> {
  const { stdout } = await run(path.join(root, 'scripts/ci/pg-cluster.sh'), ['start']);
  const vars = Object.fromEntries([...stdout.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!] as const)) as Record<
    string,
    string
  >;
  const dir = vars.PG_TMP!;
  const port = Number(vars.PG_PORT);
  const url = vars.TEST_DATABASE_URL!;
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => undefined);
  const pgCtl = path.join(PG_BIN, 'pg_ctl');
  return {
    url,
    port,
    pool,
    stop: async (mode = 'fast') => {
      await asPostgres(pgCtl, ['-D', `${dir}/data`, '-m', mode, '-w', 'stop']);
    },
    start: async () => {
      await asPostgres(pgCtl, [
        '-D',
        `${dir}/data`,
        '-l',
        `${dir}/server.log`,
        '-w',
        '-o',
        `-p ${port} -k ${dir} -h 127.0.0.1 ${OPTIONS}`,
        'start',
      ]);
    },
    destroy: async () => {
      await pool.end().catch(() => undefined);
      await run(path.join(root, 'scripts/ci/pg-cluster.sh'), ['stop', dir]);
    },
  };
}

/** One number from a `select count(*)`-like query; retried while the database is coming back. */
export async function count(db: Postgres, query: string, params: unknown[] = []): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await db.pool.query<{ n: string | number }>(query, params);
      return Number(res.rows[0]?.n ?? 0);
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
