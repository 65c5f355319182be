import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../db/client';
import { databaseUrl, dropDatabase, quoteIdent, withAdminClient } from './postgres-admin';
import type { PostgresTemplate } from './provided-context';
import './provided-context';

/** Snapshots are read once per worker process and reused for every database it creates. */
let snapshotBlob: Promise<Blob> | undefined;

/**
 * A private, migrated and seeded (demo) database for one test file: mutate it freely.
 * Close it in afterAll; on PostgreSQL closing also drops the cloned database.
 *
 *   let handle: DbHandle;
 *   beforeAll(async () => { handle = await createTestDatabase(); });
 *   afterAll(() => handle.close());
 */
export async function createTestDatabase(): Promise<DbHandle> {
  const template = inject('testDatabaseTemplate');
  if (template) return clonePostgresTemplate(template);

  const snapshotPath = inject('seedSnapshot');
  if (!snapshotPath) throw new Error('Test veritabanı hazır değil: apps/api/src/test/global-setup.ts çalışmadı.');
  snapshotBlob ??= readFile(snapshotPath).then((bytes) => new Blob([bytes]));
  return openDatabase({ memory: true, loadDataDir: await snapshotBlob });
}

async function clonePostgresTemplate({ adminUrl, template }: PostgresTemplate): Promise<DbHandle> {
  const name = `kiyasla_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => createFromTemplate(client, name, template));
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(adminUrl, (client) => dropDatabase(client, name));
    },
  };
}

/** Two workers cloning at the same instant can see "source database is being accessed"; retry briefly. */
async function createFromTemplate(client: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`);
      return;
    } catch (error) {
      const inUse = (error as { code?: string }).code === '55006';
      if (!inUse || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
