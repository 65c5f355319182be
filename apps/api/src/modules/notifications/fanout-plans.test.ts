import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle, Transaction } from '../../db/client';
import { createTestDatabase } from '../../test/db';
import { alertAndFavorite, makeUser } from '../../test/price-alerts';
import { triggerAlerts } from '../alerts/alert-triggers';
import { notifyFavoritePriceDrops } from './price-drops';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** Runs `work` in a transaction that is rolled back, with every statement it sends recorded. */
async function capture(work: (tx: Transaction) => Promise<void>): Promise<SQL[]> {
  const sent: SQL[] = [];
  const rollback = new Error('rollback');
  try {
    await handle.db.transaction(async (tx) => {
      const recording = new Proxy(tx, {
        get(target, prop, receiver) {
          if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
          return (query: SQL) => {
            sent.push(query);
            return target.execute(query);
          };
        },
      });
      await work(recording);
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return sent;
}

/** The plans of these statements with the table scans ruled out: an index with visits to the rows, or the index alone. */
async function plans(statements: readonly SQL[]): Promise<string> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const out: string[] = [];
    for (const s of statements) out.push(JSON.stringify(await tx.execute(sql`explain (format json) ${s}`)));
    return out.join('\n');
  });
}

const indexOnly = (index: string) => new RegExp(`"Node Type":"Index Only Scan"[^{}]*"Index Name":"${index}"`);

describe("the price-change consumer's fan-out (migration 0023, ADR 017)", () => {
  it("finds the favorites' users, their accounts and the products' names from indexes alone", async () => {
    const user = await makeUser(handle.db);
    const { watched, favorited, drop } = await alertAndFavorite(handle.db, user, user);
    await drop();
    // The visibility map the index-only paths rely on (autovacuum keeps it in a running database).
    await handle.db.execute(sql`vacuum (analyze) favorites, users, products`);

    const sent = await capture(async (tx) => {
      expect(await triggerAlerts(tx, [watched.id])).toHaveLength(1);
      expect(
        await notifyFavoritePriceDrops(
          tx,
          [{ productId: favorited.id, lowestBefore: favorited.lowest, day: '2026-12-04' }],
          5,
        ),
      ).toBe(1);
    });
    const planned = await plans(sent);
    expect(planned).toMatch(indexOnly('favorites_product_user_idx'));
    expect(planned).toMatch(indexOnly('users_active_id_idx'));
    expect(planned).toMatch(indexOnly('products_id_name_idx'));
  });
});
