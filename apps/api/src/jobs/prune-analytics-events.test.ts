import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_PERIODS } from '@kiyasla/contracts/admin-analytics';
import type { DbHandle } from '../db/client';
import { mostViewed } from '../modules/admin/analytics/admin-analytics.repo';
import { analyticsBounds } from '../modules/admin/analytics/admin-analytics.service';
import { createTestDatabase } from '../test/db';
import { rows } from '../test/price-alerts';
import { ANALYTICS_RETENTION_DAYS, pruneAnalyticsEvents } from './prune-analytics-events';

/** PGlite, or PostgreSQL with TEST_DATABASE_URL. */
let handle: DbHandle;
let productId: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  const [p] = await rows<{ id: string }>(handle.db, sql`select id from products order by id limit 1`);
  productId = p!.id;
}, 180_000);
afterAll(() => handle?.close());

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

async function event(type: string, createdAt: Date, product: string | null = null): Promise<string> {
  const [row] = await rows<{ id: string }>(
    handle.db,
    sql`insert into analytics_events (type, product_id, data, created_at)
        values (${type}, ${product}::uuid, ${JSON.stringify({ test: true })}::jsonb, ${createdAt.toISOString()}::timestamptz)
        returning id::text as id`,
  );
  return row!.id;
}

const ids = async (from: Date) =>
  (
    await rows<{ id: string }>(
      handle.db,
      sql`select id::text as id from analytics_events where created_at >= ${from.toISOString()}::timestamptz order by id`,
    )
  ).map((r) => r.id);

describe('pruneAnalyticsEvents', () => {
  it(`keeps more than the longest admin analytics period: ${ANALYTICS_RETENTION_DAYS} days`, () => {
    // The furthest each period reaches back, at its worst moment: the last minute of a (leap) year in Turkey.
    for (const now of ['2028-12-31T20:59:00Z', '2027-12-31T20:59:00Z', '2028-03-31T20:59:00Z']) {
      for (const period of ANALYTICS_PERIODS) {
        const { periodStart } = analyticsBounds(period, new Date(now));
        const reach = (new Date(now).getTime() - periodStart.getTime()) / DAY_MS;
        expect(reach, `${period} at ${now}`).toBeLessThanOrEqual(ANALYTICS_RETENTION_DAYS - 30);
      }
    }
  });

  it(`deletes events of every type recorded more than ${ANALYTICS_RETENTION_DAYS} days ago, in batches; keeps the rest`, async () => {
    const now = new Date();
    const from = new Date(now.getTime() - (ANALYTICS_RETENTION_DAYS + 30) * DAY_MS);
    const cutoff = now.getTime() - ANALYTICS_RETENTION_DAYS * DAY_MS;
    const old = new Date(cutoff - MINUTE_MS);
    const recent = new Date(cutoff + MINUTE_MS);
    for (let i = 0; i < 3; i++) await event('product_view', old, productId);
    await event('store_click', old);
    await event('phone_code_sent', new Date(cutoff - 20 * DAY_MS));
    const kept = [
      await event('product_view', recent, productId),
      await event('store_click', recent),
      await event('phone_code_sent', now),
    ];

    // Batches of 2: three types, the views taking two statements.
    expect(await pruneAnalyticsEvents(handle.db, { now, batch: 2 })).toBe(5);
    expect(await ids(from)).toEqual(kept);
    expect(await pruneAnalyticsEvents(handle.db, { now, batch: 2 })).toBe(0);
  });

  it('stops after maxBatches batches of a type a pass, and the next pass goes on', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (ANALYTICS_RETENTION_DAYS + 2) * DAY_MS);
    for (let i = 0; i < 5; i++) await event('product_view', old, productId);
    expect(await pruneAnalyticsEvents(handle.db, { now, batch: 2, maxBatches: 1 })).toBe(2);
    expect(await pruneAnalyticsEvents(handle.db, { now, batch: 2, shouldStop: () => true })).toBe(0);
    expect(await pruneAnalyticsEvents(handle.db, { now, batch: 2 })).toBe(3);
  });

  it('leaves the most viewed products of the longest period as they were', async () => {
    // The last hour of a leap year in Turkey: the calendar year reaches 366 days back.
    const now = new Date('2028-12-31T20:30:00Z');
    const bounds = analyticsBounds('year', now);
    const [a, b] = await rows<{ id: string }>(handle.db, sql`select id from products order by id desc limit 2`);
    // b was viewed in the year's first minute; a twice just before the year began.
    await event('product_view', new Date(bounds.periodStart.getTime() + MINUTE_MS), b!.id);
    for (let i = 0; i < 2; i++) await event('product_view', new Date(bounds.periodStart.getTime() - MINUTE_MS), a!.id);
    const before = await mostViewed(handle.db, bounds, 5);
    expect(before.map((p) => p._id)).toEqual([b!.id]);

    await pruneAnalyticsEvents(handle.db, { now });
    expect(await mostViewed(handle.db, bounds, 5)).toEqual(before);
  });
});
