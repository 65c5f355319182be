import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { invalidateProductReads, invalidatePublicReads } from '../../lib/public-read-cache';
import {
  answerFromIndex,
  disableListingIndex,
  enableListingIndex,
  listingIndexBuilding,
  MAX_AGE_MS,
} from './listing-index';
import type { ListingFilters, ListingPage } from './listing-filters';

/*
 * The listing index under concurrency, on a stand-in database whose reads can be held: an
 * announcement that arrives while the changed products are being read again, a request that
 * arrives meanwhile, everything announced during a build, the background rebuild of an old
 * category, a failed build. A request must never answer from figures older than the last change
 * announced before it began.
 */

const CATEGORY = '00000000-0000-4000-8000-00000000000c';
const OTHER = '00000000-0000-4000-8000-00000000000d';
const STORE = '00000000-0000-4000-8000-0000000000a1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface Product {
  id: string;
  category: string;
  active: boolean;
  price: number | null;
  brand: string;
}

const dialect = new PgDialect();

/** A database of `products` whose next reads can be held until released, or made to fail. */
class StandIn {
  products = new Map<string, Product>();
  held: (() => void)[] = [];
  hold = false;
  fail = false;
  reads: string[] = [];

  row(p: Product) {
    return {
      id: p.id,
      category_id: p.category,
      subcategory_id: null,
      is_active: p.active,
      brand: p.brand,
      is_featured: false,
      ratings_count: 0,
      average_rating: 0,
      created_us: 1,
      min_price: p.price,
      prev_min_price: null,
      price_updated_us: null,
      free_shipping: false,
      in_stock: true,
      lower_seen_us: null,
      store_ids: STORE,
      specifications: { renk: p.brand === 'A' ? 'Siyah' : 'Beyaz' },
    };
  }

  readonly db = {
    execute: async (query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      if (text.includes('from stores'))
        return { rows: [{ id: STORE, slug: 'magaza', name: 'Mağaza', isActive: true }] };
      const kind = text.includes('any(') ? 'reload' : 'build';
      this.reads.push(kind);
      if (this.fail) throw new Error('connection lost');
      // What the read sees is taken when it starts (its snapshot), then held if asked.
      const all = [...this.products.values()].map((p) => ({ ...p }));
      const seen =
        kind === 'build'
          ? all.filter((p) => p.category === params[0] && p.active)
          : all.filter((p) => String(params[0]).includes(p.id));
      if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
      return { rows: seen.map((p) => this.row(p)) };
    },
  } as unknown as Database;

  release() {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

const filters = (over: Partial<ListingFilters> = {}): ListingFilters => ({
  categoryId: CATEGORY,
  brands: [],
  stores: [],
  specs: new Map(),
  advanced: [],
  ...over,
});
const PAGE: ListingPage = { sort: 'price-low', page: 1, limit: 10 };

let standIn: StandIn;

beforeEach(() => {
  standIn = new StandIn();
  for (let n = 1; n <= 5; n++) {
    standIn.products.set(id(n), { id: id(n), category: CATEGORY, active: true, price: n * 1000, brand: 'A' });
  }
});

afterEach(() => {
  disableListingIndex(standIn.db);
  vi.useRealTimers();
});

const ask = (f = filters()) => answerFromIndex(standIn.db, f, PAGE, true);
/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setPrice(n: number, price: number | null) {
  standIn.products.get(id(n))!.price = price;
  invalidateProductReads([id(n)], [CATEGORY]);
}

describe('the listing index under concurrency', () => {
  it('reads a product again when its change is announced during the read of an earlier change', async () => {
    enableListingIndex(standIn.db, { background: false });
    expect((await ask())!.ids[0]).toBe(id(1));
    setPrice(5, 10);
    standIn.hold = true;
    const first = ask();
    await settle();
    // The reload of product 5 has read price 10 and is held; product 5 changes again meanwhile.
    setPrice(5, 20_000);
    standIn.hold = false;
    standIn.release();
    // The request that began before the second change may show the first.
    expect((await first)!.ids[0]).toBe(id(5));
    // The next one reads product 5 again: the second change is not lost.
    const next = (await ask())!;
    expect(next.ids.at(-1)).toBe(id(5));
    expect(next.facets!.pass.price).toEqual({ min: 1000, max: 20_000 });
  });

  it('makes a request that arrives during a reload wait for it and for any later change', async () => {
    enableListingIndex(standIn.db, { background: false });
    await ask();
    setPrice(3, 1);
    standIn.hold = true;
    const first = ask();
    await settle();
    setPrice(4, 2);
    const second = ask();
    await settle();
    standIn.hold = false;
    standIn.release();
    await settle();
    standIn.release();
    const [a, b] = await Promise.all([first, second]);
    expect(a!.ids.slice(0, 1)).toEqual([id(3)]);
    // The second request began after both changes: it shows both.
    expect(b!.ids.slice(0, 2)).toEqual([id(3), id(4)]);
  });

  it('reads again only the products of its category when the announcement names categories', async () => {
    enableListingIndex(standIn.db, { background: false });
    await ask();
    standIn.reads = [];
    invalidateProductReads([id(1)], [OTHER]);
    await ask();
    expect(standIn.reads).toEqual([]);
    // Without categories (and none learned for it from an earlier announcement), any category may hold it.
    invalidateProductReads([id(2)]);
    await ask();
    expect(standIn.reads).toEqual(['reload']);
  });

  it('drops a product that leaves the category or is deactivated, and takes in one that arrives with everything', async () => {
    enableListingIndex(standIn.db, { background: false });
    await ask();
    standIn.products.get(id(1))!.active = false;
    standIn.products.set(id(9), { id: id(9), category: CATEGORY, active: true, price: 5, brand: 'B' });
    invalidateProductReads([id(1), id(9)], [CATEGORY]);
    // A product change reads again only the products the category holds: one that arrives (a new
    // product, a changed category) comes through the admin catalog, which announces everything.
    const changed = (await ask())!;
    expect(changed.total).toBe(4);
    expect(changed.ids).not.toContain(id(1));
    expect(changed.ids).not.toContain(id(9));
    invalidatePublicReads();
    const answer = (await ask())!;
    expect(answer.total).toBe(5);
    expect(answer.ids[0]).toBe(id(9));
    expect(answer.ids).not.toContain(id(1));
    expect(answer.facets!.pass.brands).toEqual([
      { value: 'A', label: 'A', count: 4 },
      { value: 'B', label: 'B', count: 1 },
    ]);
    // The stores and pairs of a whole category come from its maintained totals: they follow too.
    expect(answer.facets!.pass.stores).toEqual([{ value: 'magaza', label: 'Mağaza', count: 5 }]);
    expect(answer.facets!.base).toEqual([
      { key: 'renk', value: 'Siyah', count: 4 },
      { key: 'renk', value: 'Beyaz', count: 1 },
    ]);
    // A product that changes its figures moves between the totals' values.
    standIn.products.get(id(2))!.brand = 'B';
    invalidateProductReads([id(2)], [CATEGORY]);
    expect((await ask())!.facets!.base).toEqual([
      { key: 'renk', value: 'Siyah', count: 3 },
      { key: 'renk', value: 'Beyaz', count: 2 },
    ]);
  });

  it('reads again only the changed products it holds, when a batch names its category', async () => {
    enableListingIndex(standIn.db, { background: false });
    await ask();
    standIn.products.set(id(50), { id: id(50), category: OTHER, active: true, price: 7, brand: 'A' });
    const reads = standIn.reads.length;
    // A feed's batch: products of another category, named with theirs and this one's.
    invalidateProductReads([id(50)], [CATEGORY, OTHER]);
    await ask();
    expect(standIn.reads.slice(reads)).toEqual([]);
    standIn.products.get(id(2))!.price = 1;
    invalidateProductReads([id(50), id(2)], [CATEGORY, OTHER]);
    const answer = (await ask())!;
    expect(standIn.reads.slice(reads)).toEqual(['reload']);
    expect(answer.ids[0]).toBe(id(2));
  });

  it('does not keep a build that an announcement of everything overtook', async () => {
    enableListingIndex(standIn.db, { background: true });
    standIn.hold = true;
    // Not built: SQL answers (undefined) while it builds.
    expect(await ask()).toBeUndefined();
    await settle();
    standIn.products.get(id(1))!.price = 999_999;
    invalidatePublicReads();
    standIn.hold = false;
    standIn.release();
    await settle();
    // The overtaken build is not used: a new one starts and reads the new figures.
    expect(await ask()).toBeUndefined();
    await settle();
    await settle();
    const answer = (await ask())!;
    expect(answer.ids.at(-1)).toBe(id(1));
  });

  it('says it is building while a category is, so a search panel does not read its matches meanwhile', async () => {
    enableListingIndex(standIn.db, { background: true });
    expect(listingIndexBuilding(standIn.db)).toBe(false);
    standIn.hold = true;
    expect(await ask()).toBeUndefined();
    expect(listingIndexBuilding(standIn.db)).toBe(true);
    standIn.hold = false;
    standIn.release();
    await settle();
    expect(listingIndexBuilding(standIn.db)).toBe(false);
    expect((await ask())!.total).toBe(5);
  });

  it('answers by SQL while a build fails, and builds again on the next request', async () => {
    enableListingIndex(standIn.db, { background: true });
    standIn.fail = true;
    expect(await ask()).toBeUndefined();
    await settle();
    standIn.fail = false;
    expect(await ask()).toBeUndefined();
    await settle();
    expect((await ask())!.total).toBe(5);
  });

  it('rebuilds an old category in the background, hearing the changes announced meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    enableListingIndex(standIn.db, { background: false });
    await ask();
    vi.setSystemTime(Date.now() + MAX_AGE_MS + 1);
    // A change the announcements missed (a lost LISTEN): the rebuild finds it.
    standIn.products.get(id(2))!.price = 1;
    standIn.hold = true;
    const during = ask();
    await settle();
    // The old index answers meanwhile (no reload was due), the rebuild is held.
    expect((await during)!.ids[0]).toBe(id(1));
    setPrice(5, 2);
    standIn.hold = false;
    standIn.release();
    await settle();
    const answer = (await ask())!;
    expect(answer.ids.slice(0, 2)).toEqual([id(2), id(5)]);
  });

  it('rebuilds old categories one at a time, each answering from its old index until its turn', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let n = 11; n <= 13; n++) {
      standIn.products.set(id(n), { id: id(n), category: OTHER, active: true, price: n * 1000, brand: 'B' });
    }
    enableListingIndex(standIn.db, { background: false });
    await ask();
    await ask(filters({ categoryId: OTHER }));
    vi.setSystemTime(Date.now() + MAX_AGE_MS + 1);
    // Changes the announcements missed, in both categories: each rebuild finds its own.
    standIn.products.get(id(3))!.price = 1;
    standIn.products.get(id(13))!.price = 1;
    standIn.reads.length = 0;
    standIn.hold = true;
    expect((await ask())!.ids[0]).toBe(id(1));
    expect((await ask(filters({ categoryId: OTHER })))!.ids[0]).toBe(id(11));
    await settle();
    // Both are old; one read of a whole category at a time.
    expect(standIn.reads).toEqual(['build']);
    standIn.hold = false;
    standIn.release();
    await settle();
    await settle();
    expect(standIn.reads).toEqual(['build', 'build']);
    await settle();
    expect((await ask())!.ids[0]).toBe(id(3));
    expect((await ask(filters({ categoryId: OTHER })))!.ids[0]).toBe(id(13));
    // Rebuilt, they are young again: no further read.
    expect(standIn.reads).toEqual(['build', 'build']);
  });

  it('takes in a large category in slices, answering requests of other categories between them', async () => {
    for (let n = 100; n < 100 + 5_000; n++) {
      standIn.products.set(id(n), { id: id(n), category: CATEGORY, active: true, price: n, brand: 'A' });
    }
    standIn.products.set(id(99), { id: id(99), category: OTHER, active: true, price: 5, brand: 'B' });
    enableListingIndex(standIn.db, { background: false });
    await ask(filters({ categoryId: OTHER }));
    let large: number | undefined;
    standIn.hold = true;
    const building = ask().then((a) => (large = a!.total));
    await settle();
    standIn.release();
    // The rows have arrived: after one turn of the event loop, the first slice is in, not all.
    await new Promise((resolve) => setImmediate(resolve));
    expect(large).toBeUndefined();
    expect((await ask(filters({ categoryId: OTHER })))!.ids[0]).toBe(id(99));
    expect(large).toBeUndefined();
    await building;
    expect(large).toBe(5_005);
  });
});
