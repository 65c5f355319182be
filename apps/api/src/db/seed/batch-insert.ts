import type { PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../client';

/**
 * Multi-row INSERTs sized by a bind-parameter budget: Postgres allows 65,535 parameters per
 * statement, and ~20k keeps statements quick to plan on PGlite. One statement per chunk instead
 * of one per row is what makes seeding 75k price points take seconds.
 */
export async function insertInBatches<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: T['$inferInsert'][],
  paramBudget = 20_000,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Math.max(1, Object.keys(first).length);
  const size = Math.max(1, Math.floor(paramBudget / columns));
  for (let start = 0; start < rows.length; start += size) {
    await tx.insert(table).values(rows.slice(start, start + size));
  }
}
