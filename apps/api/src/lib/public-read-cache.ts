/**
 * Caches for hot public catalog reads (product pages, listing pages with their facets, search
 * results, search suggestions): the same few thousand requests — popular products, a category's
 * first pages, popular queries, the keystrokes leading to them — make most of the traffic, and
 * each costs counting and ranking tens of thousands of rows at the million-product scale.
 *
 * Correctness: every cached value shows prices. A price change of some products
 * (`invalidateProductReads`, called by refreshProductPriceAggregates — the one place where
 * denormalised prices change) drops those products' entries from the per-product caches and
 * empties every other cache, since any listing may show them; `invalidatePublicReads` empties
 * them all. A load that was in flight when its entry was invalidated is not stored (each load
 * carries a flag the invalidation sets), so an old answer cannot land in the cache after the
 * invalidation. Callers that change the catalog inside a transaction invalidate again after the
 * commit: a read between the first invalidation and the commit still sees the old rows.
 *
 * These functions clear this process's caches only. A change made by any process (an API
 * instance, the feed CLI) reaches the other API instances through PostgreSQL NOTIFY on the
 * `kiyasla_reads` channel, sent in the writer's transaction and delivered at its commit:
 * lib/read-invalidation.ts sends and decodes it, lib/read-invalidation-listener.ts applies it here
 * (ADR 010). Between one and two TTLs an entry is served while a single background load
 * refreshes it.
 */

let enabled = true;
const registry: PublicReadCache<unknown>[] = [];
const alsoOnEverything: (() => void)[] = [];

/** Empties every public read cache of this instance. */
export function invalidatePublicReads(): void {
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

/**
 * These products changed (prices, offers, their row): drops their entries from the per-product
 * caches and empties the caches of listings and searches, which may show any product.
 */
export function invalidateProductReads(productIds: readonly string[]): void {
  for (const cache of registry) {
    if (cache.perProduct) for (const id of productIds) cache.delete(id.toLowerCase());
    else cache.clear();
  }
}

/** Benchmarks turn caching off to capture the SQL of a cache miss; tests use it to compare. */
export function setPublicReadCaching(on: boolean): void {
  enabled = on;
  if (!on) invalidatePublicReads();
}

interface Load<V> {
  promise: Promise<V>;
  /** Set when the entry is invalidated while this load runs: its result is then not stored. */
  stale: boolean;
}

export interface PublicReadCacheOptions {
  /** Keyed by lower-case product id: price changes drop single entries instead of everything. */
  perProduct?: boolean;
}

export class PublicReadCache<V> {
  // A Map iterates in insertion order: re-inserting on a hit makes it an LRU.
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly inflight = new Map<string, Load<V>>();
  readonly perProduct: boolean;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    options: PublicReadCacheOptions = {},
  ) {
    this.perProduct = options.perProduct ?? false;
    registry.push(this as PublicReadCache<unknown>);
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!enabled) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    // Expired but younger than two TTLs: answer with it and refresh in the background, so a
    // hot key never makes shoppers wait for the slow query (stale-while-revalidate). Price
    // changes remove entries outright, so this never serves a price older than the last change.
    if (hit && hit.expires + this.ttlMs > now) {
      if (!this.inflight.has(key)) void this.refresh(key, load).catch(() => undefined);
      return hit.value;
    }
    // Concurrent misses of one key share one load instead of stampeding the database.
    return this.inflight.get(key)?.promise ?? this.refresh(key, load);
  }

  private refresh(key: string, load: () => Promise<V>): Promise<V> {
    const pending = { stale: false } as Load<V>;
    pending.promise = load()
      .then((value) => {
        if (!pending.stale) {
          this.entries.delete(key);
          this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
          if (this.entries.size > this.maxEntries) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined) this.entries.delete(oldest);
          }
        }
        return value;
      })
      .finally(() => {
        if (this.inflight.get(key) === pending) this.inflight.delete(key);
      });
    this.inflight.set(key, pending);
    return pending.promise;
  }

  /** Drops one entry, and keeps a load of it that is in flight from being stored. */
  delete(key: string): void {
    this.entries.delete(key);
    const pending = this.inflight.get(key);
    if (pending) {
      pending.stale = true;
      this.inflight.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    for (const pending of this.inflight.values()) pending.stale = true;
    this.inflight.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
