import { createReadStream } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';
import { createTestDatabase } from '../../../test/db';
import { importForStore } from './import-for-store';
import { SAMPLE_FEED_DIR, SAMPLE_FEEDS } from './make-sample-feeds';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/**
 * The README's "try it" feeds are made from the deterministic demo seed: if the seed changes,
 * they must be made again (make-sample-feeds.ts), which this notices.
 */
describe.each(SAMPLE_FEEDS)('sample feed $file', ({ store, file }) => {
  const load = () =>
    importForStore(handle.db, {
      storeSlug: store,
      body: createReadStream(path.join(SAMPLE_FEED_DIR, file)),
      maxBytes: 50 * 1024 * 1024,
    });

  it('matches every offer of the demo store, lowers prices, and is a no-op the second time', async () => {
    const [{ n: offers } = { n: 0 }] = sqlRows<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from store_offers o join stores s on s.id = o.store_id
                                   where s.slug = ${store} and o.is_active`),
    );
    const { result } = await load();
    expect(result.status).toBe('succeeded');
    expect(result.report).toMatchObject({
      received: offers,
      matched: offers,
      unmatched: 0,
      rejected: 0,
      created: 0,
      deactivated: 0,
    });
    expect(result.report.priceChanges).toBeGreaterThan(offers / 10);
    // Some of the cheaper offers are now their product's lowest price.
    const lowered = sqlRows<{ n: number }>(
      await handle.db.execute(sql`
        select count(*)::int as n from store_offers o join stores s on s.id = o.store_id join product_prices p on p.product_id = o.product_id
         where s.slug = ${store} and o.is_active and p.min_price = o.price and p.price_updated_at > now() - interval '1 minute'`),
    );
    expect(Number(lowered[0]!.n)).toBeGreaterThan(0);

    const again = await load();
    expect(again.result.report).toMatchObject({ updated: 0, priceChanges: 0, unchanged: offers });
  });
});
