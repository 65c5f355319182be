import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { disableListingIndex, enableListingIndex, listingIndexFigures, prewarmListingIndex } from './listing-index';

/**
 * The listing index of this app's database (listing-index.ts, ADR 005): on unless LISTING_INDEX is
 * false. On PostgreSQL a category not yet built is answered by SQL while it builds in the
 * background; on the embedded database its first listing waits for the build. `/metrics` shows how
 * many categories and products it holds ready, and how many products it read again by change time.
 */
export function registerListingIndex(app: FastifyInstance, on: boolean): void {
  if (!on) return;
  const db = app.dbHandle.db;
  enableListingIndex(db, { background: app.dbHandle.kind === 'postgres' });
  const gauges = [
    ['categories', 'Top-level categories whose listings the listing index answers'],
    ['products', 'Active products held by the listing index'],
    ['answers', 'Listings and facets the listing index answered since this instance started'],
    ['rereads', 'Products the listing index read again by change time (its bound on a lost announcement)'],
  ] as const;
  for (const [key, help] of gauges) {
    new Gauge({
      name: `kiyasla_listing_index_${key}`,
      help,
      registers: [app.metrics.registry],
      collect() {
        this.set(listingIndexFigures(db)?.[key] ?? 0);
      },
    });
  }
  app.addHook('onClose', async () => disableListingIndex(db));
}

/**
 * Builds every category's index in the background once the server listens (server.ts), so no
 * listing waits for one; until a category is built, SQL answers it. `report` hears when it is done
 * (the server prints it beside its start line; the benchmark waits for it).
 */
export function prewarmListingIndexInBackground(app: FastifyInstance, report: (line: string) => void): void {
  // The embedded database builds a category on its first listing: its one connection would make
  // every request of the first seconds wait behind the builds.
  if (app.config.listingIndex === false || app.dbHandle.kind !== 'postgres') return;
  const started = Date.now();
  prewarmListingIndex(app.dbHandle.db).then(
    ({ categories, products }) =>
      report(`listing index: ${products} products of ${categories} categories in ${Date.now() - started} ms`),
    (error: unknown) => app.log.warn({ err: error }, 'listing index: prewarm failed; categories build on demand'),
  );
}
