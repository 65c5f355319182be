import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { listingQuerySchema } from '@kiyasla/contracts/listing';
import type { Database } from '../../db/client';
import { setPublicReadCaching } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { useTestApp } from '../../test/app';
import { listingIndexFigures, MAX_AGE_MS, prewarmListingIndex } from './listing-index';
import { listProducts, type ListingInput } from './products.service';

/*
 * The listing index's bound on a lost announcement (ADR 010 amendment of 2026-12-03, "Rereads by
 * change time"): the triggers of migration 0027 stamp every change of a figure it reads, whoever
 * writes it, and every MAX_AGE_MS it reads again the products stamped since its last read. These
 * changes are written as a writer that announces nothing would write them.
 */

const t = useTestApp();
let db: Database;
/** The same database under another identity, which has no index: its listings come from SQL. */
let sqlOnly: Database;
let category: { id: string; slug: string };
/** The category's active products with a price, cheapest first. */
let priced: string[] = [];
/** The database's clock before the index was built: what this file changes is stamped after it. */
let beforeBuild = '';

beforeAll(async () => {
  db = t.db.db;
  sqlOnly = Object.create(db) as Database;
  setPublicReadCaching(false);
  beforeBuild = sqlRows<{ at: string }>(await db.execute(sql`select now()::text as at`))[0]!.at;
  await prewarmListingIndex(db);
  const [c] = sqlRows<{ id: string; slug: string }>(
    await db.execute(sql`select c.id, c.slug from categories c join products p on p.category_id = c.id
      where c.parent_id is null and p.is_active group by c.id order by count(*) desc, c.slug limit 1`),
  );
  category = c!;
  priced = sqlRows<{ id: string }>(
    await db.execute(sql`select product_id as id from product_prices
      where category_id = ${category.id} and is_active and min_price is not null order by min_price, product_id`),
  ).map((r) => r.id);
});

afterEach(() => vi.useRealTimers());
afterAll(() => setPublicReadCaching(true));

const cheapestFirst = () =>
  listProducts(db, { category: category.slug }, listingQuerySchema.parse({ sort: 'price-low' }) as ListingInput);

/** The process's clock as the index last saw it: each sweep moves it on past the bound. */
let clock = 0;

/** Moves the clock past the bound, asks a listing (which starts the sweep) and waits for the sweep to finish. */
async function sweep(): Promise<void> {
  const sweeps = listingIndexFigures(db)!.sweeps;
  clock = Math.max(clock, Date.now()) + MAX_AGE_MS + 1000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  await cheapestFirst();
  await vi.waitFor(() => expect(listingIndexFigures(db)!.sweeps).toBe(sweeps + 1), { timeout: 10_000 });
}

describe('change times (migration 0027)', () => {
  const stamps = async (productId: string) => {
    const [row] = sqlRows<{ figures: boolean; words: boolean }>(
      await db.execute(sql`select figures_changed_at > 'epoch' as figures, words_changed_at > 'epoch' as words
        from product_prices where product_id = ${productId}`),
    );
    return row!;
  };
  /** What a write stamps: each starts from stamps at the epoch. */
  async function stampedBy(productId: string, write: ReturnType<typeof sql>) {
    await db.execute(sql`update product_prices set figures_changed_at = 'epoch', words_changed_at = 'epoch'
      where product_id = ${productId}`);
    expect(await stamps(productId)).toEqual({ figures: false, words: false });
    await db.execute(write);
    return stamps(productId);
  }

  it('stamps a change of a figure a listing reads, and of what the word index holds, and nothing else', async () => {
    const p = priced.at(-1)!;
    // Not figures of a listing: the highest price, the views.
    expect(
      await stampedBy(p, sql`update product_prices set max_price = max_price + 1 where product_id = ${p}`),
    ).toEqual({ figures: false, words: false });
    expect(await stampedBy(p, sql`update products set view_count = view_count + 1 where id = ${p}`)).toEqual({
      figures: false,
      words: false,
    });
    // An update that writes the same figures.
    expect(await stampedBy(p, sql`update product_prices set min_price = min_price where product_id = ${p}`)).toEqual({
      figures: false,
      words: false,
    });
    // The prices row's figures.
    for (const write of [
      sql`update product_prices set min_price = min_price + 1 where product_id = ${p}`,
      sql`update product_prices set in_stock = not in_stock where product_id = ${p}`,
      sql`update product_prices set store_ids = '{}' where product_id = ${p}`,
      sql`update product_prices set lower_price_seen_at = now() where product_id = ${p}`,
    ]) {
      expect(await stampedBy(p, write)).toEqual({ figures: true, words: false });
    }
    // The product's: a listing's figures, and the word index's (its words, ratings count, active flag).
    for (const write of [
      sql`update products set is_featured = not is_featured where id = ${p}`,
      sql`update products set specifications = specifications || '{"sweep": "yes"}' where id = ${p}`,
      sql`update products set average_rating = average_rating + 0.5 where id = ${p}`,
    ]) {
      expect(await stampedBy(p, write)).toEqual({ figures: true, words: false });
    }
    for (const write of [
      sql`update products set ratings_count = ratings_count + 1 where id = ${p}`,
      sql`update products set name = name || ' Yeni' where id = ${p}`,
      sql`update products set is_active = false where id = ${p}`,
      sql`update products set is_active = true where id = ${p}`,
    ]) {
      expect(await stampedBy(p, write)).toEqual({ figures: true, words: true });
    }
  });
});

describe('the listing index reads again what changed', () => {
  it('finds, MAX_AGE_MS after its last read, a change no one announced, reading only the changed products', async () => {
    const [p, q] = [priced.at(-1)!, priced.at(-2)!];
    // Both not announced: the first is the cheapest only in the database.
    await db.execute(sql`update product_prices set min_price = 1 where product_id = ${p}`);
    await db.execute(sql`update products set is_featured = not is_featured where id = ${q}`);
    expect((await cheapestFirst()).items[0]!._id).not.toBe(p);
    const [row] = sqlRows<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from product_prices
        where figures_changed_at >= ${beforeBuild}::timestamptz`),
    );
    const rereads = listingIndexFigures(db)!.rereads;
    await sweep();
    const viaIndex = await cheapestFirst();
    expect(viaIndex.items[0]!._id).toBe(p);
    expect(viaIndex).toEqual(
      await listProducts(
        sqlOnly,
        { category: category.slug },
        listingQuerySchema.parse({ sort: 'price-low' }) as ListingInput,
      ),
    );
    // Read again: the products this file changed, not the catalog.
    const read = listingIndexFigures(db)!.rereads - rereads;
    expect(read).toBeGreaterThanOrEqual(2);
    expect(read).toBeLessThanOrEqual(Number(row!.n));
    expect(read).toBeLessThan(priced.length);
    // Nothing changed since: the next sweep reads nothing again.
    await sweep();
    expect(listingIndexFigures(db)!.rereads).toBe(rereads + read);
  });
});

describe.runIf(inject('testDatabaseTemplate'))('on PostgreSQL, a writer whose transaction outlasts a sweep', () => {
  it('is found by the next sweep: its change is stamped with its start, before the sweep read', async () => {
    const p = priced.at(-3)!;
    let commit!: () => void;
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const writer = db.transaction(async (tx) => {
      await tx.execute(sql`update product_prices set min_price = 2 where product_id = ${p}`);
      written();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await wrote;
    // The sweep cannot see the change yet; it must not move its moment past the writer's start.
    await sweep();
    expect((await cheapestFirst()).items.map((i) => i._id)).not.toContain(p);
    commit();
    await writer;
    await sweep();
    // After the product of the last test (1 kuruş).
    expect((await cheapestFirst()).items[1]!._id).toBe(p);
  });
});
