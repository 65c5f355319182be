import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { insertSearchLog } from './search.repo';

/** Markup or script in a query: never a trend, whatever it found. */
const MARKUP = /[<>]|&#|javascript:/i;

/** Visitors remembered per day before the memory starts over (a visitor may then count twice). */
const MAX_SEEN_PER_DAY = 200_000;

/**
 * Buffers successful searches and writes them in batches, off the request path. Only the
 * normalised query and the result count are kept: no user, IP or session (no personal data).
 * A query counts once per visitor and day (so ten requests cannot put a term at the top): the
 * visitor's address is kept in memory only, hashed with a key of the process and the day, and
 * forgotten when the day ends. Queries with markup and queries that found nothing never count.
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

  private day = '';
  private seen = new Set<string>();
  private readonly key = randomBytes(16);

  record(queryNormalized: string, resultCount: number, visitor: string, now = new Date()): void {
    if (!queryNormalized || resultCount <= 0 || MARKUP.test(queryNormalized)) return;
    const day = now.toISOString().slice(0, 10);
    if (day !== this.day || this.seen.size >= MAX_SEEN_PER_DAY) {
      this.day = day;
      this.seen = new Set();
    }
    const seenKey = createHmac('sha256', this.key).update(`${day}\n${visitor}\n${queryNormalized}`).digest('base64url');
    if (this.seen.has(seenKey)) return;
    this.seen.add(seenKey);
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
