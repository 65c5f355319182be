import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { insertSearchLog } from './search.repo';

/**
 * Buffers successful searches and writes them in batches, off the request path. Only the
 * normalised query and the result count are kept: no user, IP or session (no personal data).
 */
export class SearchLogger {
  private pending: { queryNormalized: string; resultCount: number }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 5_000,
  ) {}

  record(queryNormalized: string, resultCount: number): void {
    if (!queryNormalized || resultCount <= 0) return;
    this.pending.push({ queryNormalized: queryNormalized.slice(0, 200), resultCount });
    if (this.pending.length >= 500) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      try {
        await insertSearchLog(this.db, batch);
      } catch (err) {
        this.log.warn({ err, searches: batch.length }, 'could not write the search log');
      }
    });
    return this.writing;
  }
}
