import { ConfigError, loadDatabaseConfig } from '../config';
import { openDatabase, type DbHandle } from './client';
import { pgliteDataDir } from './paths';

/**
 * The database part of the configuration, parsed by the server's own parser: DATABASE_URL
 * selects PostgreSQL, otherwise PGlite under DATA_DIR (default <repo>/data, independent of the
 * directory the command is started from).
 */
export type CliEnv = ReturnType<typeof loadDatabaseConfig>;

/**
 * Runs a database command with its configuration; on failure prints what went wrong (a bad
 * variable exactly as the server would print it) and exits with 1.
 */
export async function runCli(failure: string, command: (env: CliEnv) => Promise<void>): Promise<void> {
  try {
    await command(loadDatabaseConfig());
  } catch (error: unknown) {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(`${failure}:`, error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

export function openCliDatabase(env: CliEnv): Promise<DbHandle> {
  return openDatabase(
    env.databaseUrl ? { databaseUrl: env.databaseUrl, poolSize: 2 } : { dataDir: pgliteDataDir(env.dataDir) },
  );
}

/** Where the command is working, without printing credentials from the URL. */
export function describeTarget(env: CliEnv): string {
  if (!env.databaseUrl) return `PGlite (${pgliteDataDir(env.dataDir)})`;
  const url = new URL(env.databaseUrl);
  return `PostgreSQL (${url.hostname}:${url.port || '5432'}${url.pathname})`;
}
