import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { disableWordIndex, enableWordIndex, prewarmWordIndex, wordIndexFigures } from './word-index';

/**
 * The word index of this app's database (word-index.ts, ADR 006): on unless SEARCH_INDEX is false.
 * On PostgreSQL, SQL answers a search while the index builds in the background; on the embedded
 * database the first search waits for the build. `/metrics` shows its size, its use and its builds.
 */
export function registerWordIndex(app: FastifyInstance, on: boolean): void {
  if (!on) return;
  const db = app.dbHandle.db;
  enableWordIndex(db, { background: app.dbHandle.kind === 'postgres' });
  const gauges = [
    ['products', 'Active products whose search words the word index holds'],
    ['words', 'Distinct search words the word index holds'],
    ['answers', 'Searches whose matches the word index counted since this instance started'],
    ['builds', 'Builds of the word index since this instance started (at start, after a catalog change)'],
    ['unchanged', 'Checks of an old word index that found no product changed its words (no build)'],
  ] as const;
  for (const [key, help] of gauges) {
    new Gauge({
      name: `kiyasla_word_index_${key}`,
      help,
      registers: [app.metrics.registry],
      collect() {
        this.set(wordIndexFigures(db)?.[key] ?? 0);
      },
    });
  }
  app.addHook('onClose', async () => disableWordIndex(db));
}

/**
 * Builds the word index in the background once the server listens (server.ts), so no search waits
 * for it; until then SQL answers. `report` hears when it is done (the benchmark waits for it).
 */
export function prewarmWordIndexInBackground(app: FastifyInstance, report: (line: string) => void): void {
  if (app.config.searchIndex === false || app.dbHandle.kind !== 'postgres') return;
  const started = Date.now();
  prewarmWordIndex(app.dbHandle.db).then(
    (built) => {
      // Undefined: the catalog changed while it was read; the next search builds it again.
      if (built) report(`search index: ${built.products} products, ${built.words} words in ${Date.now() - started} ms`);
      else report('search index: the catalog changed while it was read; the next search builds it');
    },
    (error: unknown) => app.log.warn({ err: error }, 'search index: prewarm failed; the next search builds it'),
  );
}
