import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbHandle } from '../db/client';
import { sqlRows } from '../lib/sql-rows';
import { createTestDatabase } from '../test/db';
import { makeUser, rows } from '../test/price-alerts';
import { pruneReadNotifications, READ_NOTIFICATION_RETENTION_DAYS } from './prune-read-notifications';

/** PGlite, or PostgreSQL with TEST_DATABASE_URL. */
let handle: DbHandle;
let user: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  user = await makeUser(handle.db);
}, 180_000);
afterAll(() => handle?.close());

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

async function notification(read: boolean, createdAt: Date): Promise<string> {
  const [row] = await rows<{ id: string }>(
    handle.db,
    sql`insert into notifications (user_id, type, title, message, is_read, created_at)
        values (${user}::uuid, 'system', 'Duyuru', 'Mesaj', ${read}, ${createdAt.toISOString()}::timestamptz)
        returning id`,
  );
  return row!.id;
}

const left = async () =>
  (
    await rows<{ id: string }>(handle.db, sql`select id from notifications where user_id = ${user}::uuid order by id`)
  ).map((r) => r.id);

/** The database, recording how many rows each statement sent back. */
function recording(db: Database): { db: Database; returned: number[] } {
  const returned: number[] = [];
  const spy = new Proxy(db, {
    get: (target, prop, receiver) =>
      prop === 'execute'
        ? async (query: SQL) => {
            const result = await target.execute(query);
            returned.push(sqlRows(result).length);
            return result;
          }
        : Reflect.get(target, prop, receiver),
  });
  return { db: spy, returned };
}

describe('pruneReadNotifications', () => {
  it(`deletes read notifications written more than ${READ_NOTIFICATION_RETENTION_DAYS} days ago, a batch a statement; keeps unread ones and recent ones`, async () => {
    const now = new Date();
    const cutoff = now.getTime() - READ_NOTIFICATION_RETENTION_DAYS * DAY_MS;
    const old = new Date(cutoff - MINUTE_MS);
    const gone = [];
    for (let i = 0; i < 5; i++) gone.push(await notification(true, old));
    const kept = [
      await notification(true, new Date(cutoff + MINUTE_MS)),
      await notification(false, old),
      await notification(false, new Date(cutoff - 400 * DAY_MS)),
    ];
    // One of them went out by e-mail: its delivery row goes with it.
    await handle.db.execute(sql`
      insert into notification_deliveries (notification_id, user_id, channel, status, created_at)
      values (${gone[0]}::uuid, ${user}::uuid, 'email', 'sent', ${old.toISOString()}::timestamptz)`);

    // Batches of 2: five rows take three statements, none sends back more than its batch.
    const { db, returned } = recording(handle.db);
    expect(await pruneReadNotifications(db, { now, batch: 2 })).toBe(5);
    expect(returned).toEqual([2, 2, 1]);
    expect(await left()).toEqual([...kept].sort());
    expect(
      await rows(handle.db, sql`select 1 from notification_deliveries where notification_id = ${gone[0]}::uuid`),
    ).toHaveLength(0);
    expect(await pruneReadNotifications(handle.db, { now, batch: 2 })).toBe(0);
  });

  it('stops after maxBatches batches a pass, and the next pass goes on', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (READ_NOTIFICATION_RETENTION_DAYS + 1) * DAY_MS);
    for (let i = 0; i < 5; i++) await notification(true, old);
    expect(await pruneReadNotifications(handle.db, { now, batch: 2, maxBatches: 2 })).toBe(4);
    expect(await pruneReadNotifications(handle.db, { now, batch: 2, shouldStop: () => true })).toBe(0);
    expect(await pruneReadNotifications(handle.db, { now, batch: 2 })).toBe(1);
  });
});
