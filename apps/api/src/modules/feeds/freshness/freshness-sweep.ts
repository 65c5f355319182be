import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { refreshProductPriceAggregates } from '../../../db/product-price-aggregates';
import { databaseNow, findProductsWithOffersTurnedStale } from './freshness.repo';

const MINUTE_MS = 60_000;
const SWEEP_EVERY_MS = 5 * MINUTE_MS;
/**
 * How far back an instance's first sweep looks: offers that turned stale while no instance was
 * running. Older crossings are left to the next change of the product (an import refreshes it).
 */
const FIRST_SWEEP_LOOKBACK_MS = 7 * 24 * 60 * MINUTE_MS;
/** Products per refresh statement. */
const BATCH = 500;

export interface SweepResult {
  /** Products whose prices were recomputed. */
  products: number;
  /** The end of the swept window: the next sweep's `since`. */
  now: Date;
}

/**
 * Offers turn stale with time alone, with no write to mark it: this recomputes the stored
 * lowest price and store count (product_prices.min_price, offer_count…) of the products that had an
 * offer cross its store's freshness window between `since` and `now` (the database's clock by
 * default). Nothing else happens: a stale offer triggers no event, alert or notification.
 *
 * Idempotent: sweeping a window twice, or two instances sweeping overlapping windows, recomputes
 * the same products to the same values.
 */
export async function sweepStaleOffers(
  db: Database,
  { now, since }: { now?: Date; since?: Date } = {},
): Promise<SweepResult> {
  const end = now ?? (await databaseNow(db));
  const start = since ?? new Date(end.getTime() - FIRST_SWEEP_LOOKBACK_MS);
  if (start >= end) return { products: 0, now: end };
  const productIds = await findProductsWithOffersTurnedStale(db, start, end);
  for (let i = 0; i < productIds.length; i += BATCH) {
    await refreshProductPriceAggregates(db, productIds.slice(i, i + BATCH));
  }
  return { products: productIds.length, now: end };
}

/**
 * Runs the freshness sweep when the server starts listening (never in tests, which only inject)
 * and every five minutes, until close. Each instance sweeps from the end of its own last sweep;
 * a failed sweep keeps its start, so the next one covers the gap. Safe on several instances at
 * once: the sweep is idempotent, so no leader election or lease is needed.
 */
export function registerFreshnessSweep(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let since: Date | undefined;
  const run = () => {
    if (running) return;
    running = sweepStaleOffers(app.dbHandle.db, since ? { since } : {})
      .then((r) => {
        since = r.now;
        if (r.products)
          app.log.info({ products: r.products }, 'recomputed prices of products with offers turned stale');
      })
      .catch((err: unknown) => app.log.error({ err }, 'freshness sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
