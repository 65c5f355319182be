import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { guardAgainstSelfDeadlock } from './pglite-deadlock-guard';
import * as schema from './schema/index';

export type Schema = typeof schema;

/**
 * What `db.execute(sql)` resolves to on both drivers: pg's QueryResult and PGlite's Results
 * share `rows`, so raw SQL stays typed (`db.execute<{ n: number }>(sql...)).rows`).
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: RawQueryResult<Assume<this['row'], Record<string, unknown>>>;
}

export interface RawQueryResult<TRow> {
  rows: TRow[];
}

/**
 * The drizzle database type both drivers satisfy. Code that only builds queries and runs
 * transactions works unchanged on PGlite and on node-postgres.
 */
export type Database = PgDatabase<QueryResultHKT, Schema>;

/** What a transaction callback receives: use it wherever a Database is accepted. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Round-trips `select 1`; throws when the database is unreachable (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance, for dumping it (test snapshots) or low-level access. */
  pglite?: PGlite;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL. When absent, the embedded PGlite engine is used. */
  databaseUrl?: string;
  /** PGlite data directory (created when missing). Ignored with `memory` or `databaseUrl`. */
  dataDir?: string;
  /** PGlite in memory: nothing is written to disk. Also the default when no dataDir is given. */
  memory?: boolean;
  /** A `dumpDataDir()` tarball to start PGlite from (cheap copies of a seeded database). */
  loadDataDir?: Blob | File;
  /** node-postgres pool size (default 10). */
  poolSize?: number;
  /** Errors of idle pooled connections; without a listener they would crash the process. */
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DbHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts);
}

async function openPglite(opts: OpenDatabaseOptions): Promise<DbHandle> {
  const dataDir = opts.memory || !opts.dataDir ? undefined : opts.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  guardAgainstSelfDeadlock(client);
  const db: Database = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(databaseUrl: string, opts: OpenDatabaseOptions): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.poolSize ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  pool.on('error', opts.onPoolError ?? ((error) => console.error('[db] idle connection error:', error.message)));
  const db: Database = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
