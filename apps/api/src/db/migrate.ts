import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { DbHandle, Schema } from './client';

/** Any value; only has to be the same for every instance of the API. */
const MIGRATION_LOCK_KEY = 7_241_901;

/**
 * Where the generated SQL lives. Under tsx/vitest this file is src/db/migrate.ts; in production
 * it is bundled into apps/api/dist/server.js, whose neighbour is ../src/db/migrations. A copy
 * next to the bundle (dist/migrations) is honoured too.
 */
export function defaultMigrationsFolder(fromUrl: string | URL = import.meta.url): string {
  const candidates = ['./migrations', './db/migrations', '../src/db/migrations'].map((rel) =>
    fileURLToPath(new URL(rel, fromUrl)),
  );
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migration klasörü bulunamadı. Denenen yollar: ${candidates.join(', ')}`);
  return found;
}

/**
 * Applies pending migrations. On PostgreSQL a session advisory lock serialises API instances
 * that start at the same time; PGlite has a single connection, so it needs none.
 */
export async function runMigrations(handle: DbHandle, migrationsFolder = defaultMigrationsFolder()): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  const nodeDb = handle.db as unknown as NodePgDatabase<Schema> & { $client: pg.Pool };
  const lockClient = await nodeDb.$client.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(nodeDb, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
}
