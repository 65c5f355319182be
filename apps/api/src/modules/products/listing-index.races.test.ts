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
 * arrives meanwhile, everything announced during a build, the periodic reread of what changed
 * (a missed announcement), a failed build. A request must never answer from figures older than the last change
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
  /** Its change time (figures_changed_at), on the stand-in's clock. */
  changed?: number;
}

const dialect = new PgDialect();

/** A database of `products` whose next reads can be held until released, or made to fail. */
class StandIn {
  products = new Map<string, Product>();
  held: (() => void)[] = [];
  hold = false;
  fail = false;
  reads: string[] = [];
  /** The ids each reload asked for. */
  reloaded: string[][] = [];
  /** The database's clock: a change is stamped with the next tick. */
  clock = 0;

  /** A change written with its change time (the triggers of migration 0027) and announced to no one. */
  change(n: number, patch: Partial<Product>) {
    Object.assign(this.products.get(id(n))!, patch, { changed: ++this.clock });
  }

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
      // No transaction is ever open here: every change not yet read is stamped from now on.
      if (text.includes('pg_stat_activity')) return { rows: [{ since_us: this.clock + 1 }] };
      const kind = text.includes('figures_changed_at') ? 'sweep' : text.includes('any(') ? 'reload' : 'build';
      this.reads.push(kind);
      if (kind === 'reload') this.reloaded.push(String(params[0]).slice(1, -1).split(','));
      if (this.fail) throw new Error('connection lost');
      // What the read sees is taken when it starts (its snapshot), then held if asked.
      const all = [...this.products.values()].map((p) => ({ ...p }));
      if (kind === 'sweep') {
        const changed = all.filter((p) => (p.changed ?? 0) >= Number(params[0]));
        if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
        return { rows: changed.map((p) => ({ id: p.id, category_id: p.category })) };
      }
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

/** A built index, a change no one announced (product 2 at 1), the clock past the bound, the sweep's read held. */
async function sweepHeldAfterAMissedChange() {
  vi.useFakeTimers({ toFake: ['Date'] });
  enableListingIndex(standIn.db, { background: false });
  await ask();
  standIn.change(2, { price: 1 });
  vi.setSystemTime(Date.now() + MAX_AGE_MS + 1);
  standIn.hold = true;
  await ask();
  await settle();
  expect(standIn.reads.at(-1)).toBe('sweep');
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

  it('reads again, after MAX_AGE_MS, only the products changed since its last read: a change the announcements missed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    enableListingIndex(standIn.db, { background: false });
    await ask();
    // A change the announcements missed (a lost NOTIFY), stamped by the database.
    standIn.change(2, { price: 1 });
    standIn.reads.length = 0;
    expect((await ask())!.ids[0]).toBe(id(1));
    expect(standIn.reads, 'not due yet').toEqual([]);
    vi.setSystemTime(Date.now() + MAX_AGE_MS + 1);
    standIn.hold = true;
    // The index answers meanwhile; the read of what changed is held.
    expect((await ask())!.ids[0]).toBe(id(1));
    await settle();
    expect(standIn.reads).toEqual(['sweep']);
    // One sweep at a time.
    await ask();
    expect(standIn.reads).toEqual(['sweep']);
    standIn.hold = false;
    standIn.release();
    await settle();
    await settle();
    expect(standIn.reads).toEqual(['sweep', 'reload']);
    expect(standIn.reloaded.at(-1)).toEqual([id(2)]);
    const answer = (await ask())!;
    expect(answer.ids.slice(0, 2)).toEqual([id(2), id(1)]);
    expect(answer.facets!.pass.price).toEqual({ min: 1, max: 5000 });
    // The next sweep reads from this one's moment: product 2 is not read again, product 4 is.
    standIn.change(4, { price: 2 });
    vi.setSystemTime(Date.now() + MAX_AGE_MS + 1);
    await ask();
    await settle();
    await settle();
    expect(standIn.reads).toEqual(['sweep', 'reload', 'sweep', 'reload']);
    expect(standIn.reloaded.at(-1)).toEqual([id(4)]);
    expect((await ask())!.ids.slice(0, 3)).toEqual([id(2), id(4), id(1)]);
  });

  it('moves a product whose missed change took it to another category, and sweeps each category in turn', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let n = 11; n <= 13; n++) {
      standIn.products.set(id(n), { id: id(n), category: OTHER, active: true, price: n * 1000, brand: 'B' });
    }
    enableListingIndex(standIn.db, { background: false });
    await ask();
    await ask(filters({ categoryId: OTHER }));
    standIn.change(3, { category: OTHER });
    standIn.change(13, { price: 1 });
    standIn.change(5, { active: false });
    vi.setSystemTime(Date.now() + MAX_AGE_MS + 1);
    standIn.reads.length = 0;
    await ask();
    await settle();
    await settle();
    await settle();
    // One read of what changed, then each category reads again its own: what it holds, what joined it.
    expect(standIn.reads).toEqual(['sweep', 'reload', 'reload']);
    expect(new Set(standIn.reloaded.map((ids) => ids.join(',')))).toEqual(
      new Set([`${id(3)},${id(5)}`, `${id(3)},${id(13)}`]),
    );
    const here = (await ask())!;
    expect(here.total).toBe(3);
    expect(here.ids).toEqual([id(1), id(2), id(4)]);
    const there = (await ask(filters({ categoryId: OTHER })))!;
    expect(there.total).toBe(4);
    expect(there.ids).toEqual([id(13), id(3), id(11), id(12)]);
  });

  it('leaves alone a category that an announcement of everything dropped during its sweep', async () => {
    await sweepHeldAfterAMissedChange();
    standIn.hold = false;
    invalidatePublicReads();
    standIn.release();
    await settle();
    await settle();
    // The dropped index is not read again; the next request builds the category anew.
    expect(standIn.reads.at(-1)).toBe('sweep');
    expect((await ask())!.ids[0]).toBe(id(2));
    expect(standIn.reads.at(-1)).toBe('build');
  });

  it('leaves a product whose reread failed to the next request', async () => {
    await sweepHeldAfterAMissedChange();
    // The read of what changed succeeds; the reread of product 2 fails.
    standIn.hold = false;
    standIn.release();
    standIn.fail = true;
    await settle();
    await settle();
    expect(standIn.reads.slice(-2)).toEqual(['sweep', 'reload']);
    standIn.fail = false;
    expect((await ask())!.ids[0]).toBe(id(2));
    expect(standIn.reads.at(-1)).toBe('reload');
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
