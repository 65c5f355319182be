/**
 * Caches for hot public catalog reads (listing pages with their facets, search results,
 * search suggestions): the same few thousand requests — a category's first pages, popular
 * queries, the keystrokes leading to them — make most of the traffic, and each costs
 * counting and ranking tens of thousands of rows at the million-product scale.
 *
 * Correctness: every cached value shows prices, so any price change empties all of them
 * (`invalidatePublicReads`, called by refreshProductPriceAggregates — the one place where
 * denormalised prices change). Loads that were in flight when the catalog changed are not
 * stored (a generation counter), so an old answer cannot land in the cache after the
 * invalidation. Callers that change prices inside a transaction call invalidatePublicReads()
 * again after the commit: a read between the first invalidation and the commit still sees
 * the old rows. Other API instances see the change within the TTL (seconds), which bounds
 * cross-instance staleness until a shared invalidation channel (Redis) is configured.
 * Between one and two TTLs an entry is served while a single background load refreshes it.
 */

let generation = 0;
let enabled = true;
const registry: PublicReadCache<unknown>[] = [];

/** Empties every public read cache of this instance. */
export function invalidatePublicReads(): void {
  generation += 1;
  for (const cache of registry) cache.clear();
}

/** Benchmarks turn caching off to capture the SQL of a cache miss; tests use it to compare. */
export function setPublicReadCaching(on: boolean): void {
  enabled = on;
  if (!on) invalidatePublicReads();
}

export class PublicReadCache<V> {
  // A Map iterates in insertion order: re-inserting on a hit makes it an LRU.
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly inflight = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
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
    return this.inflight.get(key) ?? this.refresh(key, load);
  }

  private refresh(key: string, load: () => Promise<V>): Promise<V> {
    const startedAt = generation;
    const promise = load()
      .then((value) => {
        if (startedAt === generation) {
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
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
      });
    this.inflight.set(key, promise);
    return promise;
  }

  clear(): void {
    this.entries.clear();
    this.inflight.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
