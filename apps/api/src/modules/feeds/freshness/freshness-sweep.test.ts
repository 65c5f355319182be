import { beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { notifications } from '../../../db/schema/notifications';
import { outbox } from '../../../db/schema/outbox';
import { priceAlerts } from '../../../db/schema/price-alerts';
import { priceHistory } from '../../../db/schema/price-history';
import { sqlRows } from '../../../lib/sql-rows';
import { useTestApp } from '../../../test/app';
import { databaseNow } from './freshness.repo';
import { sweepStaleOffers } from './freshness-sweep';

const t = useTestApp();
let db: Database;
let picked: Candidate[];

interface ProductPrices {
  min_price: number | null;
  offer_count: number;
}

async function prices(productId: string): Promise<ProductPrices> {
  const [row] = sqlRows<ProductPrices>(
    await db.execute(sql`select min_price, offer_count from product_prices where product_id = ${productId}::uuid`),
  );
  return { min_price: row!.min_price === null ? null : Number(row!.min_price), offer_count: Number(row!.offer_count) };
}

interface Candidate {
  productId: string;
  offerId: string;
  storeId: string;
  /** The product's lowest price without this offer. */
  next: number;
}

/**
 * Products with at least two active offers whose cheapest offer is strictly the cheapest, one
 * per store (each test changes its own store: feed settings, confirmation times).
 */
async function candidates(n: number): Promise<Candidate[]> {
  const rows = sqlRows<{ product_id: string; offer_id: string; store_id: string; next: number }>(
    await db.execute(sql`
      select distinct on (c.store_id) c.product_id, c.offer_id, c.store_id, c.next
        from (
          select p.id as product_id, o.id as offer_id, o.store_id,
                 (select min(o2.price) from store_offers o2
                   where o2.product_id = p.id and o2.is_active and o2.id <> o.id) as next, o.price
            from products p
            join product_prices pp on pp.product_id = p.id
            join lateral (select * from store_offers o where o.product_id = p.id and o.is_active
                           order by o.price limit 1) o on true
           where p.is_active and pp.offer_count >= 2
        ) c
       where c.next > c.price
       order by c.store_id, c.product_id
       limit ${n}`),
  );
  expect(rows).toHaveLength(n);
  return rows.map((r) => ({ productId: r.product_id, offerId: r.offer_id, storeId: r.store_id, next: Number(r.next) }));
}

async function makeFeedFed(storeId: string): Promise<void> {
  await db.execute(sql`
    update stores set feed_url = 'https://magaza.example/feed.json', freshness_hours = 72 where id = ${storeId}::uuid`);
  // Every other offer of the store was confirmed just now.
  await db.execute(sql`update store_offers set last_seen_at = now() where store_id = ${storeId}::uuid`);
}

async function confirmedHoursAgo(offerId: string, hours: number): Promise<void> {
  await db.execute(
    sql`update store_offers set last_seen_at = now() - make_interval(hours => ${hours}) where id = ${offerId}::uuid`,
  );
}

async function sideEffects() {
  const [[o], [n], [h], [a]] = await Promise.all([
    db.select({ n: count() }).from(outbox),
    db.select({ n: count() }).from(notifications),
    db.select({ n: count() }).from(priceHistory),
    db
      .select({ n: count() })
      .from(priceAlerts)
      .where(sql`${priceAlerts.triggered}`),
  ]);
  return { outbox: o!.n, notifications: n!.n, history: h!.n, triggeredAlerts: a!.n };
}

beforeAll(async () => {
  db = t.db.db;
  picked = await candidates(5);
});

describe('sweepStaleOffers', () => {
  it('recomputes the lowest price and store count of a product whose cheapest offer just turned stale, and triggers nothing', async () => {
    const target = picked[0]!;
    await makeFeedFed(target.storeId);
    const before = await prices(target.productId);
    // Confirmed 73 hours ago: its 72-hour window ran out an hour ago, after the last sweep.
    await confirmedHoursAgo(target.offerId, 73);
    const effects = await sideEffects();
    const lastSweep = new Date((await databaseNow(db)).getTime() - 2 * 3_600_000);

    const result = await sweepStaleOffers(db, { since: lastSweep });

    expect(result.products).toBeGreaterThanOrEqual(1);
    const after = await prices(target.productId);
    expect(after.min_price).toBe(target.next);
    expect(after.offer_count).toBe(before.offer_count - 1);
    expect(await sideEffects()).toEqual(effects);

    // The next sweep starts where this one ended: nothing crossed since.
    expect((await sweepStaleOffers(db, { since: result.now })).products).toBe(0);
  });

  it('leaves offers that crossed before the swept window, hand-kept stores and inactive offers alone', async () => {
    const crossedEarlier = picked[1]!;
    await makeFeedFed(crossedEarlier.storeId);
    await confirmedHoursAgo(crossedEarlier.offerId, 100);

    // A store without a feed: its offers never turn stale by age.
    const handKept = picked[2]!;
    await db.execute(
      sql`update stores set feed_url = null, feed_last_success_at = null where id = ${handKept.storeId}::uuid`,
    );
    await confirmedHoursAgo(handKept.offerId, 73);

    const inactive = picked[3]!;
    await makeFeedFed(inactive.storeId);
    await db.execute(sql`update store_offers set is_active = false where id = ${inactive.offerId}::uuid`);
    await confirmedHoursAgo(inactive.offerId, 73);

    const now = await databaseNow(db);
    const lastSweep = new Date(now.getTime() - 2 * 3_600_000);
    const before = await Promise.all([crossedEarlier, handKept, inactive].map((p) => prices(p.productId)));

    const result = await sweepStaleOffers(db, { since: lastSweep, now });

    const after = await Promise.all([crossedEarlier, handKept, inactive].map((p) => prices(p.productId)));
    expect(after).toEqual(before);
    // Had the window reached back 30 hours, the first one would have been recomputed.
    const wide = await sweepStaleOffers(db, { since: new Date(now.getTime() - 30 * 3_600_000), now });
    expect(wide.products).toBeGreaterThan(result.products);
    expect((await prices(crossedEarlier.productId)).min_price).toBe(crossedEarlier.next);
  });

  it('counts the offers of a store whose last import succeeded as feed-fed, even without a feed URL', async () => {
    const target = picked[4]!;
    await db.execute(sql`
      update stores set feed_url = null, feed_last_success_at = now() - interval '1 day', freshness_hours = 24
       where id = ${target.storeId}::uuid`);
    await db.execute(sql`update store_offers set last_seen_at = now() where store_id = ${target.storeId}::uuid`);
    await db.execute(
      sql`update store_offers set last_seen_at = now() - interval '25 hours' where id = ${target.offerId}::uuid`,
    );
    const now = await databaseNow(db);

    await sweepStaleOffers(db, { since: new Date(now.getTime() - 2 * 3_600_000), now });

    expect((await prices(target.productId)).min_price).toBe(target.next);
  });

  it('does nothing for an empty window', async () => {
    const now = await databaseNow(db);
    expect(await sweepStaleOffers(db, { since: now, now })).toEqual({ products: 0, now });
  });
});
