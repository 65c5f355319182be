import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from './client';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openDatabase({ memory: true });
});
afterAll(() => handle.close());

describe('the embedded database refuses a query that would wait for its own transaction', () => {
  it('answers DB_SELF_DEADLOCK at once for the handle used inside its transaction, and rolls back', async () => {
    await handle.db.execute(sql`create table t (n int)`);
    const attempt = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1)`);
      await handle.db.execute(sql`select 1`);
    });
    await expect(attempt).rejects.toMatchObject({ cause: { code: 'DB_SELF_DEADLOCK' } });
    expect((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from t`)).rows[0]!.n).toBe(0);
  });

  it('lets the transaction itself, nested savepoints and queries from outside run', async () => {
    const outside = handle.db.execute(sql`select 2 as n`);
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2)`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into t values (3)`);
      });
    });
    expect((await outside).rows).toEqual([{ n: 2 }]);
    expect((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from t`)).rows[0]!.n).toBe(2);
  });
});
