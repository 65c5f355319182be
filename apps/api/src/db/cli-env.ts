import { openDatabase, type DbHandle } from './client';
import { findRepoRoot, pgliteDataDir, resolveDataDir } from './paths';

/**
 * Environment shared by the database CLIs, read the way the server reads it: DATABASE_URL
 * selects PostgreSQL, otherwise PGlite under DATA_DIR (default <repo>/data, independent of the
 * directory the command is started from).
 */
export interface CliEnv {
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

export function readCliEnv(env: NodeJS.ProcessEnv = process.env): CliEnv {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  return {
    databaseUrl,
    dataDir: resolveDataDir(env.DATA_DIR?.trim() || undefined, findRepoRoot(import.meta.url)),
    // Like the server: demo accounts by default only for the embedded (local) database.
    seedDemo: parseBoolean('SEED_DEMO', env.SEED_DEMO, databaseUrl === undefined),
    adminEmail: env.ADMIN_EMAIL?.trim() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
  };
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  throw new Error(`${name} geçersiz: "${raw}" (true/false, 1/0, yes/no, on/off beklenir)`);
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
