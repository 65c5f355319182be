import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { scheduleDeliveries, writeQueuedDeliveries } from '../modules/notifications/deliveries/schedule';
import { createTestDatabase } from '../test/db';
import { makeUser, rows } from '../test/price-alerts';
import { DELIVERY_RETENTION_DAYS, pruneFinishedDeliveries } from './prune-notification-deliveries';

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

async function notification(): Promise<string> {
  const [row] = await rows<{ id: string }>(
    handle.db,
    sql`insert into notifications (user_id, type, title, message)
        values (${user}::uuid, 'price_alert', 'Fiyat alarmı', 'Hedef fiyata ulaşıldı') returning id`,
  );
  return row!.id;
}

/** A delivery row of a new notification, as the worker leaves it. */
async function delivery(status: string, createdAt: Date, channel = 'email'): Promise<string> {
  const [row] = await rows<{ id: string }>(
    handle.db,
    sql`insert into notification_deliveries (notification_id, user_id, channel, status, attempts, sent_at, created_at, next_attempt_at)
        values (${await notification()}::uuid, ${user}::uuid, ${channel}::delivery_channel, ${status}::delivery_status, 1,
                ${status === 'sent' ? createdAt.toISOString() : null}::timestamptz,
                ${createdAt.toISOString()}::timestamptz, ${createdAt.toISOString()}::timestamptz)
        returning id::text as id`,
  );
  return row!.id;
}

const left = async () =>
  (
    await rows<{ id: string }>(
      handle.db,
      sql`select id::text as id from notification_deliveries where user_id = ${user}::uuid order by id`,
    )
  ).map((r) => r.id);

describe('pruneFinishedDeliveries', () => {
  it(`deletes finished deliveries written more than ${DELIVERY_RETENTION_DAYS} days ago, in batches; keeps the rest`, async () => {
    const now = new Date();
    const cutoff = now.getTime() - DELIVERY_RETENTION_DAYS * DAY_MS;
    const old = new Date(cutoff - MINUTE_MS);
    const recent = new Date(cutoff + MINUTE_MS);
    await delivery('sent', old);
    await delivery('failed', old, 'sms');
    await delivery('skipped', new Date(cutoff - 30 * DAY_MS), 'push');
    const kept = [
      await delivery('sent', recent),
      await delivery('skipped', recent, 'push'),
      // Not finished, whatever their age: still to be sent (quiet hours, backoff), or claimed.
      await delivery('pending', old),
      await delivery('processing', old),
    ];

    expect(await pruneFinishedDeliveries(handle.db, { now, batch: 2 })).toBe(3);
    expect(await left()).toEqual(kept);
    expect(await pruneFinishedDeliveries(handle.db, { now, batch: 2 })).toBe(0);
    expect(await pruneFinishedDeliveries(handle.db, { now, batch: 2, maxBatches: 1 })).toBe(0);
  });

  it('stops after maxBatches batches a pass, and the next pass goes on', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (DELIVERY_RETENTION_DAYS + 1) * DAY_MS);
    for (let i = 0; i < 5; i++) await delivery('sent', old);
    expect(await pruneFinishedDeliveries(handle.db, { now, batch: 2, maxBatches: 1 })).toBe(2);
    expect(await pruneFinishedDeliveries(handle.db, { now, batch: 2, shouldStop: () => true })).toBe(0);
    expect(await pruneFinishedDeliveries(handle.db, { now, batch: 2 })).toBe(3);
  });

  it('keeps the deliveries of a notification still queued: they are what stops a second copy', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (DELIVERY_RETENTION_DAYS + 1) * DAY_MS);
    const [queued, done] = [await notification(), await notification()];
    // Both got their deliveries long ago, and they went out.
    expect(await scheduleDeliveries(handle.db, [queued, done], old)).toBeGreaterThan(0);
    await handle.db.execute(sql`
      update notification_deliveries set status = 'sent', sent_at = ${old.toISOString()}::timestamptz,
             created_at = ${old.toISOString()}::timestamptz
       where notification_id in (${queued}::uuid, ${done}::uuid)`);
    await handle.db.execute(sql`insert into notification_delivery_queue (notification_id) values (${queued}::uuid)`);
    const of = async (id: string) =>
      rows(handle.db, sql`select id from notification_deliveries where notification_id = ${id}::uuid`);
    const queuedRows = (await of(queued)).length;

    await pruneFinishedDeliveries(handle.db, { now });
    expect(await of(done)).toHaveLength(0);
    expect(await of(queued)).toHaveLength(queuedRows);
    // The worker takes it off the queue: its unique key lets no second copy be written.
    expect(await writeQueuedDeliveries(handle.db, 10, now)).toEqual({ taken: 1, written: 0 });
  });
});
