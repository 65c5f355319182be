import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { recordProductViews } from './product-detail.repo';

/** Analytics keeps at most this many view events per product and flush; the counters keep all. */
const MAX_EVENTS_PER_PRODUCT = 100;

/**
 * Records product page views off the request path: views are counted in memory and written
 * every few seconds in one statement (counter upsert + event rows), so a page view costs the
 * response nothing and a burst of views costs the database one write.
 */
export class ViewRecorder {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 5_000,
    /** Beyond this many distinct products in one window, flush early to bound memory. */
    private readonly maxPending = 5_000,
  ) {}

  record(productId: string): void {
    this.pending.set(productId, (this.pending.get(productId) ?? 0) + 1);
    if (this.pending.size >= this.maxPending) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return this.flushing;
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  private async write(batch: Map<string, number>): Promise<void> {
    try {
      await recordProductViews(this.db, batch, MAX_EVENTS_PER_PRODUCT);
    } catch (err) {
      // A lost batch of view counts must never break page views.
      this.log.warn({ err, products: batch.size }, 'could not record product views');
    }
  }
}
