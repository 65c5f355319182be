import { sql } from 'drizzle-orm';
import {
  LOWEST_PRICE_WINDOW_DAYS,
  PRICE_DROP_WINDOW_DAYS,
  type AdvancedFilter,
} from '@kiyasla/contracts/catalog-constants';
import type { Database } from '../../db/client';
import { clearWithPublicReads, observeProductChanges } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
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
 * then built again. A category is rebuilt in the background after MAX_AGE_MS, which bounds what a
 * lost announcement could leave behind. Until a category is built its listings are answered by SQL.
 */

/** A built category is read again from the database after this long (the bound on a missed change). */
export const MAX_AGE_MS = 5 * 60_000;
const DAY_US = 86_400_000_000;
const NONE = -1;

/** A product's state in a facet request (per position): a match, out (excluded or failing two groups), or 1 + the one group it fails. */
const MATCH = 0;
const OUT = 255;

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

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The products of one top-level category, column by column; a slot per product, reused when one leaves. */
class CategoryIndex {
  ready = false;
  builtAt = 0;
  rebuilding = false;
  readonly dirty = new Set<string>();
  private chain: Promise<void> = Promise.resolve();

  private capacity = 0;
  private size = 0;
  private readonly free: number[] = [];
  private readonly slotOf = new Map<string, number>();
  private ids: (string | undefined)[] = [];
  private live = new Uint8Array(0);
  private sub = new Int32Array(0);
  private brand = new Int32Array(0);
  private flags = new Uint8Array(0);
  private ratingsCount = new Int32Array(0);
  private averageRating = new Float32Array(0);
  private createdUs = new Float64Array(0);
  private minPrice = new Float64Array(0);
  private prevMinPrice = new Float64Array(0);
  private priceUpdatedUs = new Float64Array(0);
  private lowerSeenUs = new Float64Array(0);
  private storeStride = 1;
  private stores = new Int32Array(0);
  private specStride = 1;
  private specs = new Int32Array(0);

  /** The live slots, all and per subcategory: built when asked, dropped when a product enters, leaves or moves. */
  private memberLists: Map<number, Int32Array> | undefined;
  private matchBuffer = new Int32Array(0);

  constructor(
    readonly categoryId: string,
    private readonly vocabulary: Vocabulary,
  ) {}

  /** The live slots of a subcategory (NONE: of the whole category), in slot order. */
  private slotsOf(subCode: number): Int32Array {
    if (!this.memberLists) {
      const lists = new Map<number, number[]>([[NONE, []]]);
      for (let s = 0; s < this.size; s++) {
        if (this.live[s] === 0) continue;
        lists.get(NONE)!.push(s);
        const sub = this.sub[s]!;
        if (sub === NONE) continue;
        let list = lists.get(sub);
        if (!list) lists.set(sub, (list = []));
        list.push(s);
      }
      this.memberLists = new Map([...lists].map(([k, list]) => [k, Int32Array.from(list)]));
    }
    return this.memberLists.get(subCode) ?? new Int32Array(0);
  }

  private stateBuffer = new Uint8Array(0);
  /** Per subcategory code (NONE: the whole category): how many live products name each store and pair. */
  private readonly totals = new Map<number, { stores: Int32Array; pairs: Int32Array }>();

  private totalsOf(sub: number): { stores: Int32Array; pairs: Int32Array } {
    let t = this.totals.get(sub);
    if (!t) this.totals.set(sub, (t = { stores: new Int32Array(0), pairs: new Int32Array(0) }));
    return t;
  }

  /** Adds a live slot's stores and pairs to its scopes' totals (sign 1), or takes them out (-1). */
  private account(slot: number, sign: 1 | -1): void {
    const sub = this.sub[slot]!;
    this.accountIn(NONE, slot, sign);
    if (sub !== NONE) this.accountIn(sub, slot, sign);
  }

  private accountIn(scope: number, slot: number, sign: 1 | -1): void {
    const t = this.totalsOf(scope);
    const widen = (a: Int32Array, c: number) => {
      const next = new Int32Array(Math.max(c + 1, a.length * 2, 64));
      next.set(a);
      return next;
    };
    for (let k = slot * this.storeStride; k < (slot + 1) * this.storeStride; k++) {
      const c = this.stores[k]!;
      if (c === NONE) break;
      if (c >= t.stores.length) t.stores = widen(t.stores, c);
      t.stores[c]! += sign;
    }
    for (let k = slot * this.specStride; k < (slot + 1) * this.specStride; k++) {
      const c = this.specs[k]!;
      if (c === NONE) break;
      if (c >= t.pairs.length) t.pairs = widen(t.pairs, c);
      t.pairs[c]! += sign;
    }
  }

  private stateScratch(n: number): Uint8Array {
    if (this.stateBuffer.length < n) this.stateBuffer = new Uint8Array(Math.max(n, this.capacity));
    return this.stateBuffer;
  }

  /** A buffer for a request's matches (answers run one at a time: nothing awaits inside one). */
  private scratch(n: number): Int32Array {
    if (this.matchBuffer.length < n) this.matchBuffer = new Int32Array(Math.max(n, this.capacity));
    return this.matchBuffer;
  }

  get products(): number {
    return this.slotOf.size;
  }

  async build(db: Database): Promise<void> {
    const result = await db.execute(rowsSql(sql`p.category_id = ${this.categoryId} and p.is_active`));
    for (const row of sqlRows<LoadedRow>(result)) this.put(row);
    this.ready = true;
    this.builtAt = Date.now();
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
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.account(slot, -1);
    this.slotOf.delete(id);
    this.ids[slot] = undefined;
    this.live[slot] = 0;
    this.free.push(slot);
    this.memberLists = undefined;
  }

  private put(row: LoadedRow): void {
    const id = row.id.toLowerCase();
    let slot = this.slotOf.get(id);
    if (slot !== undefined) this.account(slot, -1);
    else {
      slot = this.free.pop() ?? this.size++;
      if (slot >= this.capacity) this.grow(Math.max(1024, this.capacity * 2), this.storeStride, this.specStride);
      this.slotOf.set(id, slot);
      this.ids[slot] = id;
      this.memberLists = undefined;
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
    this.live[slot] = 1;
    const sub = row.subcategory_id ? v.categories.code(row.subcategory_id.toLowerCase()) : NONE;
    if (this.sub[slot] !== sub) this.memberLists = undefined;
    this.sub[slot] = sub;
    this.brand[slot] = v.brands.code(row.brand);
    this.flags[slot] =
      (row.is_featured ? FEATURED : 0) | (row.free_shipping ? FREE_SHIPPING : 0) | (row.in_stock ? IN_STOCK : 0);
    this.ratingsCount[slot] = row.ratings_count;
    this.averageRating[slot] = row.average_rating;
    this.createdUs[slot] = Number(row.created_us);
    this.minPrice[slot] = num(row.min_price);
    this.prevMinPrice[slot] = num(row.prev_min_price);
    this.priceUpdatedUs[slot] = num(row.price_updated_us);
    this.lowerSeenUs[slot] = num(row.lower_seen_us);
    this.stores.fill(NONE, slot * this.storeStride, (slot + 1) * this.storeStride);
    this.stores.set(storeCodes, slot * this.storeStride);
    this.specs.fill(NONE, slot * this.specStride, (slot + 1) * this.specStride);
    this.specs.set(pairCodes, slot * this.specStride);
    this.account(slot, 1);
  }

  private grow(capacity: number, storeStride: number, specStride: number): void {
    const copy = <T extends Int32Array | Uint8Array | Float32Array | Float64Array>(old: T, make: (n: number) => T) => {
      const next = make(capacity);
      next.set(old.subarray(0, Math.min(old.length, capacity)));
      return next;
    };
    this.live = copy(this.live, (n) => new Uint8Array(n));
    this.sub = copy(this.sub, (n) => new Int32Array(n));
    this.brand = copy(this.brand, (n) => new Int32Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.ratingsCount = copy(this.ratingsCount, (n) => new Int32Array(n));
    this.averageRating = copy(this.averageRating, (n) => new Float32Array(n));
    this.createdUs = copy(this.createdUs, (n) => new Float64Array(n));
    this.minPrice = copy(this.minPrice, (n) => new Float64Array(n));
    this.prevMinPrice = copy(this.prevMinPrice, (n) => new Float64Array(n));
    this.priceUpdatedUs = copy(this.priceUpdatedUs, (n) => new Float64Array(n));
    this.lowerSeenUs = copy(this.lowerSeenUs, (n) => new Float64Array(n));
    const restride = (old: Int32Array, oldStride: number, stride: number) => {
      const next = new Int32Array(capacity * stride).fill(NONE);
      for (let s = 0; s < this.size && s < capacity; s++) {
        next.set(old.subarray(s * oldStride, (s + 1) * oldStride), s * stride);
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
   * The listing of `filters` (of this category): its total, the ids of `page` and, when asked, the
   * facet counts under OR within a group and AND across groups. One pass: a product that fails no
   * selected group is a match and counts in every group; one that fails exactly one selected group
   * counts only in that group's own counts (what choosing one more of its values would add).
   */
  answer(
    filters: ListingFilters,
    page: ListingPage,
    withFacets: boolean,
    storeRows: readonly StoreRow[],
    nowMs: number,
  ): IndexAnswer {
    const v = this.vocabulary;
    const subCode = filters.subcategoryId ? (v.categories.find(filters.subcategoryId.toLowerCase()) ?? -2) : NONE;
    const featured = filters.featured === true;
    const nowUs = nowMs * 1000;
    const dropSince = nowUs - PRICE_DROP_WINDOW_DAYS * DAY_US;
    const lowestBefore = nowUs - LOWEST_PRICE_WINDOW_DAYS * DAY_US;
    const advanced = new Set<AdvancedFilter>(filters.advanced);

    // The selected groups: 0 brands, 1 stores, 2 price, 3 + i the i-th specification key.
    const specKeys = [...filters.specs.keys()];
    const brandOk = new Uint8Array(v.brands.values.length);
    for (const b of filters.brands) {
      const c = v.brands.find(b);
      if (c !== undefined) brandOk[c] = 1;
    }
    const storeOk = new Uint8Array(v.stores.values.length);
    const activeStore = new Uint8Array(v.stores.values.length);
    const wanted = new Set(filters.stores);
    for (const s of storeRows) {
      const c = v.stores.find(s.id.toLowerCase());
      if (c === undefined || !s.isActive) continue;
      activeStore[c] = 1;
      if (wanted.has(s.slug)) storeOk[c] = 1;
    }
    const pairs = v.pairs;
    // For each pair: 1 + the index of its key among the selected keys (0: not selected), and
    // whether it is one of the chosen values of that key.
    const pairGroup = new Int32Array(pairs.length);
    const pairChosen = new Uint8Array(pairs.length);
    for (let c = 0; c < pairs.length; c++) {
      const i = specKeys.indexOf(pairs[c]!.key);
      if (i < 0) continue;
      pairGroup[c] = i + 1;
      if (pairs[c]!.exact && filters.specs.get(pairs[c]!.key)!.includes(pairs[c]!.value)) pairChosen[c] = 1;
    }
    const hasBrand = filters.brands.length > 0;
    const hasStore = filters.stores.length > 0;
    const minP = filters.minPriceKurus;
    const maxP = filters.maxPriceKurus;
    const hasPrice = minP !== undefined || maxP !== undefined;

    const brandCount = new Int32Array(v.brands.values.length);
    const brandOwn = hasBrand ? new Int32Array(v.brands.values.length) : undefined;
    const storeCount = new Int32Array(v.stores.values.length);
    const storeOwn = hasStore ? new Int32Array(v.stores.values.length) : undefined;
    const pairCount = new Int32Array(pairs.length);
    const pairOwn = new Int32Array(pairs.length);
    let priceMin = Infinity;
    let priceMax = -Infinity;
    let ownMin = Infinity;
    let ownMax = -Infinity;
    const adv = { freeShipping: 0, inStock: 0, priceDropped: 0, lowestIn6m: 0 };
    const specSatisfied = new Uint8Array(specKeys.length + 1);
    const keyCount = specKeys.length;
    const needFree = advanced.has('freeShipping');
    const needStock = advanced.has('inStock');
    const needDrop = advanced.has('priceDropped');
    const needLowest = advanced.has('lowestIn6m');
    const readsWindows = withFacets || needDrop || needLowest;
    const low = minP ?? -Infinity;
    const high = maxP ?? Infinity;

    // The hot loop reads locals: V8 then keeps the arrays in registers instead of reloading fields.
    const slots = this.slotsOf(subCode);
    const matches = this.scratch(slots.length);
    // Per position in `slots` (facets only): MATCH, 1 + the only group it fails, or OUT.
    const state = withFacets ? this.stateScratch(slots.length).fill(OUT, 0, slots.length) : undefined!;
    let total = 0;
    const { live, flags, brand, stores, specs, storeStride, specStride } = this;
    const minPrice = this.minPrice;
    const prevMinPrice = this.prevMinPrice;
    const priceUpdatedUs = this.priceUpdatedUs;
    const lowerSeenUs = this.lowerSeenUs;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!;
      if (live[s] === 0) continue;
      const f = flags[s]!;
      if (featured && (f & FEATURED) === 0) continue;
      const price = minPrice[s]!;
      // NaN (no price) fails every comparison.
      const priced = price === price;
      // The two windowed figures only when a filter or the facets read them.
      const dropped = readsWindows && priced && price < prevMinPrice[s]! && priceUpdatedUs[s]! >= dropSince;
      const lowerSeen = readsWindows ? lowerSeenUs[s]! : 0;
      const lowest = readsWindows && priced && (lowerSeen !== lowerSeen || lowerSeen < lowestBefore);
      if (
        (needFree && (f & FREE_SHIPPING) === 0) ||
        (needStock && (f & IN_STOCK) === 0) ||
        (needDrop && !dropped) ||
        (needLowest && !lowest)
      ) {
        continue;
      }
      // The selected group this product fails (-1: none), and how many it fails.
      let failed = -1;
      let fails = 0;
      const b = brand[s]!;
      if (hasBrand && brandOk[b] === 0) {
        failed = 0;
        fails++;
      }
      const so = s * storeStride;
      const soEnd = so + storeStride;
      if (hasStore) {
        let any = false;
        for (let k = so; k < soEnd; k++) {
          const c = stores[k]!;
          if (c === NONE) break;
          if (storeOk[c] === 1) {
            any = true;
            break;
          }
        }
        if (!any) {
          failed = 1;
          fails++;
        }
      }
      if (hasPrice && !(price >= low && price <= high)) {
        failed = 2;
        fails++;
      }
      const po = s * specStride;
      const poEnd = po + specStride;
      if (keyCount > 0) {
        for (let g = 1; g <= keyCount; g++) specSatisfied[g] = 0;
        for (let k = po; k < poEnd; k++) {
          const c = specs[k]!;
          if (c === NONE) break;
          if (pairChosen[c] === 1) specSatisfied[pairGroup[c]!] = 1;
        }
        for (let g = 1; g <= keyCount; g++) {
          if (specSatisfied[g] === 0) {
            failed = 2 + g;
            fails++;
          }
        }
      }
      if (fails > 1) continue;
      if (fails === 0) {
        matches[total++] = s;
        if (!withFacets) continue;
        state[i] = MATCH;
        if (f & FREE_SHIPPING) adv.freeShipping++;
        if (f & IN_STOCK) adv.inStock++;
        if (dropped) adv.priceDropped++;
        if (lowest) adv.lowestIn6m++;
        brandCount[b]!++;
        if (priced) {
          if (price < priceMin) priceMin = price;
          if (price > priceMax) priceMax = price;
        }
        continue;
      }
      if (!withFacets) continue;
      // Fails only group `failed`: it counts in that group's own counts.
      state[i] = failed + 1;
      if (failed === 0) brandOwn![b]!++;
      else if (failed === 2 && priced) {
        if (price < ownMin) ownMin = price;
        if (price > ownMax) ownMax = price;
      }
    }

    if (withFacets) {
      // The stores and specification pairs of the matches: counted directly when they are few,
      // else as the scope's maintained totals less the products that do not match (for a category
      // with no filter, nothing at all to count). Fail-only products add to their group's own counts.
      const fromTotals = total * 2 > slots.length;
      if (fromTotals) {
        const totals = this.totalsOf(subCode);
        storeCount.set(totals.stores.subarray(0, storeCount.length));
        pairCount.set(totals.pairs.subarray(0, pairCount.length));
      }
      const count = (s: number, sign: number) => {
        for (let k = s * storeStride, end = k + storeStride; k < end; k++) {
          const c = stores[k]!;
          if (c === NONE) break;
          storeCount[c]! += sign;
        }
        for (let k = s * specStride, end = k + specStride; k < end; k++) {
          const c = specs[k]!;
          if (c === NONE) break;
          pairCount[c]! += sign;
        }
      };
      if (fromTotals) {
        for (let i = 0; i < slots.length; i++) if (state[i] !== MATCH) count(slots[i]!, -1);
      } else {
        for (let i = 0; i < total; i++) count(matches[i]!, 1);
      }
      if (hasStore || keyCount > 0) {
        for (let i = 0; i < slots.length; i++) {
          const st = state[i]!;
          const s = slots[i]!;
          if (st === 2) {
            for (let k = s * storeStride, end = k + storeStride; k < end; k++) {
              const c = stores[k]!;
              if (c === NONE) break;
              storeOwn![c]!++;
            }
          } else if (st > 3 && st !== OUT) {
            for (let k = s * specStride, end = k + specStride; k < end; k++) {
              const c = specs[k]!;
              if (c === NONE) break;
              if (pairGroup[c] === st - 3) pairOwn[c]!++;
            }
          }
        }
      }
    }

    const ids = this.page(matches.subarray(0, total), page).map((slot) => this.ids[slot]!);
    if (!withFacets) return { ids, total };

    const sum = (counts: Int32Array, own: Int32Array | undefined, c: number) => counts[c]! + (own ? own[c]! : 0);
    const brandList = (own: Int32Array | undefined) => {
      const out: ValueCount[] = [];
      for (let c = 0; c < brandCount.length; c++) {
        const count = sum(brandCount, own, c);
        if (count > 0) out.push({ value: v.brands.values[c]!, label: v.brands.values[c]!, count });
      }
      return out.sort((a, b) => b.count - a.count || byCodePoint(a.value, b.value));
    };
    const storeById = new Map(storeRows.map((s) => [s.id.toLowerCase(), s]));
    const storeList = (own: Int32Array | undefined) => {
      const out: ValueCount[] = [];
      for (let c = 0; c < storeCount.length; c++) {
        const count = sum(storeCount, own, c);
        const store = activeStore[c] ? storeById.get(v.stores.values[c]!) : undefined;
        if (count > 0 && store) out.push({ value: store.slug, label: store.name, count });
      }
      return out.sort((a, b) => b.count - a.count || byCodePoint(a.label, b.label));
    };
    const bounds = (min: number, max: number) => (min <= max ? { min, max } : null);
    const pairList = (counts: (c: number) => number, only?: number) => {
      const merged = new Map<string, { key: string; value: string; count: number }>();
      for (let c = 0; c < pairs.length; c++) {
        if (only !== undefined && pairGroup[c] !== only) continue;
        const count = counts(c);
        if (count === 0) continue;
        const { key, value } = pairs[c]!;
        const k = `${key}\u0000${value}`;
        const row = merged.get(k);
        if (row) row.count += count;
        else merged.set(k, { key, value, count });
      }
      return [...merged.values()];
    };
    return {
      ids,
      total,
      facets: {
        pass: {
          total,
          advanced: adv,
          ...(hasBrand ? {} : { brands: brandList(undefined) }),
          ...(hasStore ? {} : { stores: storeList(undefined) }),
          ...(hasPrice ? {} : { price: bounds(priceMin, priceMax) }),
        },
        base: pairList((c) => pairCount[c]!),
        ...(hasBrand ? { brands: brandList(brandOwn) } : {}),
        ...(hasStore ? { stores: storeList(storeOwn) } : {}),
        ...(hasPrice ? { price: bounds(Math.min(priceMin, ownMin), Math.max(priceMax, ownMax)) } : {}),
        own: specKeys.map((_, i) => pairList((c) => pairCount[c]! + pairOwn[c]!, i + 1)),
      },
    };
  }

  /** The slots of one page, in the sort's order (a bounded heap: the page, not the whole set, is sorted). */
  private page(matches: Int32Array, page: ListingPage): number[] {
    const offset = (page.page - 1) * page.limit;
    const k = offset + page.limit;
    if (offset >= matches.length) return [];
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
    const ids = this.ids as string[];
    const byId = (a: number, b: number) => {
      const x = ids[a]!;
      const y = ids[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    };
    const price = this.minPrice;
    const count = this.ratingsCount;
    const rating = this.averageRating;
    const created = this.createdUs;
    switch (sort) {
      // Products without a price (NaN) come last both ways.
      case 'price-low':
        return (a, b) => {
          const x = price[a]!;
          const y = price[b]!;
          if (x === y) return byId(a, b);
          if (x !== x) return y !== y ? byId(a, b) : 1;
          return y !== y ? -1 : x - y;
        };
      case 'price-high':
        return (a, b) => {
          const x = price[a]!;
          const y = price[b]!;
          if (x === y) return byId(b, a);
          if (x !== x) return y !== y ? byId(b, a) : 1;
          return y !== y ? -1 : y - x;
        };
      case 'rating':
        return (a, b) => rating[b]! - rating[a]! || count[b]! - count[a]! || byId(a, b);
      case 'newest':
        return (a, b) => created[b]! - created[a]! || byId(a, b);
      default:
        return (a, b) => count[b]! - count[a]! || rating[b]! - rating[a]! || byId(a, b);
    }
  }
}

/** The index of one database: its categories, its store list, whether it builds in the background. */
class DatabaseIndex {
  readonly vocabulary = new Vocabulary();
  readonly categories = new Map<string, CategoryIndex>();
  /** Categories built again beside their answering index (refresh): they hear the announcements too. */
  private readonly rebuilds = new Set<CategoryIndex>();
  stores: Promise<StoreRow[]> | undefined;
  generation = 0;
  /** Listings answered since enabled. */
  answers = 0;

  constructor(
    readonly db: Database,
    readonly background: boolean,
  ) {}

  productsChanged(ids: readonly string[], categories: Set<string> | null): void {
    for (const index of [...this.categories.values(), ...this.rebuilds]) {
      if (categories !== null && !categories.has(index.categoryId)) continue;
      for (const id of ids) index.dirty.add(id.toLowerCase());
    }
  }

  everything(): void {
    this.generation++;
    this.categories.clear();
    this.rebuilds.clear();
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

  /** Rebuilds an old category in the background; the old one answers meanwhile. */
  refresh(index: CategoryIndex): void {
    if (index.rebuilding) return;
    index.rebuilding = true;
    const generation = this.generation;
    const next = new CategoryIndex(index.categoryId, this.vocabulary);
    // Announcements made while it builds reach the old index (answering) and the new one.
    this.rebuilds.add(next);
    next
      .build(this.db)
      .then(() => {
        if (generation === this.generation && this.categories.get(index.categoryId) === index) {
          this.categories.set(index.categoryId, next);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        this.rebuilds.delete(next);
        index.rebuilding = false;
      });
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

export function disableListingIndex(db: Database): void {
  indexes.get(db)?.everything();
  indexes.delete(db);
}

/** Whether the index serves these filters: a category's listing, without a text search or a product set. */
function indexable(filters: ListingFilters): filters is ListingFilters & { categoryId: string } {
  return Boolean(filters.categoryId) && !filters.search && !filters.productIds;
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
  const categoryId = filters.categoryId.toLowerCase();
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
  if (Date.now() - index.builtAt > MAX_AGE_MS) owner.refresh(index);
  const [storeRows] = await Promise.all([owner.storeRows(), index.catchUp(db)]);
  owner.answers++;
  return index.answer(filters, page, withFacets, storeRows, Date.now());
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
): { categories: number; products: number; answers: number } | undefined {
  const owner = indexes.get(db);
  if (!owner) return undefined;
  let categories = 0;
  let products = 0;
  for (const index of owner.categories.values()) {
    if (!index.ready) continue;
    categories++;
    products += index.products;
  }
  return { categories, products, answers: owner.answers };
}
