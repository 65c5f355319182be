/**
 * Caches for hot public catalog reads (product pages, listing pages with their facets, search
 * results, search suggestions): the same few thousand requests — popular products, a category's
 * first pages, popular queries, the keystrokes leading to them — make most of the traffic, and
 * each costs counting and ranking tens of thousands of rows at the million-product scale.
 *
 * Correctness: every cached value shows prices. A price change of some products
 * (`invalidateProductReads`, called by refreshProductPriceAggregates — the one place where
 * denormalised prices change) reaches the entries that can show it (ADR 010, issue 16):
 * - per-product caches: those products' entries are dropped;
 * - an entry whose load declared `ReadTags` is dropped when it shows one of the products
 *   (`products`): no cached page shows a price older than the product's last change;
 * - an entry whose matches, order or counts read the prices of products it does not show
 *   (`categories` of a changed product, or `global`: a price sort, a price range, facets) is
 *   kept for at most PRICE_ORDER_STALENESS_MS after the first such change, then loaded again
 *   (from half that time, in the background while it is still served): under a feed's steady
 *   churn every category changes many times a second, and dropping these entries at once would
 *   leave them cold;
 * - an entry without tags: dropped on every product change (what every entry did before).
 * `invalidatePublicReads` empties them all. A load in flight while a change that concerns it
 * arrives is not stored when the change is of a product it shows (each load collects the changes
 * made during its flight and checks them against its tags when it lands), so an old price cannot
 * land in the cache after the invalidation; a load that missed only changes of products it does
 * not show is stored with the bound counted from the first of them. Callers that change the
 * catalog inside a transaction invalidate again after the commit: a read between the first
 * invalidation and the commit still sees the old rows.
 *
 * These functions clear this process's caches only. A change made by any process (an API
 * instance, the feed CLI) reaches the other API instances through PostgreSQL NOTIFY on the
 * `kiyasla_reads` channel, sent in the writer's transaction and delivered at its commit:
 * lib/read-invalidation.ts sends and decodes it, lib/read-invalidation-listener.ts applies it here
 * (ADR 010). Between one and two TTLs an entry is served while a single background load
 * refreshes it.
 */

let enabled = true;

/**
 * How long an entry may still be served after a price change of a product it does not show but
 * whose price can enter it, reorder it or change its counts (ADR 010, issue 16). Feeds refresh a
 * store's prices hourly; a shopper who reloads a page sees such a change within this bound, and
 * the prices on its cards are never older than their products' last change.
 */
export const PRICE_ORDER_STALENESS_MS = 15_000;
let priceOrderStalenessMs = PRICE_ORDER_STALENESS_MS;

/**
 * Sets the bound above. Tests whose subject is a rule's figures read through the API (facet
 * counts after a change), not the cache, set 0: such a change then reaches the next read.
 */
export function setPriceOrderStaleness(ms: number): void {
  priceOrderStalenessMs = ms;
}

const registry: PublicReadCache<unknown>[] = [];
const alsoOnEverything: (() => void)[] = [];

/**
 * What can change a cached value, declared by its load. `products`: the products it shows; a
 * change of one of them drops the entry at once (its price is on the page). `categories`: the
 * categories and subcategories whose products' prices can move a product into or out of the
 * entry, reorder it or change a count (price sorts, price ranges, facets); `global: true`: any
 * product's price can (a price-ordered listing of the whole catalog, a search with facets). A
 * change of those that is not of a product shown bounds the entry's life instead
 * (PRICE_ORDER_STALENESS_MS). An entry stored without tags is dropped by every product change.
 */
export interface ReadTags {
  products?: readonly string[];
  categories?: readonly string[];
  global?: boolean;
}

/**
 * A product change: the products, and their categories and subcategories when the writer knows
 * them. Without `categoryIds` every category-tagged entry is dropped, unless this process has
 * learned those products' categories from an earlier change (below).
 */
export interface ProductChange {
  productIds: readonly string[];
  categoryIds?: readonly string[] | undefined;
}

// The categories of recently changed products, learned from the changes that named them: the
// after-commit repeat of an invalidation (invalidateProductReads(ids)) then stays as narrow as
// the announcement made inside the transaction. Bounded; a product's category changes only
// through the admin catalog, which announces everything (and clears this).
const LEARNED_CATEGORIES_MAX = 200_000;
const learnedCategories = new Map<string, readonly string[]>();

function learn(productIds: readonly string[], categoryIds: readonly string[]): void {
  // Per product only when the change is about one product; a batch names the union.
  if (productIds.length !== 1) return;
  const id = productIds[0]!.toLowerCase();
  learnedCategories.delete(id);
  learnedCategories.set(id, categoryIds);
  if (learnedCategories.size > LEARNED_CATEGORIES_MAX) {
    const oldest = learnedCategories.keys().next().value;
    if (oldest !== undefined) learnedCategories.delete(oldest);
  }
}

/** Batches remembered as a whole: the same id list, the same categories. */
const learnedBatches = new Map<string, readonly string[]>();
const LEARNED_BATCHES_MAX = 256;

function batchKey(productIds: readonly string[]): string {
  return [...new Set(productIds.map((id) => id.toLowerCase()))].sort().join(',');
}

function resolveCategories(change: ProductChange): Set<string> | null {
  if (change.categoryIds) {
    learn(change.productIds, change.categoryIds);
    if (change.productIds.length > 1) {
      const key = batchKey(change.productIds);
      learnedBatches.delete(key);
      learnedBatches.set(key, change.categoryIds);
      if (learnedBatches.size > LEARNED_BATCHES_MAX) {
        const oldest = learnedBatches.keys().next().value;
        if (oldest !== undefined) learnedBatches.delete(oldest);
      }
    }
    return new Set(change.categoryIds.map((c) => c.toLowerCase()));
  }
  if (change.productIds.length === 1) {
    const known = learnedCategories.get(change.productIds[0]!.toLowerCase());
    return known ? new Set(known.map((c) => c.toLowerCase())) : null;
  }
  const batch = learnedBatches.get(batchKey(change.productIds));
  return batch ? new Set(batch.map((c) => c.toLowerCase())) : null;
}

/** Empties every public read cache of this instance. */
export function invalidatePublicReads(): void {
  learnedCategories.clear();
  learnedBatches.clear();
  for (const cache of registry) cache.clear();
  for (const clear of alsoOnEverything) clear();
}

/**
 * A cache outside this registry that must be emptied with everything else (the category tree):
 * an "everything" message from another process then reaches it too.
 */
export function clearWithPublicReads(clear: () => void): void {
  alsoOnEverything.push(clear);
}

type ProductChangeObserver = (productIds: readonly string[], categories: Set<string> | null) => void;
const productObservers: ProductChangeObserver[] = [];

/**
 * Something outside the caches that keeps products' figures (the listing index) hears each
 * product change: the lower-case ids and the changed products' categories and subcategories
 * (lower case), or null when unknown.
 */
export function observeProductChanges(observer: ProductChangeObserver): void {
  productObservers.push(observer);
}

/**
 * These products' offers or prices changed: drops their entries from the per-product caches and,
 * from the other caches, the entries that can show them (see ReadTags). `categoryIds`: the
 * products' categories and subcategories, when known.
 */
export function invalidateProductReads(productIds: readonly string[], categoryIds?: readonly string[]): void {
  if (productIds.length === 0) return;
  const ids = productIds.map((id) => id.toLowerCase());
  const categories = resolveCategories({ productIds: ids, categoryIds });
  for (const cache of registry) {
    if (cache.perProduct) for (const id of ids) cache.delete(id);
    else cache.dropConcerned(ids, categories);
  }
  for (const observe of productObservers) observe(ids, categories);
}

/** Benchmarks turn caching off to capture the SQL of a cache miss; tests use it to compare. */
export function setPublicReadCaching(on: boolean): void {
  enabled = on;
  if (!on) invalidatePublicReads();
}

/** What a load in flight has missed: the changes made while it ran. */
interface Missed {
  products: Set<string>;
  /** null: some change did not name its categories. */
  categories: Set<string> | null;
  /** When the first of them arrived (undefined: none did). */
  firstAt: number | undefined;
}

interface Load<V> {
  promise: Promise<V>;
  /** Set when the entry is invalidated while this load runs: its result is then not stored. */
  stale: boolean;
  missed: Missed;
  tags?: ReadTags;
}

export interface PublicReadCacheOptions {
  /** Keyed by lower-case product id: price changes drop single entries instead of everything. */
  perProduct?: boolean;
  /** Its name in the metrics (`kiyasla_read_cache_*`); a cache without one is not reported. */
  name?: string;
}

/** What a cache's lookups found, and what changes did to its entries, since the process started. */
export interface ReadCacheFigures {
  name: string;
  entries: number;
  /** A fresh entry answered. */
  hits: number;
  /** An entry past its TTL answered while one background load refreshes it. */
  stale: number;
  /** No servable entry: the request waited for a load (its own, or one in flight it joined). */
  misses: number;
  /** Entries dropped by a change of a product they show (or any product: entries without tags). */
  dropped: number;
  /** Entries a change can reorder or recount, given PRICE_ORDER_STALENESS_MS to live. */
  bounded: number;
}

/** The figures of every named cache (caches sharing a name are summed). */
export function readCacheFigures(): ReadCacheFigures[] {
  const byName = new Map<string, ReadCacheFigures>();
  for (const cache of registry) {
    if (!cache.name) continue;
    const f = cache.figures();
    const sum = byName.get(f.name);
    if (!sum) byName.set(f.name, f);
    else {
      sum.entries += f.entries;
      sum.hits += f.hits;
      sum.stale += f.stale;
      sum.misses += f.misses;
      sum.dropped += f.dropped;
      sum.bounded += f.bounded;
    }
  }
  return [...byName.values()];
}

/** Called by a load to declare what can change its value (at most once; the last call wins). */
export type TagReads = (tags: ReadTags) => void;

interface Entry<V> {
  value: V;
  /** Until then a hit; after it, served while one background load refreshes it … */
  expires: number;
  /** … until then; after it, a miss. */
  servableUntil: number;
  tags: ReadTags | undefined;
  /** Set by the first change that can reorder or recount it (PRICE_ORDER_STALENESS_MS). */
  boundedAt?: number;
}

/** A change of these products must drop the entry at once: it shows one of them. */
function shows(tags: ReadTags, products: Iterable<string>): boolean {
  if (tags.products?.length) {
    const shown = new Set(tags.products.map((p) => p.toLowerCase()));
    for (const p of products) if (shown.has(p)) return true;
  }
  return false;
}

/** A change in these categories (null: unknown) can reorder or recount the entry. */
function orders(tags: ReadTags, categories: Set<string> | null): boolean {
  if (tags.global) return true;
  if (!tags.categories?.length) return false;
  return categories === null || tags.categories.some((c) => categories.has(c.toLowerCase()));
}

function index(map: Map<string, Set<string>>, id: string, key: string): void {
  const k = id.toLowerCase();
  let keys = map.get(k);
  if (!keys) map.set(k, (keys = new Set()));
  keys.add(key);
}

function unindex(map: Map<string, Set<string>>, id: string, key: string): void {
  const k = id.toLowerCase();
  const keys = map.get(k);
  if (keys && keys.delete(key) && keys.size === 0) map.delete(k);
}

/**
 * A change at `at` can reorder or recount the entry: it is a hit until half the bound after it,
 * then served while a background load refreshes it, and a miss from the bound on. The first such
 * change counts; the entry is no longer in the category indexes, so later ones do not look at it.
 */
function bound(entry: Entry<unknown>, at: number): boolean {
  if (entry.boundedAt !== undefined) return false;
  entry.boundedAt = at;
  entry.expires = Math.min(entry.expires, at + priceOrderStalenessMs / 2);
  entry.servableUntil = Math.min(entry.servableUntil, at + priceOrderStalenessMs);
  return true;
}

export class PublicReadCache<V> {
  // A Map iterates in insertion order: re-inserting on a hit makes it an LRU.
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inflight = new Map<string, Load<V>>();
  // Reverse indexes of the entries' tags, so a change finds its entries without a scan.
  private readonly byProduct = new Map<string, Set<string>>();
  // Only entries not yet bounded by a change are indexed by category (or kept in `global`): a
  // later change cannot shorten their life further.
  private readonly byCategory = new Map<string, Set<string>>();
  private readonly global = new Set<string>();
  private readonly untargeted = new Set<string>();
  readonly perProduct: boolean;
  readonly name: string | undefined;
  private readonly counts = { hits: 0, stale: 0, misses: 0, dropped: 0, bounded: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    options: PublicReadCacheOptions = {},
  ) {
    this.perProduct = options.perProduct ?? false;
    this.name = options.name;
    registry.push(this as PublicReadCache<unknown>);
  }

  /**
   * The cached value of `key`, or `load`'s. The load may declare what can change its value
   * (`tag`); a value stored without tags is dropped by every product change.
   */
  async get(key: string, load: (tag: TagReads) => Promise<V>): Promise<V> {
    if (!enabled) return load(() => undefined);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.counts.hits++;
      return hit.value;
    }
    // Expired but younger than two TTLs: answer with it and refresh in the background, so a
    // hot key never makes shoppers wait for the slow query (stale-while-revalidate). A change of
    // a product it shows removes it outright, so this never serves a price older than the last
    // change; a change that can reorder it ends this window PRICE_ORDER_STALENESS_MS after it.
    if (hit && hit.servableUntil > now) {
      this.counts.stale++;
      if (!this.inflight.has(key)) void this.refresh(key, load).catch(() => undefined);
      return hit.value;
    }
    // Concurrent misses of one key share one load instead of stampeding the database.
    this.counts.misses++;
    return this.inflight.get(key)?.promise ?? this.refresh(key, load);
  }

  private refresh(key: string, load: (tag: TagReads) => Promise<V>): Promise<V> {
    const pending = {
      stale: false,
      missed: { products: new Set(), categories: new Set(), firstAt: undefined },
    } as unknown as Load<V>;
    pending.promise = load((tags) => {
      pending.tags = tags;
    })
      .then((value) => {
        const { missed: m, tags } = pending;
        if (pending.stale) return value;
        // A load without tags that missed any change is not stored, as one that shows a changed product.
        if (m.firstAt === undefined) this.store(key, value, tags);
        else if (tags && !shows(tags, m.products)) {
          this.store(key, value, tags, orders(tags, m.categories) ? m.firstAt : undefined);
        }
        return value;
      })
      .finally(() => {
        if (this.inflight.get(key) === pending) this.inflight.delete(key);
      });
    this.inflight.set(key, pending);
    return pending.promise;
  }

  private store(key: string, value: V, tags: ReadTags | undefined, boundedAt?: number): void {
    this.remove(key);
    const now = Date.now();
    const entry: Entry<V> = { value, expires: now + this.ttlMs, servableUntil: now + 2 * this.ttlMs, tags };
    this.entries.set(key, entry);
    if (!tags) this.untargeted.add(key);
    else {
      for (const id of tags.products ?? []) index(this.byProduct, id, key);
      if (boundedAt === undefined) {
        if (tags.global) this.global.add(key);
        for (const id of tags.categories ?? []) index(this.byCategory, id, key);
      } else bound(entry, boundedAt);
    }
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
  }

  /** Removes an entry and its index references; false when there was none. */
  private remove(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    if (!entry.tags) this.untargeted.delete(key);
    else {
      for (const id of entry.tags.products ?? []) unindex(this.byProduct, id, key);
      this.unindexOrder(key, entry);
    }
    return true;
  }

  /** Takes an entry out of the category and global indexes (removed, or bounded already). */
  private unindexOrder(key: string, entry: Entry<V>): void {
    if (entry.boundedAt !== undefined || !entry.tags) return; // untagged: never in these indexes
    if (entry.tags.global) this.global.delete(key);
    for (const id of entry.tags.categories ?? []) unindex(this.byCategory, id, key);
  }

  /** Drops one entry (a change of its product), and keeps a load of it in flight from being stored. */
  delete(key: string): void {
    if (this.remove(key)) this.counts.dropped++;
    const pending = this.inflight.get(key);
    if (pending) {
      pending.stale = true;
      this.inflight.delete(key);
    }
  }

  /**
   * A change of these products (lower-case ids), in these categories (null: unknown): drops the
   * entries that show them (and those without tags), bounds the life of those it can reorder or
   * recount (PRICE_ORDER_STALENESS_MS), and lets the loads in flight know, which decide when
   * they land.
   */
  dropConcerned(productIds: readonly string[], categories: Set<string> | null): void {
    const now = Date.now();
    const drop = new Set(this.untargeted);
    for (const id of productIds) for (const key of this.byProduct.get(id) ?? []) drop.add(key);
    for (const key of drop) if (this.remove(key)) this.counts.dropped++;
    const reorder = new Set(this.global);
    if (categories === null) for (const keys of this.byCategory.values()) for (const key of keys) reorder.add(key);
    else for (const id of categories) for (const key of this.byCategory.get(id) ?? []) reorder.add(key);
    for (const key of reorder) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      this.unindexOrder(key, entry);
      if (bound(entry, now)) this.counts.bounded++;
    }
    for (const pending of this.inflight.values()) {
      const m = pending.missed;
      m.firstAt ??= now;
      for (const id of productIds) m.products.add(id);
      if (categories === null) m.categories = null;
      else if (m.categories) for (const id of categories) m.categories.add(id);
    }
  }

  clear(): void {
    this.entries.clear();
    this.byProduct.clear();
    this.byCategory.clear();
    this.global.clear();
    this.untargeted.clear();
    for (const pending of this.inflight.values()) pending.stale = true;
    this.inflight.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  figures(): ReadCacheFigures {
    return { name: this.name ?? '', entries: this.entries.size, ...this.counts };
  }
}
