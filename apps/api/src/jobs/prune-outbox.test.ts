import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { rows } from '../test/price-alerts';
import { OUTBOX_RETENTION_DAYS, pruneFinishedOutbox } from './prune-outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

const DAY_MS = 86_400_000;

async function put(key: string, kind: string, status: string, processedDaysAgo: number | null, now: Date) {
  const processed =
    processedDaysAgo === null ? null : new Date(now.getTime() - processedDaysAgo * DAY_MS).toISOString();
  await t.db.db.execute(sql`
    insert into outbox (kind, payload, dedupe_key, status, processed_at, created_at)
    values (${kind}, '{}'::jsonb, ${key}, ${status}::outbox_status, ${processed}::timestamptz,
            ${new Date(now.getTime() - 60 * DAY_MS).toISOString()}::timestamptz)`);
}

const keys = async (prefix: string) =>
  (
    await rows<{ dedupe_key: string }>(
      t.db.db,
      sql`select dedupe_key from outbox where dedupe_key like ${`${prefix}%`} order by dedupe_key`,
    )
  ).map((r) => r.dedupe_key);

describe('pruneFinishedOutbox', () => {
  it(`deletes work finished more than ${OUTBOX_RETENTION_DAYS} days ago, of every kind, in batches; keeps the rest`, async () => {
    const now = new Date();
    const p = `prune-${now.getTime()}:`;
    const old = OUTBOX_RETENTION_DAYS + 1;
    const recent = OUTBOX_RETENTION_DAYS - 1;
    await put(`${p}mail-old`, 'email.price-alert', 'done', old, now);
    await put(`${p}mail-recent`, 'email.weekly-summary', 'done', recent, now);
    for (let i = 0; i < 7; i++) await put(`${p}event-old-${i}`, 'price.changed', 'done', old, now);
    await put(`${p}event-recent`, 'price.changed', 'done', recent, now);
    // Never finished: whatever their age, they stay.
    await put(`${p}pending`, 'price.changed', 'pending', null, now);
    await put(`${p}processing`, 'email.password-reset', 'processing', null, now);
    await put(`${p}failed`, 'email.price-alert', 'failed', old, now);

    // Batches of 3: the eight old rows take three statements.
    expect(await pruneFinishedOutbox(t.db.db, { now, batch: 3 })).toBe(8);
    expect(await keys(p)).toEqual([
      `${p}event-recent`,
      `${p}failed`,
      `${p}mail-recent`,
      `${p}pending`,
      `${p}processing`,
    ]);
    // Idempotent.
    expect(await pruneFinishedOutbox(t.db.db, { now, batch: 3 })).toBe(0);
    expect(await keys(p)).toHaveLength(5);
  });
});
