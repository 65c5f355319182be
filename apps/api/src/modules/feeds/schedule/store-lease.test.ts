import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';
import { acquireStoreLease, claimDueStore, releaseStoreLease, renewStoreLease } from './store-lease';
import { openTwoInstances, type TwoInstances } from './two-instances';

let instances: TwoInstances;
let db: Database;
let seq = 0;

beforeAll(async () => {
  instances = await openTwoInstances();
  db = instances.first.db;
});
afterAll(() => instances.close());

/** Unschedules every store, so each test sees only the feeds it creates. */
beforeEach(async () => {
  await db.execute(sql`update stores set feed_next_pull_at = null, feed_lease_until = null, feed_leased_by = null`);
});

async function feedStore(options: { dueSecondsAgo?: number; active?: boolean } = {}): Promise<string> {
  seq += 1;
  const due = options.dueSecondsAgo ?? 60;
  const [row] = sqlRows<{ id: string }>(
    await db.execute(sql`
      insert into stores (name, slug, feed_url, feed_interval_minutes, feed_next_pull_at, is_active)
      values (${`Kira Mağazası ${seq}`}, ${`kira-magazasi-${seq}`}, ${`https://magaza${seq}.example/feed.json`}, 15,
              now() - make_interval(secs => ${due}), ${options.active ?? true})
      returning id`),
  );
  return row!.id;
}

async function leaseOf(storeId: string) {
  const [row] = sqlRows<{ feed_leased_by: string | null; leased: boolean; next_in_minutes: number | null }>(
    await db.execute(sql`
      select feed_leased_by, feed_lease_until > now() as leased,
             round(extract(epoch from feed_next_pull_at - now()) / 60)::int as next_in_minutes
        from stores where id = ${storeId}::uuid`),
  );
  return row!;
}

describe('claimDueStore', () => {
  it('claims the most overdue store with its feed facts, and nothing that is not due, inactive or leased', async () => {
    const older = await feedStore({ dueSecondsAgo: 600 });
    const newer = await feedStore({ dueSecondsAgo: 60 });
    await feedStore({ dueSecondsAgo: -600 });
    await feedStore({ active: false });

    const first = await claimDueStore(db, 'a');
    expect(first).toMatchObject({ storeId: older, etag: null, lastModified: null, intervalMinutes: 15 });
    expect(first?.feedUrl).toMatch(/^https:\/\/magaza\d+\.example\/feed\.json$/);
    expect(await leaseOf(older)).toMatchObject({ feed_leased_by: 'a', leased: true });
    expect((await claimDueStore(db, 'b'))?.storeId).toBe(newer);
    expect(await claimDueStore(db, 'c')).toBeNull();
  });

  it('never gives two holders claiming at the same time the same store', async () => {
    const stores = await Promise.all(Array.from({ length: 6 }, () => feedStore()));
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        claimDueStore((i % 2 ? instances.second : instances.first).db, `holder-${i}`),
      ),
    );
    const claimed = claims.filter((c) => c !== null).map((c) => c.storeId);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...stores].sort());
  });

  it('claims a store again once its lease has run out (a crashed holder)', async () => {
    const storeId = await feedStore();
    expect((await claimDueStore(db, 'crashed'))?.storeId).toBe(storeId);
    expect(await claimDueStore(db, 'other')).toBeNull();
    const elevenMinutesLater = new Date(Date.now() + 11 * 60_000);
    expect((await claimDueStore(db, 'other', elevenMinutesLater))?.storeId).toBe(storeId);
  });
});

describe('acquireStoreLease / releaseStoreLease', () => {
  it('refuses a store another holder has leased, until that lease runs out or is released', async () => {
    const storeId = await feedStore({ dueSecondsAgo: -600 });
    expect(await acquireStoreLease(db, storeId, 'upload-1')).toBe(true);
    expect(await acquireStoreLease(db, storeId, 'cli-1')).toBe(false);
    // The holder itself may take it again (renewal).
    expect(await acquireStoreLease(db, storeId, 'upload-1')).toBe(true);

    expect(await releaseStoreLease(db, storeId, 'cli-1')).toBe(false);
    expect(await releaseStoreLease(db, storeId, 'upload-1')).toBe(true);
    expect(await leaseOf(storeId)).toMatchObject({ feed_leased_by: null, leased: null, next_in_minutes: 10 });
    expect(await acquireStoreLease(db, storeId, 'cli-1', 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await acquireStoreLease(db, storeId, 'upload-2')).toBe(true);
  });

  it('keeps a scheduled pull and an upload of one store apart', async () => {
    const storeId = await feedStore();
    expect(await acquireStoreLease(db, storeId, 'upload')).toBe(true);
    expect(await claimDueStore(db, 'scheduler')).toBeNull();
    await releaseStoreLease(db, storeId, 'upload');
    expect((await claimDueStore(db, 'scheduler'))?.storeId).toBe(storeId);
    expect(await acquireStoreLease(db, storeId, 'upload')).toBe(false);
  });

  it('keeps the new due time of a feed the admin rescheduled during the pull', async () => {
    const storeId = await feedStore();
    const claim = await claimDueStore(db, 'scheduler');
    // The operator changes the URL mid-pull: the admin API makes it due at once.
    await db.execute(sql`update stores set feed_next_pull_at = now() where id = ${storeId}::uuid`);
    await releaseStoreLease(db, storeId, 'scheduler', { nextPullAt: 'after-interval', claimedDueAt: claim!.dueAt });
    expect(await leaseOf(storeId)).toMatchObject({ feed_leased_by: null, next_in_minutes: 0 });

    const again = await claimDueStore(db, 'scheduler');
    await releaseStoreLease(db, storeId, 'scheduler', { nextPullAt: 'after-interval', claimedDueAt: again!.dueAt });
    expect(await leaseOf(storeId)).toMatchObject({ next_in_minutes: 15 });
  });

  it('renews only its own lease, and release sets the next pull one interval ahead', async () => {
    const storeId = await feedStore();
    await claimDueStore(db, 'scheduler');
    expect(await renewStoreLease(db, storeId, 'someone-else')).toBe(false);
    expect(await renewStoreLease(db, storeId, 'scheduler')).toBe(true);
    await releaseStoreLease(db, storeId, 'scheduler', { nextPullAt: 'after-interval' });
    expect(await leaseOf(storeId)).toMatchObject({ feed_leased_by: null, next_in_minutes: 15 });
  });
});
