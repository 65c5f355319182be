import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import {
  LOWEST_PRICE_WINDOW_DAYS,
  PRICE_DROP_WINDOW_DAYS,
  type AdvancedFilter,
} from '@kiyasla/contracts/catalog-constants';
import { changedSince, readChangesSince } from '../../db/change-times';
import type { Database } from '../../db/client';
import { clearWithPublicReads, observeProductChanges } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { IdSlots, uuidWords } from './id-slots';
import type { ListingFilters, ListingPage } from './listing-filters';
import type { FacetPass, ValueCount } from './products.repo';

/**
 * The listing index (ADR 005, "The listing index"): per top-level category, the figures a listing
 * filters, counts and sorts by — brand, subcategory, counting stores, specification values, lowest
 * price, the advanced-filter figures, the sort keys — for each active product, as small integers in
 * typed arrays. A scoped listing's total, its page of ids and every facet count come from one pass
 * over the category's products in memory (a few milliseconds for 160,000 products) instead of
 * statements that each read the whole filtered set from the database (seconds at 1M products).
 *
 * It is not a cache of answers: every request is computed from the products' current figures. The
 * writers' change announcements (ADR 010: `invalidateProductReads` in this process, the
 * `kiyasla_reads` NOTIFY from others) mark the changed products, and the next request of their
 * category reads those products again before it answers; an announcement of everything (an admin
 * edit of the catalog, a store switched on or off, a lost LISTEN) drops every category, which is
 * then built again. Until a category is built its listings are answered by SQL.
 *
 * What bounds a lost announcement: every MAX_AGE_MS the index reads again the products whose
 * figures changed since its last read, by their change time (`product_prices.figures_changed_at`,
 * set by triggers in the writing transaction: migration 0027), in the background and in slices. It
 * used to read every category whole again: at a million products, a minute of the server's thread
 * every five minutes (ADR 010 amendment of 2026-12-03, "Rereads by change time").
 */

/** The products changed since the last read are read again after this long (the bound on a missed change). */
export const MAX_AGE_MS = 5 * 60_000;
/**
 * A build takes in this many rows between turns of the event loop: a category of 160,000 products
 * took in at once held every request behind it for seconds.
 */
const BUILD_SLICE = 2_000;
/** A sweep sorts this many changed products among the categories between turns of the event loop. */
const SWEEP_SLICE = 20_000;
const DAY_US = 86_400_000_000;
const NONE = -1;

const FEATURED = 1;
const FREE_SHIPPING = 2;
const IN_STOCK = 4;

/** Strings to small integers, shared by every category of one database. */
class Codes {
  private readonly byValue = new Map<string, number>();
  readonly values: string[] = [];

  code(value: string): number {
    let c = this.byValue.get(value);
    if (c === undefined) {
      c = this.values.length;
      this.values.push(value);
      this.byValue.set(value, c);
    }
    return c;
  }

  find(value: string): number | undefined {
    return this.byValue.get(value);
  }
}

/** A (key, value) pair of specifications; `exact`: the value is a JSON string, which a filter can match. */
interface Pair {
  key: string;
  value: string;
  exact: boolean;
}

class Vocabulary {
  readonly brands = new Codes();
  readonly categories = new Codes();
  readonly stores = new Codes();
  private readonly pairCodes = new Map<string, number>();
  readonly pairs: Pair[] = [];

  /** The code of a pair a filter can match (its value a JSON string), if any product has it. */
  findPair(key: string, value: string): number | undefined {
    return this.pairCodes.get(`s${key}\u0000${value}`);
  }

  pair(key: string, value: string, exact: boolean): number {
    const k = `${exact ? 's' : 'o'}${key}\u0000${value}`;
    let c = this.pairCodes.get(k);
    if (c === undefined) {
      c = this.pairs.length;
      this.pairs.push({ key, value, exact });
      this.pairCodes.set(k, c);
    }
    return c;
  }
}

/** One product as loaded: the columns of ROW_SQL. */
interface LoadedRow {
  id: string;
  category_id: string;
  subcategory_id: string | null;
  is_active: boolean;
  brand: string;
  is_featured: boolean;
  ratings_count: number;
  average_rating: number;
  created_us: number | string;
  min_price: number | null;
  prev_min_price: number | null;
  price_updated_us: number | string | null;
  free_shipping: boolean | null;
  in_stock: boolean | null;
  lower_seen_us: number | string | null;
  store_ids: string | null;
  specifications: unknown;
}

const num = (v: number | string | null): number => (v === null ? NaN : Number(v));

/** A product's figures, from its products and product_prices rows (microseconds since the epoch). */
function rowsSql(where: ReturnType<typeof sql>) {
  return sql`
    select p.id, p.category_id, p.subcategory_id, p.is_active, p.brand, p.is_featured, p.ratings_count,
           p.average_rating, (extract(epoch from p.created_at) * 1000000)::float8 as created_us,
           pp.min_price, pp.prev_min_price, (extract(epoch from pp.price_updated_at) * 1000000)::float8 as price_updated_us,
           pp.free_shipping, pp.in_stock, (extract(epoch from pp.lower_price_seen_at) * 1000000)::float8 as lower_seen_us,
           array_to_string(pp.store_ids, ',') as store_ids, p.specifications
      from products p left join product_prices pp on pp.product_id = p.id
     where ${where}`;
}

interface StoreRow {
  id: string;
  slug: string;
  name: string;
  isActive: boolean;
}

/** What a request needs from the index: its page of ids and total, and the raw facet counts. */
export interface IndexAnswer {
  ids: string[];
  total: number;
  facets?: RawFacets;
}

/** The facet counts before presentation (products.service computeFacets presents both sources). */
export interface RawFacets {
  pass: FacetPass;
  /** Every specification pair of the filtered set. */
  base: { key: string; value: string; count: number }[];
  /** Set for a group with a selection: its counts without its own filter. */
  brands?: ValueCount[];
  stores?: ValueCount[];
  price?: { min: number; max: number } | null;
  /** Per selected specification key (in the filters' order): its values without its own filter. */
  own: { key: string; value: string; count: number }[][];
}

/** The fixed tie-break between equal counts or equal collation keys: UTF-16 code units. */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** 32 slots a word. */
function setBit(bits: Uint32Array, slot: number): void {
  bits[slot >>> 5]! |= 1 << (slot & 31);
}
function clearBit(bits: Uint32Array, slot: number): void {
  bits[slot >>> 5]! &= ~(1 << (slot & 31));
}
function andInto(target: Uint32Array, bits: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w]! &= bits[w]!;
}
function orInto(target: Uint32Array, bits: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w]! |= bits[w]!;
}
/** Set bits of one word. */
function bitsIn(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
function popcount(bits: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) if (bits[w] !== 0) n += bitsIn(bits[w]!);
  return n;
}
/** How many slots are set in both (without a branch per word: a mispredicted one costs more than the count). */
function popcountAnd(a: Uint32Array, b: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < a.length; w++) n += bitsIn(a[w]! & b[w]!);
  return n;
}

/** The slots set in `bits`, in increasing order, into `out` (returns how many). */
function slotsOf(bits: Uint32Array, out: Int32Array): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      out[n++] = (w << 5) + 31 - Math.clz32(low);
      x ^= low;
    }
  }
  return n;
}

/** How many live products name each store and pair, over a scope or a tracked value's products. */
interface Totals {
  stores: Int32Array;
  pairs: Int32Array;
}

const emptyTotals = (): Totals => ({ stores: new Int32Array(0), pairs: new Int32Array(0) });

/** Adds `sign` to a code's total, widening the array as the codes grow. */
function addTo(totals: Totals, dimension: keyof Totals, code: number, sign: number): void {
  let counts = totals[dimension];
  if (code >= counts.length) {
    const wider = new Int32Array(Math.max(code + 1, counts.length * 2, 64));
    wider.set(counts);
    totals[dimension] = counts = wider;
  }
  counts[code]! += sign;
}

/**
 * Adds each code of `slots` in the `stride` columns of `codes` (`capacity` slots a column) to
 * `counts[code + 1]` (NONE to counts[0]), a column at a time, the slots in order. Eight codes are
 * read before their eight counts are incremented: one at a time, each increment held up the
 * next read, and a walk cost about three times as much (7 against 2–3 ns a code).
 */
function countColumns(
  codes: Int32Array,
  capacity: number,
  stride: number,
  slots: Int32Array,
  counts: Int32Array,
): void {
  const n = slots.length;
  for (let j = 0; j < stride; j++) {
    const column = j * capacity;
    let i = 0;
    for (; i + 8 <= n; i += 8) {
      const c0 = codes[column + slots[i]!]! + 1;
      const c1 = codes[column + slots[i + 1]!]! + 1;
      const c2 = codes[column + slots[i + 2]!]! + 1;
      const c3 = codes[column + slots[i + 3]!]! + 1;
      const c4 = codes[column + slots[i + 4]!]! + 1;
      const c5 = codes[column + slots[i + 5]!]! + 1;
      const c6 = codes[column + slots[i + 6]!]! + 1;
      const c7 = codes[column + slots[i + 7]!]! + 1;
      counts[c0]!++;
      counts[c1]!++;
      counts[c2]!++;
      counts[c3]!++;
      counts[c4]!++;
      counts[c5]!++;
      counts[c6]!++;
      counts[c7]!++;
    }
    for (; i < n; i++) counts[codes[column + slots[i]!]! + 1]!++;
  }
}

/** `counts` in an array of exactly `length` codes. */
function fitted(counts: Int32Array, length: number): Int32Array {
  const out = new Int32Array(length);
  out.set(counts.subarray(0, Math.min(length, counts.length)));
  return out;
}

/**
 * A brand or specification pair held by at least this share of a category's products when it is
 * built keeps its own store and pair totals (CategoryIndex.tracked): about 5,000 products of a
 * 160,000-product category, whose walk would cost a facet request about a millisecond.
 */
const TRACKED_SHARE = 1 / 32;

/**
 * The products of one top-level category: their figures column by column, a slot per product
 * (reused when one leaves), and a bitset over the slots per subcategory, brand, store,
 * specification pair and flag. A request combines bitsets (a few thousand words) to find its
 * matches and what fails only one group, then reads the figures of those products alone.
 */
class CategoryIndex {
  ready = false;
  /** Changes stamped from this moment on may be missing here (readChangesSince). */
  since = 0;
  readonly dirty = new Set<string>();
  private chain: Promise<void> = Promise.resolve();

  private capacity = 0;
  private size = 0;
  private readonly free: number[] = [];
  private readonly ids = new IdSlots();
  private sub = new Int32Array(0);
  private brand = new Int32Array(0);
  private flags = new Uint8Array(0);
  private ratingsCount = new Int32Array(0);
  private averageRating = new Float32Array(0);
  private createdUs = new Float64Array(0);
  private minPrice = new Float64Array(0);
  /**
   * The windowed advanced filters as one figure each, compared with a bound of `now`: when the
   * lowest price fell below the previous one, the time of that change (NaN when it did not fall);
   * when a lower price was last seen, -Infinity if never (NaN without a price). A product's price
   * dropped when droppedAtUs ≥ now − 7 days; its price is the lowest in 6 months when
   * lowerSeenUs < now − 6 months (comparisons with NaN are false).
   */
  private droppedAtUs = new Float64Array(0);
  private lowerSeenUs = new Float64Array(0);
  /**
   * Each product's counting stores and specification pairs (NONE after the last), column by
   * column: the j-th code of slot s is at j × capacity + s. A facet count walks one column over
   * the matches in slot order, reading memory in order; a row per product (its codes side by
   * side) cost a cache miss or two per product at every density.
   */
  private storeStride = 1;
  private stores = new Int32Array(0);
  private specStride = 1;
  private specs = new Int32Array(0);

  /** Bitsets over the slots (capacity / 32 words each). Scopes: NONE, every live slot; a subcategory's code, its own. */
  private readonly scopes = new Map<number, Uint32Array>();
  private readonly brandBits = new Map<number, Uint32Array>();
  private readonly storeBits = new Map<number, Uint32Array>();
  private readonly pairBits = new Map<number, Uint32Array>();
  private featuredBits = new Uint32Array(0);
  private freeShippingBits = new Uint32Array(0);
  private inStockBits = new Uint32Array(0);
  /** Per scope: how many live products name each store and pair. */
  private readonly totals = new Map<number, Totals>();
  /**
   * The same totals over the products of each tracked brand and pair (those of TRACKED_SHARE of the
   * category at its build): a facet request filtered by such values alone (several brands, or
   * values of one specification key, whose products never overlap) reads its counts here instead
   * of reading its products.
   */
  private readonly tracked = { brands: new Map<number, Totals>(), pairs: new Map<number, Totals>() };
  private slotBuffer = new Int32Array(0);
  private matchBuffer = new Int32Array(0);
  /**
   * Bumped whenever a product enters or leaves (a freed slot can then hold another product): a
   * product set's bitset (bitsOfSet) is made again after it. A price change enters neither.
   */
  private membership = 0;
  private readonly setBits = new WeakMap<Uint32Array, { bits: Uint32Array; membership: number }>();

  constructor(
    readonly categoryId: string,
    private readonly vocabulary: Vocabulary,
  ) {}

  get products(): number {
    return this.ids.size;
  }

  /**
   * Marks the changed products this index must read again: those it holds, or every one while it
   * is being built (it may hold them by then). A product enters a built category only through the
   * admin catalog (a new or re-activated product, a changed category), which announces everything
   * and so rebuilds it: a price change of another category's product is none of its business. A
   * feed's batch names products of most categories, and reading each of them again in every one
   * cost eleven times the rows at a million products.
   */
  markChanged(ids: readonly string[]): void {
    for (const id of ids) {
      if (!this.ready || this.ids.slotOf(id) !== undefined) this.dirty.add(id);
    }
  }

  /** Brands and pairs whose totals are kept. */
  get trackedValues(): number {
    return this.tracked.brands.size + this.tracked.pairs.size;
  }

  async build(db: Database): Promise<void> {
    const since = await readChangesSince(db);
    const result = await db.execute(rowsSql(sql`p.category_id = ${this.categoryId} and p.is_active`));
    const rows = sqlRows<LoadedRow>(result);
    for (let i = 0; i < rows.length; i++) {
      if (i > 0 && i % BUILD_SLICE === 0) await nextTurn();
      this.put(rows[i]!);
    }
    this.track();
    this.since = since;
    this.ready = true;
  }

  /** Whether it holds this product (lower-case id). */
  holds(id: string): boolean {
    return this.ids.slotOf(id) !== undefined;
  }

  /**
   * Reads these products again, BUILD_SLICE at a time in the order of the requests' own reloads (a
   * request waits for one slice at most); a slice that fails is left to the next request (dirty).
   */
  async reread(db: Database, ids: readonly string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += BUILD_SLICE) {
      if (i > 0) await nextTurn();
      const slice = ids.slice(i, i + BUILD_SLICE);
      const reload = this.chain.then(() => this.reload(db, slice));
      this.chain = reload.catch(() => {
        for (const id of slice) this.dirty.add(id);
      });
      await this.chain;
    }
  }

  /** Reads the changed products again (one request at a time; later ones wait for it). */
  catchUp(db: Database): Promise<void> {
    if (this.dirty.size > 0) {
      const ids = [...this.dirty];
      this.dirty.clear();
      const reload = this.chain.then(() => this.reload(db, ids));
      this.chain = reload.catch(() => {
        for (const id of ids) this.dirty.add(id);
      });
      return reload;
    }
    return this.chain;
  }

  private async reload(db: Database, ids: string[]): Promise<void> {
    const result = await db.execute(rowsSql(sql`p.id = any(${`{${ids.join(',')}}`}::uuid[])`));
    const found = new Map(sqlRows<LoadedRow>(result).map((r) => [r.id.toLowerCase(), r]));
    for (const id of ids) {
      const row = found.get(id);
      if (row && row.is_active && row.category_id.toLowerCase() === this.categoryId) this.put(row);
      else this.remove(id);
    }
  }

  private remove(id: string): void {
    const slot = this.ids.delete(id);
    if (slot === undefined) return;
    this.membership++;
    this.account(slot, -1);
    this.free.push(slot);
  }

  private put(row: LoadedRow): void {
    const id = row.id.toLowerCase();
    let slot = this.ids.slotOf(id);
    if (slot !== undefined) this.account(slot, -1);
    else {
      slot = this.free.pop() ?? this.size++;
      this.membership++;
      if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2), this.storeStride, this.specStride);
      this.ids.add(id, slot);
    }
    const v = this.vocabulary;
    const storeCodes = row.store_ids ? row.store_ids.split(',').map((s) => v.stores.code(s.toLowerCase())) : [];
    const specs = typeof row.specifications === 'string' ? JSON.parse(row.specifications) : row.specifications;
    const pairCodes: number[] = [];
    if (specs && typeof specs === 'object') {
      for (const [key, value] of Object.entries(specs as Record<string, unknown>)) {
        if (value === null) continue;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        pairCodes.push(v.pair(key, text, typeof value === 'string'));
      }
    }
    if (storeCodes.length > this.storeStride || pairCodes.length > this.specStride) {
      this.grow(
        this.capacity,
        Math.max(this.storeStride, storeCodes.length),
        Math.max(this.specStride, pairCodes.length),
      );
    }
    this.sub[slot] = row.subcategory_id ? v.categories.code(row.subcategory_id.toLowerCase()) : NONE;
    this.brand[slot] = v.brands.code(row.brand);
    this.flags[slot] =
      (row.is_featured ? FEATURED : 0) | (row.free_shipping ? FREE_SHIPPING : 0) | (row.in_stock ? IN_STOCK : 0);
    this.ratingsCount[slot] = row.ratings_count;
    this.averageRating[slot] = row.average_rating;
    this.createdUs[slot] = Number(row.created_us);
    const price = num(row.min_price);
    const seen = num(row.lower_seen_us);
    this.minPrice[slot] = price;
    this.droppedAtUs[slot] = price < num(row.prev_min_price) ? num(row.price_updated_us) : NaN;
    this.lowerSeenUs[slot] = price !== price ? NaN : seen !== seen ? -Infinity : seen;
    const capacity = this.capacity;
    for (let j = 0; j < this.storeStride; j++) this.stores[j * capacity + slot] = storeCodes[j] ?? NONE;
    for (let j = 0; j < this.specStride; j++) this.specs[j * capacity + slot] = pairCodes[j] ?? NONE;
    this.account(slot, 1);
  }

  private bitsOf(map: Map<number, Uint32Array>, code: number): Uint32Array {
    let bits = map.get(code);
    if (!bits) map.set(code, (bits = new Uint32Array(this.capacity >>> 5)));
    return bits;
  }

  private totalsOf(scope: number): Totals {
    let t = this.totals.get(scope);
    if (!t) this.totals.set(scope, (t = emptyTotals()));
    return t;
  }

  /** Starts the totals of the brands and pairs that TRACKED_SHARE of the category's products hold (once built). */
  private track(): void {
    const least = Math.max(1, Math.ceil(this.products * TRACKED_SHARE));
    const start = (bitsByCode: Map<number, Uint32Array>, into: Map<number, Totals>) => {
      for (const [code, bits] of bitsByCode) {
        if (popcount(bits) < least) continue;
        const t = emptyTotals();
        for (const slot of this.slotsIn(bits)) this.addCodes(t, slot, 1);
        into.set(code, t);
      }
    };
    start(this.brandBits, this.tracked.brands);
    start(this.pairBits, this.tracked.pairs);
  }

  /** A slot's stores and pairs into `totals`. */
  private addCodes(totals: Totals, slot: number, sign: number): void {
    const capacity = this.capacity;
    for (let j = 0, k = slot; j < this.storeStride; j++, k += capacity) {
      const c = this.stores[k]!;
      if (c === NONE) break;
      addTo(totals, 'stores', c, sign);
    }
    for (let j = 0, k = slot; j < this.specStride; j++, k += capacity) {
      const c = this.specs[k]!;
      if (c === NONE) break;
      addTo(totals, 'pairs', c, sign);
    }
  }

  /** Enters a slot's figures in the bitsets and totals (sign 1), or takes them out (-1: before they change). */
  private account(slot: number, sign: 1 | -1): void {
    const mark = sign === 1 ? setBit : clearBit;
    const sub = this.sub[slot]!;
    const scopes = sub === NONE ? [NONE] : [NONE, sub];
    for (const scope of scopes) mark(this.bitsOf(this.scopes, scope), slot);
    mark(this.bitsOf(this.brandBits, this.brand[slot]!), slot);
    const f = this.flags[slot]!;
    if (f & FEATURED) mark(this.featuredBits, slot);
    if (f & FREE_SHIPPING) mark(this.freeShippingBits, slot);
    if (f & IN_STOCK) mark(this.inStockBits, slot);
    const capacity = this.capacity;
    const marks = (codes: Int32Array, stride: number, bitsByCode: Map<number, Uint32Array>) => {
      for (let j = 0, k = slot; j < stride; j++, k += capacity) {
        const c = codes[k]!;
        if (c === NONE) break;
        mark(this.bitsOf(bitsByCode, c), slot);
      }
    };
    marks(this.stores, this.storeStride, this.storeBits);
    marks(this.specs, this.specStride, this.pairBits);
    // The totals of its scopes and of its tracked brand and pairs.
    for (const scope of scopes) this.addCodes(this.totalsOf(scope), slot, sign);
    const ofBrand = this.tracked.brands.get(this.brand[slot]!);
    if (ofBrand) this.addCodes(ofBrand, slot, sign);
    if (this.tracked.pairs.size > 0) {
      for (let j = 0, k = slot; j < this.specStride; j++, k += capacity) {
        const c = this.specs[k]!;
        if (c === NONE) break;
        const ofPair = this.tracked.pairs.get(c);
        if (ofPair) this.addCodes(ofPair, slot, sign);
      }
    }
  }

  private grow(capacity: number, storeStride: number, specStride: number): void {
    const copy = <T extends Int32Array | Uint8Array | Uint32Array | Float32Array | Float64Array>(
      old: T,
      make: (n: number) => T,
      n = capacity,
    ) => {
      const next = make(n);
      next.set(old.subarray(0, Math.min(old.length, n)));
      return next;
    };
    this.sub = copy(this.sub, (n) => new Int32Array(n));
    this.brand = copy(this.brand, (n) => new Int32Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.ratingsCount = copy(this.ratingsCount, (n) => new Int32Array(n));
    this.averageRating = copy(this.averageRating, (n) => new Float32Array(n));
    this.createdUs = copy(this.createdUs, (n) => new Float64Array(n));
    this.minPrice = copy(this.minPrice, (n) => new Float64Array(n));
    this.droppedAtUs = copy(this.droppedAtUs, (n) => new Float64Array(n));
    this.lowerSeenUs = copy(this.lowerSeenUs, (n) => new Float64Array(n));
    const words = capacity >>> 5;
    const bits = (old: Uint32Array): Uint32Array<ArrayBuffer> =>
      copy(old, (n) => new Uint32Array(n), words) as Uint32Array<ArrayBuffer>;
    for (const map of [this.scopes, this.brandBits, this.storeBits, this.pairBits]) {
      for (const [code, old] of map) map.set(code, bits(old));
    }
    this.featuredBits = bits(this.featuredBits);
    this.freeShippingBits = bits(this.freeShippingBits);
    this.inStockBits = bits(this.inStockBits);
    const oldCapacity = this.capacity;
    // Slots past the old capacity (the one being added) have no codes yet.
    const live = Math.min(this.size, oldCapacity, capacity);
    const restride = (old: Int32Array, oldStride: number, stride: number) => {
      const next = new Int32Array(capacity * stride).fill(NONE);
      for (let j = 0; j < oldStride; j++) {
        next.set(old.subarray(j * oldCapacity, j * oldCapacity + live), j * capacity);
      }
      return next;
    };
    this.stores = restride(this.stores, this.storeStride, storeStride);
    this.specs = restride(this.specs, this.specStride, specStride);
    this.capacity = capacity;
    this.storeStride = storeStride;
    this.specStride = specStride;
  }

  /**
   * How many products of `set` (`n` of them) have each brand, store or pair (of `key` only, when
   * given), by the cheapest of three ways: a popcount of the set with each value's bitset (the
   * category's values × its words), a walk of the set's products, or — given the scope's totals,
   * when the set is most of the scope — the totals less a walk of the scope's other products.
   */
  private countValues(
    set: Uint32Array,
    slots: Int32Array | undefined,
    n: number,
    scope: Uint32Array | undefined,
    scopeSize: number,
    dimension: 'brand' | 'store' | 'pair',
    length: number,
    totals?: Int32Array,
    key?: string,
  ): Int32Array {
    const counts = new Int32Array(length);
    const map = dimension === 'brand' ? this.brandBits : dimension === 'store' ? this.storeBits : this.pairBits;
    const pairs = this.vocabulary.pairs;
    const perProduct = dimension === 'brand' ? 1 : dimension === 'store' ? this.storeStride : this.specStride;
    const words = set.length;
    const walk = n * perProduct;
    const rest = totals && scope ? (scopeSize - n) * perProduct : Infinity;
    // Which codes count: every code, or those of `key`.
    let values = map.size;
    let counted: Uint8Array | undefined;
    if (key !== undefined) {
      values = 0;
      counted = new Uint8Array(length);
      for (const c of map.keys()) {
        if (pairs[c]!.key === key) {
          counted[c] = 1;
          values++;
        }
      }
    }
    if (values * words <= Math.min(walk, rest)) {
      for (const [c, bits] of map) {
        if (counted === undefined || counted[c] === 1) counts[c] = popcountAnd(set, bits);
      }
      return counts;
    }
    // Where each product's codes are.
    const [codes, stride] =
      dimension === 'brand'
        ? [this.brand, 1]
        : dimension === 'store'
          ? [this.stores, this.storeStride]
          : [this.specs, this.specStride];
    // Every code of the walked products, at code + 1 (NONE at 0); a key's other codes are
    // dropped afterwards, which costs less than testing each code.
    const walked = new Int32Array(length + 1);
    let sign = 1;
    if (rest < walk) {
      counts.set(totals!.subarray(0, length));
      const others = scope!.slice();
      for (let w = 0; w < words; w++) others[w]! &= ~set[w]!;
      countColumns(codes, this.capacity, stride, this.slotsIn(others), walked);
      sign = -1;
    } else countColumns(codes, this.capacity, stride, slots ?? this.slotsIn(set), walked);
    for (let c = 0; c < length; c++) {
      if (counted === undefined || counted[c] === 1) counts[c]! += sign * walked[c + 1]!;
      else counts[c] = 0;
    }
    return counts;
  }

  /** The slots set in `bits`, into a buffer reused by every request (an answer runs to its end without awaiting). */
  private slotsIn(bits: Uint32Array): Int32Array {
    if (this.slotBuffer.length < this.capacity) this.slotBuffer = new Int32Array(this.capacity);
    return this.slotBuffer.subarray(0, slotsOf(bits, this.slotBuffer));
  }

  /**
   * The slots of a product set's ids (four words each, as ProductSet holds them) that this index
   * holds, as a bitset; kept per set until a product enters or leaves the category.
   */
  bitsOfSet(words: Uint32Array): Uint32Array {
    const known = this.setBits.get(words);
    if (known && known.membership === this.membership) return known.bits;
    const bits = new Uint32Array(this.capacity >>> 5);
    for (let o = 0; o < words.length; o += 4) {
      const slot = this.ids.slotOfWords(words[o]!, words[o + 1]!, words[o + 2]!, words[o + 3]!);
      if (slot !== undefined) setBit(bits, slot);
    }
    this.setBits.set(words, { bits, membership: this.membership });
    return bits;
  }

  /**
   * The listing of `filters` (of this category): its total, the ids of `page` and, when asked, the
   * facet counts under OR within a group and AND across groups. A selected group (brands, stores,
   * price, each specification key) is the bitset of the products it lets through; the matches are
   * the scope's bitset (with the featured and advanced filters) ANDed with every group's, and a
   * group's own counts (what choosing one more of its values would add) come from the products
   * that every other group lets through and it alone stops. `within` (bitsOfSet) narrows the scope
   * to a product set: a search's matches.
   */
  answer(
    filters: ListingFilters,
    page: ListingPage,
    withFacets: boolean,
    storeRows: readonly StoreRow[],
    nowMs: number,
    within?: Uint32Array,
  ): IndexAnswer {
    const v = this.vocabulary;
    const words = this.capacity >>> 5;
    const subCode = filters.subcategoryId ? (v.categories.find(filters.subcategoryId.toLowerCase()) ?? -2) : NONE;
    const nowUs = nowMs * 1000;
    const dropSince = nowUs - PRICE_DROP_WINDOW_DAYS * DAY_US;
    const lowestBefore = nowUs - LOWEST_PRICE_WINDOW_DAYS * DAY_US;
    const { minPrice, droppedAtUs, lowerSeenUs } = this;
    const dropped = (s: number) => droppedAtUs[s]! >= dropSince;
    const lowest = (s: number) => lowerSeenUs[s]! < lowestBefore;

    // The scope, narrowed by the filters that are not facet groups: featured and the advanced ones.
    const scope = this.scopes.get(subCode) ?? new Uint32Array(words);
    const base = scope.slice();
    if (within) andInto(base, within);
    if (filters.featured === true) andInto(base, this.featuredBits);
    const advanced = new Set<AdvancedFilter>(filters.advanced);
    if (advanced.has('freeShipping')) andInto(base, this.freeShippingBits);
    if (advanced.has('inStock')) andInto(base, this.inStockBits);
    const onlyDropped = advanced.has('priceDropped');
    const onlyLowest = advanced.has('lowestIn6m');
    if (onlyDropped || onlyLowest) {
      for (const s of this.slotsIn(base)) {
        if ((onlyDropped && !dropped(s)) || (onlyLowest && !lowest(s))) clearBit(base, s);
      }
    }

    // The selected groups: 0 brands, 1 stores, 2 price, 3 + i the i-th specification key.
    const groups: { kind: number; bits: Uint32Array; totals?: Totals | undefined }[] = [];
    // The totals of a group whose values are all tracked and never share a product (brands; values
    // of one specification key): over the whole category, the group's products have exactly these.
    const wholeCategory = subCode === NONE && !within && filters.featured !== true && advanced.size === 0;
    const trackedTotals = (codes: (number | undefined)[], tracked: Map<number, Totals>): Totals | undefined => {
      if (!wholeCategory) return undefined;
      const known = [...new Set(codes.filter((c) => c !== undefined))];
      const parts = known.map((c) => tracked.get(c));
      if (parts.some((t) => t === undefined)) return undefined;
      if (parts.length === 1) return parts[0];
      const sum = emptyTotals();
      for (const t of parts as Totals[]) {
        for (const dimension of ['stores', 'pairs'] as const) {
          const counts = t[dimension];
          for (let c = counts.length - 1; c >= 0; c--) if (counts[c] !== 0) addTo(sum, dimension, c, counts[c]!);
        }
      }
      return sum;
    };
    const union = (codes: Iterable<number | undefined>, map: Map<number, Uint32Array>) => {
      const bits = new Uint32Array(words);
      for (const c of codes) {
        const set = c === undefined ? undefined : map.get(c);
        if (set) orInto(bits, set);
      }
      return bits;
    };
    if (filters.brands.length) {
      const codes = filters.brands.map((b) => v.brands.find(b));
      groups.push({ kind: 0, bits: union(codes, this.brandBits), totals: trackedTotals(codes, this.tracked.brands) });
    }
    const activeStore = new Uint8Array(v.stores.values.length);
    const chosenStores: number[] = [];
    const wanted = new Set(filters.stores);
    for (const st of storeRows) {
      const c = v.stores.find(st.id.toLowerCase());
      if (c === undefined || !st.isActive) continue;
      activeStore[c] = 1;
      if (wanted.has(st.slug)) chosenStores.push(c);
    }
    if (filters.stores.length) groups.push({ kind: 1, bits: union(chosenStores, this.storeBits) });
    const specKeys = [...filters.specs.keys()];
    specKeys.forEach((key, i) => {
      const codes = filters.specs.get(key)!.map((value) => v.findPair(key, value));
      groups.push({ kind: 3 + i, bits: union(codes, this.pairBits), totals: trackedTotals(codes, this.tracked.pairs) });
    });
    const matchBits = base.slice();
    for (const g of groups) andInto(matchBits, g.bits);
    const minP = filters.minPriceKurus;
    const maxP = filters.maxPriceKurus;
    if (minP !== undefined || maxP !== undefined) {
      // The price group reads each candidate's price: a page needs only the other groups'
      // matches; the facets' counts without some other group need every product of the base.
      const low = minP ?? -Infinity;
      const high = maxP ?? Infinity;
      const bits = new Uint32Array(words);
      for (const s of this.slotsIn(withFacets ? base : matchBits)) {
        const p = minPrice[s]!;
        if (p >= low && p <= high) setBit(bits, s);
      }
      andInto(matchBits, bits);
      groups.push({ kind: 2, bits });
    }
    const total = popcount(matchBits);
    // Its own buffer: slotsIn's is reused below while the matches are still read.
    if (this.matchBuffer.length < this.capacity) this.matchBuffer = new Int32Array(this.capacity);
    const matches = this.matchBuffer.subarray(0, slotsOf(matchBits, this.matchBuffer));
    const ids = this.page(matches, page).map((slot) => this.ids.idOf(slot));
    if (!withFacets) return { ids, total };

    const pairs = v.pairs;
    const adv = {
      freeShipping: popcountAnd(matchBits, this.freeShippingBits),
      inStock: popcountAnd(matchBits, this.inStockBits),
      priceDropped: 0,
      lowestIn6m: 0,
    };
    let priceMin = Infinity;
    let priceMax = -Infinity;
    for (let i = 0; i < matches.length; i++) {
      const s = matches[i]!;
      if (dropped(s)) adv.priceDropped++;
      if (lowest(s)) adv.lowestIn6m++;
      const p = minPrice[s]!;
      if (p < priceMin) priceMin = p;
      if (p > priceMax) priceMax = p;
    }
    const scopeSize = popcount(scope);
    const totals = this.totalsOf(subCode);
    const brandCount = this.countValues(matchBits, matches, total, scope, scopeSize, 'brand', v.brands.values.length);
    // The matches are one tracked group's products: their totals are kept.
    const known = groups.length === 1 ? groups[0]!.totals : undefined;
    const storeCount = known
      ? fitted(known.stores, v.stores.values.length)
      : this.countValues(matchBits, matches, total, scope, scopeSize, 'store', v.stores.values.length, totals.stores);
    const pairCount = known
      ? fitted(known.pairs, pairs.length)
      : this.countValues(matchBits, matches, total, scope, scopeSize, 'pair', pairs.length, totals.pairs);

    // Each selected group's own counts: its values over the products every other group lets through.
    const own = new Map<number, { values: Int32Array; min: number; max: number }>();
    for (const g of groups) {
      const through = base.slice();
      for (const h of groups) if (h !== g) andInto(through, h.bits);
      const result: { values: Int32Array; min: number; max: number } = {
        values: new Int32Array(0),
        min: Infinity,
        max: -Infinity,
      };
      if (g.kind === 2) {
        for (const s of this.slotsIn(through)) {
          const p = minPrice[s]!;
          if (p < result.min) result.min = p;
          if (p > result.max) result.max = p;
        }
      } else if (g.kind !== 0 && groups.length === 2 && groups.find((h) => h !== g)!.totals) {
        // What every other group lets through is one tracked group's products.
        const other = groups.find((h) => h !== g)!.totals!;
        if (g.kind === 1) result.values = fitted(other.stores, storeCount.length);
        else {
          const key = specKeys[g.kind - 3]!;
          result.values = fitted(other.pairs, pairs.length);
          for (let c = 0; c < result.values.length; c++) {
            if (result.values[c] !== 0 && pairs[c]!.key !== key) result.values[c] = 0;
          }
        }
      } else {
        const n = popcount(through);
        const key = g.kind >= 3 ? specKeys[g.kind - 3] : undefined;
        result.values =
          g.kind === 0
            ? this.countValues(through, undefined, n, undefined, 0, 'brand', brandCount.length)
            : g.kind === 1
              ? this.countValues(through, undefined, n, undefined, 0, 'store', storeCount.length)
              : this.countValues(through, undefined, n, undefined, 0, 'pair', pairs.length, undefined, key);
      }
      own.set(g.kind, result);
    }

    const brandList = (counts: Int32Array) => {
      const out: ValueCount[] = [];
      for (let c = 0; c < counts.length; c++) {
        if (counts[c]! > 0) out.push({ value: v.brands.values[c]!, label: v.brands.values[c]!, count: counts[c]! });
      }
      return out.sort(facetOrder(byBrand));
    };
    const storeById = new Map(storeRows.map((st) => [st.id.toLowerCase(), st]));
    const storeList = (counts: Int32Array) => {
      const out: ValueCount[] = [];
      for (let c = 0; c < counts.length; c++) {
        const store = activeStore[c] ? storeById.get(v.stores.values[c]!) : undefined;
        if (counts[c]! > 0 && store) out.push({ value: store.slug, label: store.name, count: counts[c]! });
      }
      return out.sort(facetOrder(byStoreName));
    };
    const bounds = (min: number, max: number) => (min <= max ? { min, max } : null);
    const pairList = (counts: Int32Array) => {
      const merged = new Map<string, { key: string; value: string; count: number }>();
      for (let c = 0; c < counts.length; c++) {
        if (counts[c]! === 0) continue;
        const { key, value } = pairs[c]!;
        const k = `${key}\u0000${value}`;
        const row = merged.get(k);
        if (row) row.count += counts[c]!;
        else merged.set(k, { key, value, count: counts[c]! });
      }
      return [...merged.values()];
    };
    const ownBrands = own.get(0);
    const ownStores = own.get(1);
    const ownPrice = own.get(2);
    return {
      ids,
      total,
      facets: {
        pass: {
          total,
          advanced: adv,
          ...(ownBrands ? {} : { brands: brandList(brandCount) }),
          ...(ownStores ? {} : { stores: storeList(storeCount) }),
          ...(ownPrice ? {} : { price: bounds(priceMin, priceMax) }),
        },
        base: pairList(pairCount),
        ...(ownBrands ? { brands: brandList(ownBrands.values) } : {}),
        ...(ownStores ? { stores: storeList(ownStores.values) } : {}),
        ...(ownPrice ? { price: bounds(ownPrice.min, ownPrice.max) } : {}),
        own: specKeys.map((_, i) => pairList(own.get(3 + i)!.values)),
      },
    };
  }

  /** The slots of one page, in the sort's order (a bounded heap: the page, not the whole set, is sorted). */
  private page(matches: Int32Array, page: ListingPage): number[] {
    const offset = (page.page - 1) * page.limit;
    const k = offset + page.limit;
    if (page.limit <= 0 || offset >= matches.length) return [];
    const before = this.comparator(page.sort);
    // A max-heap (by `before`) of the best k: its root is the worst of them.
    const heap: number[] = [];
    const worse = (a: number, b: number) => before(b, a) < 0;
    const up = (i: number) => {
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[p]!)) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    };
    const down = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && worse(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && worse(heap[r]!, heap[m]!)) m = r;
        if (m === i) return;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    };
    // Most candidates lose on the sort's first key alone: compared inline, without a call.
    const [first, sign] = this.firstKey(page.sort);
    for (let i = 0; i < matches.length; i++) {
      const s = matches[i]!;
      if (heap.length < k) {
        heap.push(s);
        up(heap.length - 1);
        continue;
      }
      const x = first[s]!;
      const y = first[heap[0]!]!;
      const kx = x !== x ? Infinity : sign * x;
      const ky = y !== y ? Infinity : sign * y;
      if (kx > ky) continue;
      if (kx < ky || before(s, heap[0]!) < 0) {
        heap[0] = s;
        down(0);
      }
    }
    return heap.sort(before).slice(offset);
  }

  /** The first key of a sort, and 1 when it ascends, -1 when it descends (no price: last both ways). */
  private firstKey(sort: ListingPage['sort']): [ArrayLike<number>, 1 | -1] {
    switch (sort) {
      case 'price-low':
        return [this.minPrice, 1];
      case 'price-high':
        return [this.minPrice, -1];
      case 'rating':
        return [this.averageRating, -1];
      case 'newest':
        return [this.createdUs, -1];
      default:
        return [this.ratingsCount, -1];
    }
  }

  /** The listing orders of products.repo (ORDER), on the same figures: negative when slot a comes first. */
  private comparator(sort: ListingPage['sort']): (a: number, b: number) => number {
    const ids = this.ids;
    const byId = (a: number, b: number) => ids.compare(a, b);
    const price = this.minPrice;
    const count = this.ratingsCount;
    const rating = this.averageRating;
    const created = this.createdUs;
    // Products without a price (NaN) come last both ways; ties by id in the price's direction.
    const byPrice = (dir: 1 | -1) => (a: number, b: number) => {
      const x = price[a]!;
      const y = price[b]!;
      const xNone = x !== x;
      if (xNone !== (y !== y)) return xNone ? 1 : -1;
      return xNone || x === y ? dir * byId(a, b) : dir * (x - y);
    };
    switch (sort) {
      case 'price-low':
        return byPrice(1);
      case 'price-high':
        return byPrice(-1);
      case 'rating':
        return (a, b) => rating[b]! - rating[a]! || count[b]! - count[a]! || byId(a, b);
      case 'newest':
        return (a, b) => created[b]! - created[a]! || byId(a, b);
      default:
        return (a, b) => count[b]! - count[a]! || rating[b]! - rating[a]! || byId(a, b);
    }
  }
}

/** A product whose figures changed since a moment (sweep), and its category now. */
interface ChangedRow {
  id: string;
  category_id: string;
}

/** The index of one database: its categories, its store list, whether it builds in the background. */
class DatabaseIndex {
  readonly vocabulary = new Vocabulary();
  readonly categories = new Map<string, CategoryIndex>();
  stores: Promise<StoreRow[]> | undefined;
  generation = 0;
  /** Listings answered since enabled. */
  answers = 0;
  /** Sweeps finished, and the products they read again, since enabled. */
  sweeps = 0;
  rereads = 0;
  /** When the last sweep began (Date.now()), and whether one runs. */
  private sweptAt = Date.now();
  private sweeping = false;

  constructor(
    readonly db: Database,
    readonly background: boolean,
  ) {}

  productsChanged(ids: readonly string[], categories: Set<string> | null): void {
    for (const index of this.categories.values()) {
      if (categories !== null && !categories.has(index.categoryId)) continue;
      index.markChanged(ids);
    }
  }

  everything(): void {
    this.generation++;
    this.categories.clear();
    this.stores = undefined;
  }

  /** Starts building a category (its announcements are collected from now on); resolves when built. */
  build(categoryId: string): Promise<CategoryIndex> {
    const generation = this.generation;
    const index = new CategoryIndex(categoryId, this.vocabulary);
    if (!this.categories.has(categoryId)) this.categories.set(categoryId, index);
    return index.build(this.db).then(
      () => {
        if (generation === this.generation) this.categories.set(categoryId, index);
        return index;
      },
      (error: unknown) => {
        if (this.categories.get(categoryId) === index) this.categories.delete(categoryId);
        throw error;
      },
    );
  }

  /** Starts a sweep when the last began MAX_AGE_MS ago (one at a time; a failed one waits as long). */
  sweepWhenDue(): void {
    if (this.sweeping || Date.now() - this.sweptAt <= MAX_AGE_MS) return;
    this.sweeping = true;
    this.sweptAt = Date.now();
    this.sweep()
      .catch(() => undefined)
      .finally(() => {
        this.sweeping = false;
      });
  }

  /**
   * Reads again, in the background, the products whose figures changed since the ready
   * categories' last reads: a change the announcements missed is in the index after this. The
   * products announced meanwhile are among them and are read once more; under a feed's churn that
   * is a few per cent of the catalog, against all of it. One category after another, each in
   * slices, and a category dropped meanwhile (an announcement of everything) is skipped.
   */
  private async sweep(): Promise<void> {
    const generation = this.generation;
    const swept = [...this.categories.values()].filter((index) => index.ready);
    if (swept.length === 0) return;
    const since = await readChangesSince(this.db);
    const from = Math.min(...swept.map((index) => index.since));
    // A scan of the narrow prices table, once in MAX_AGE_MS: an index on the stamp would make
    // every price change update it (no update in place) for one read every five minutes.
    const result = await this.db.execute(sql`
      select product_id as id, category_id from product_prices
       where figures_changed_at >= ${changedSince(from)}`);
    const changed = sqlRows<ChangedRow>(result);
    // What each category reads again: the products it holds, and those that now belong to it.
    const concerned = new Map<CategoryIndex, string[]>(swept.map((index) => [index, []]));
    for (let r = 0; r < changed.length; r++) {
      if (r > 0 && r % SWEEP_SLICE === 0) await nextTurn();
      const id = changed[r]!.id.toLowerCase();
      const category = changed[r]!.category_id.toLowerCase();
      for (const index of swept) {
        if (index.categoryId === category || index.holds(id)) concerned.get(index)!.push(id);
      }
    }
    for (const index of swept) {
      if (generation !== this.generation || this.categories.get(index.categoryId) !== index) continue;
      const ids = concerned.get(index)!;
      await index.reread(this.db, ids);
      this.rereads += ids.length;
      index.since = since;
    }
    this.sweeps++;
  }

  storeRows(): Promise<StoreRow[]> {
    if (!this.stores) {
      const loading = this.db
        .execute(sql`select id, slug, name, is_active as "isActive" from stores`)
        .then((r) => sqlRows<StoreRow>(r));
      loading.catch(() => {
        if (this.stores === loading) this.stores = undefined;
      });
      this.stores = loading;
    }
    return this.stores;
  }
}

const indexes = new Map<Database, DatabaseIndex>();

observeProductChanges((ids, categories) => {
  for (const index of indexes.values()) index.productsChanged(ids, categories);
});
clearWithPublicReads(() => {
  for (const index of indexes.values()) index.everything();
});

/**
 * Serves the scoped listings of `db` from the index. `background`: a category not yet built is
 * answered by SQL while it builds (PostgreSQL); otherwise its first listing waits for the build (the
 * embedded database, whose single connection would make SQL wait for the build anyway).
 */
export function enableListingIndex(db: Database, options: { background: boolean }): void {
  if (!indexes.has(db)) indexes.set(db, new DatabaseIndex(db, options.background));
}

/** Whether the listing index serves `db`'s listings. */
export function listingIndexServes(db: Database): boolean {
  return indexes.has(db);
}

/**
 * Whether a category of the index is still being built in the background: until it is ready, what
 * needs it is answered by SQL, so a search's panel does not read its matches' ids for nothing.
 */
export function listingIndexBuilding(db: Database): boolean {
  const owner = indexes.get(db);
  return owner !== undefined && owner.background && [...owner.categories.values()].some((index) => !index.ready);
}

export function disableListingIndex(db: Database): void {
  indexes.get(db)?.everything();
  indexes.delete(db);
}

/** Whether the index serves these filters: a category's listing, without a text search or a product set. */
function indexable(filters: ListingFilters): filters is ListingFilters & { categoryId: string } {
  return Boolean(filters.categoryId) && !filters.search && !filters.productIds;
}

/** The index of a category, ready to answer; undefined while it builds in the background. */
async function readyIndex(owner: DatabaseIndex, categoryId: string): Promise<CategoryIndex | undefined> {
  let index = owner.categories.get(categoryId);
  if (!index) {
    const building = owner.build(categoryId);
    if (owner.background) {
      building.catch(() => undefined);
      return undefined;
    }
    index = await building;
  }
  if (!index.ready) return undefined;
  owner.sweepWhenDue();
  return index;
}

/**
 * The page's ids, the total and (when asked) the raw facet counts of a scoped listing, or undefined
 * when the index does not serve it (off for this database, not a category listing, not built yet).
 */
export async function answerFromIndex(
  db: Database,
  filters: ListingFilters,
  page: ListingPage,
  withFacets: boolean,
): Promise<IndexAnswer | undefined> {
  const owner = indexes.get(db);
  if (!owner || !indexable(filters)) return undefined;
  const index = await readyIndex(owner, filters.categoryId.toLowerCase());
  if (!index) return undefined;
  const [storeRows] = await Promise.all([owner.storeRows(), index.catchUp(db)]);
  owner.answers++;
  return index.answer(filters, page, withFacets, storeRows, Date.now());
}

/**
 * A set of products named by the database (a text search's matches, which the index cannot
 * compute): per top-level category (lower-case id), its products' ids as four 32-bit words each
 * (IdSlots' form: 16 bytes an id, outside the JavaScript heap).
 */
export interface ProductSet {
  byCategory: Map<string, Uint32Array>;
  size: number;
}

/** A ProductSet of (category id, its products' ids) rows. */
export function productSetOf(rows: readonly { categoryId: string; ids: readonly string[] }[]): ProductSet {
  const byCategory = new Map<string, Uint32Array>();
  let size = 0;
  for (const { categoryId, ids } of rows) {
    const words = new Uint32Array(ids.length * 4);
    let n = 0;
    for (const id of ids) {
      const w = uuidWords(id.toLowerCase());
      if (!w) continue;
      words.set(w, n * 4);
      n++;
    }
    byCategory.set(categoryId.toLowerCase(), n * 4 === words.length ? words : words.slice(0, n * 4));
    size += n;
  }
  return { byCategory, size };
}

/**
 * The raw facet counts of `filters` over a product set (a search's matches), from the index of
 * each category the set reaches (of `filters.categoryId` alone when the listing is scoped), or
 * undefined when the index does not serve it (off for this database, some category not built yet).
 */
export async function setFacetsFromIndex(
  db: Database,
  filters: ListingFilters,
  set: ProductSet,
): Promise<RawFacets | undefined> {
  const owner = indexes.get(db);
  if (!owner || filters.productIds) return undefined;
  const wanted = filters.categoryId ? [filters.categoryId.toLowerCase()] : [...set.byCategory.keys()];
  const reached = wanted.filter((c) => set.byCategory.has(c));
  const ready = await Promise.all(reached.map((c) => readyIndex(owner, c)));
  if (ready.some((index) => index === undefined)) return undefined;
  const built = ready as CategoryIndex[];
  const [storeRows] = await Promise.all([owner.storeRows(), ...built.map((index) => index.catchUp(db))]);
  owner.answers++;
  const now = Date.now();
  const none: ListingPage = { sort: 'popularity', page: 1, limit: 0 };
  const parts = built.map(
    (index) =>
      index.answer(filters, none, true, storeRows, now, index.bitsOfSet(set.byCategory.get(index.categoryId)!)).facets!,
  );
  return mergeFacets(parts, filters);
}

/** A facet list's order: most products first, then `tie` (the brand, or the store's name) by code point. */
function facetOrder(tie: (v: ValueCount) => string): (a: ValueCount, b: ValueCount) => number {
  return (a, b) => b.count - a.count || byCodePoint(tie(a), tie(b));
}
const byBrand = (v: ValueCount) => v.value;
const byStoreName = (v: ValueCount) => v.label;

/**
 * The facet counts of disjoint sets (categories) added up, in the orders of one category's: most
 * products first, then the brand or the store's name by code point.
 */
function mergeFacets(parts: readonly RawFacets[], filters: ListingFilters): RawFacets {
  const sumValues = (lists: (ValueCount[] | undefined)[], tie: (v: ValueCount) => string): ValueCount[] => {
    const byValue = new Map<string, ValueCount>();
    for (const list of lists) {
      for (const v of list ?? []) {
        const known = byValue.get(v.value);
        if (known) known.count += v.count;
        else byValue.set(v.value, { ...v });
      }
    }
    return [...byValue.values()].sort(facetOrder(tie));
  };
  const sumPairs = (lists: { key: string; value: string; count: number }[][]) => {
    const byPair = new Map<string, { key: string; value: string; count: number }>();
    for (const list of lists) {
      for (const p of list) {
        const k = `${p.key}\u0000${p.value}`;
        const known = byPair.get(k);
        if (known) known.count += p.count;
        else byPair.set(k, { ...p });
      }
    }
    return [...byPair.values()];
  };
  const spanOf = (bounds: ({ min: number; max: number } | null | undefined)[]) => {
    let min = Infinity;
    let max = -Infinity;
    for (const b of bounds) {
      if (!b) continue;
      if (b.min < min) min = b.min;
      if (b.max > max) max = b.max;
    }
    return min <= max ? { min, max } : null;
  };
  const brandsChosen = filters.brands.length > 0;
  const storesChosen = filters.stores.length > 0;
  const priceChosen = filters.minPriceKurus !== undefined || filters.maxPriceKurus !== undefined;
  const advanced = { freeShipping: 0, inStock: 0, priceDropped: 0, lowestIn6m: 0 };
  for (const part of parts) {
    for (const k of Object.keys(advanced) as AdvancedFilter[]) advanced[k] += part.pass.advanced[k];
  }
  return {
    pass: {
      total: parts.reduce((n, part) => n + part.pass.total, 0),
      advanced,
      ...(brandsChosen
        ? {}
        : {
            brands: sumValues(
              parts.map((p) => p.pass.brands),
              byBrand,
            ),
          }),
      ...(storesChosen
        ? {}
        : {
            stores: sumValues(
              parts.map((p) => p.pass.stores),
              byStoreName,
            ),
          }),
      ...(priceChosen ? {} : { price: spanOf(parts.map((p) => p.pass.price)) }),
    },
    base: sumPairs(parts.map((p) => p.base)),
    ...(brandsChosen
      ? {
          brands: sumValues(
            parts.map((p) => p.brands),
            byBrand,
          ),
        }
      : {}),
    ...(storesChosen
      ? {
          stores: sumValues(
            parts.map((p) => p.stores),
            byStoreName,
          ),
        }
      : {}),
    ...(priceChosen ? { price: spanOf(parts.map((p) => p.price)) } : {}),
    own: [...filters.specs.keys()].map((_, i) => sumPairs(parts.map((p) => p.own[i] ?? []))),
  };
}

/** Builds every top-level category of `db` one after another (at start, so no listing waits). */
export async function prewarmListingIndex(db: Database): Promise<{ categories: number; products: number }> {
  const owner = indexes.get(db);
  if (!owner) return { categories: 0, products: 0 };
  const result = await db.execute(sql`select id from categories where parent_id is null order by id`);
  let products = 0;
  const ids = sqlRows<{ id: string }>(result).map((r) => r.id.toLowerCase());
  for (const id of ids) {
    const existing = owner.categories.get(id);
    products += (existing?.ready ? existing : await owner.build(id)).products;
  }
  return { categories: ids.length, products };
}

/** For /metrics, the benchmark and tests: the categories and products `db`'s index holds ready, the listings it answered. */
export function listingIndexFigures(
  db: Database,
):
  | { categories: number; products: number; answers: number; sweeps: number; rereads: number; trackedValues: number }
  | undefined {
  const owner = indexes.get(db);
  if (!owner) return undefined;
  let categories = 0;
  let products = 0;
  let trackedValues = 0;
  for (const index of owner.categories.values()) {
    if (!index.ready) continue;
    categories++;
    products += index.products;
    trackedValues += index.trackedValues;
  }
  return { categories, products, answers: owner.answers, sweeps: owner.sweeps, rereads: owner.rereads, trackedValues };
}
