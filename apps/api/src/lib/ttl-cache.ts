/**
 * A small in-process cache for hot public reads (category tree, counts). Each instance of
 * the API keeps its own copy; entries expire after `ttlMs` and writers call `clear()` so an
 * operator's change shows up at once on the instance that made it. A load in flight during
 * `clear()` still answers its callers but is not stored: it may have read the old rows.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly inflight = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    // Concurrent misses share one load instead of stampeding the database.
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const startedAt = this.generation;
    const promise = load()
      .then((value) => {
        if (startedAt === this.generation) this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        return value;
      })
      .finally(() => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
      });
    this.inflight.set(key, promise);
    return promise;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.inflight.clear();
  }
}
