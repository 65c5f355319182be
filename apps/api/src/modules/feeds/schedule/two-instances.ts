import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../../test/db';
import { databaseUrl, dropDatabase, quoteIdent, withAdminClient } from '../../../test/postgres-admin';

/**
 * For tests only: one seeded database seen by two "instances". On PostgreSQL each has its own
 * connection pool (as two API processes would); PGlite has one connection, so both share it.
 */
export interface TwoInstances {
  first: DbHandle;
  second: DbHandle;
  close(): Promise<void>;
}

export async function openTwoInstances(): Promise<TwoInstances> {
  const template = inject('testDatabaseTemplate');
  if (!template) {
    const shared = await createTestDatabase();
    return { first: shared, second: shared, close: () => shared.close() };
  }
  const name = `kiyasla_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(template.adminUrl, async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${quoteIdent(name)} template ${quoteIdent(template.template)}`);
        return;
      } catch (error) {
        // Another worker cloning the template at the same instant: retry briefly.
        if ((error as { code?: string }).code !== '55006' || attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  });
  const url = databaseUrl(template.adminUrl, name);
  const first = await openDatabase({ databaseUrl: url, poolSize: 4 });
  const second = await openDatabase({ databaseUrl: url, poolSize: 4 });
  return {
    first,
    second,
    close: async () => {
      await first.close();
      await second.close();
      await withAdminClient(template.adminUrl, (client) => dropDatabase(client, name));
    },
  };
}
