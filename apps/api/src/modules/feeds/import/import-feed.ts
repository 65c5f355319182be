import { sql } from 'drizzle-orm';
import pg from 'pg';
import { feedMessages } from '@kiyasla/contracts/feed-messages';
import type { FeedEntry } from '@kiyasla/contracts/feeds';
import type { Database } from '../../../db/client';
import { retryWhileUnavailable } from '../../../lib/database-unavailable';
import { invalidateProductReads } from '../../../lib/public-read-cache';
import { sqlRows } from '../../../lib/sql-rows';
import { parseFeed } from '../parse/parse-feed';
import { FeedRefusedError } from '../parse/feed-refused-error';
import { applyBatch, APPLY_BATCH } from './apply';
import { countAbsentOffers, deactivateAbsentOffers } from './deactivate';
import { rejectDuplicates } from './match';
import { OfferDigest } from './offer-digest';
import { dropStagedItems, stagedItem, stageItems, STAGE_BATCH, type StagedItem } from './stage';
import { ImportTally } from './tally';
import type { ImportFeedInput, ImportFeedResult } from './types';

export type { ImportFeedInput, ImportFeedResult, ImportProgress } from './types';

/** Tests use it to inject a failure between batches. */
export interface ImportHooks {
  afterBatch?: (batch: number) => Promise<void> | void;
  /** Items per apply transaction (default APPLY_BATCH). */
  batchSize?: number;
  /**
   * Apply transactions run at the same time (default: 2 on PostgreSQL, 1 on PGlite, whose one
   * connection runs them in turn anyway).
   */
  applyConcurrency?: number;
  /** Items kept while the offer digest loads (default DIGEST_WAIT_ITEMS). */
  digestWaitItems?: number;
  /** How long each phase took (the benchmark prints it). */
  onPhase?: (phase: 'digest' | 'read' | 'match' | 'apply' | 'deactivate', ms: number) => void;
}

/**
 * Imports one store feed (ADR 015). In order:
 *   1. an import row `running` (a crash leaves it visible);
 *   2. read: the feed is parsed as a stream and its items staged in batches, each with the product
 *      it matches — nothing of the store changes yet, so a file refused halfway (a syntax error
 *      at its end) changes nothing. An item identical to its offer as the import started (the
 *      store's offer digest) is not staged: the digest records it (a second item with its SKU is
 *      refused there). Parsing goes on while the previous batch is written;
 *   3. match: duplicates (a SKU or a product twice, among staged rows and confirmations) are
 *      rejected;
 *   4. apply: a transaction per batch of items writes offers, price history, change events,
 *      aggregates and the unmatched queue; caches are invalidated after each commit. Batches hold
 *      disjoint products (duplicates were refused), so two run at a time on PostgreSQL; then the
 *      confirmations' due confirmation times are written;
 *   5. a full feed deactivates the offers it left out — unless that is more than half of the
 *      store's active offers and the import is not forced: then it is held (nothing deactivated);
 *   6. the import row gets its outcome and report, the store its last successful import.
 * Importing the same feed again changes nothing but the offers' confirmation time.
 * The caller holds the store's feed lease (uploads, the CLI and the scheduler all take it).
 */
export async function importFeed(
  db: Database,
  input: ImportFeedInput,
  hooks: ImportHooks = {},
): Promise<ImportFeedResult> {
  const started = performance.now();
  const tally = new ImportTally();
  const [created] = sqlRows<{ id: string }>(
    await db.execute(sql`
      insert into feed_imports (store_id, source, status, forced, user_id)
      values (${input.storeId}::uuid, ${input.source}, 'running', ${Boolean(input.force)}, ${input.userId ?? null})
      returning id`),
  );
  const importId = created!.id;
  const ctx = { importId, storeId: input.storeId };
  const parsed = parseFeed(input.body, {
    contentType: input.contentType,
    format: input.format,
    mode: input.mode,
    gzip: input.gzip,
    maxBytes: input.maxBytes,
  });

  const finish = async (
    status: ImportFeedResult['status'],
    error?: { code: string; message: string },
  ): Promise<ImportFeedResult> => {
    const report = tally.report(performance.now() - started);
    const format = parsed.summary.format ?? null;
    const mode = parsed.summary.complete ? parsed.summary.mode : null;
    await dropStagedItems(db, importId);
    await db.execute(sql`
      update feed_imports
         set status = ${status}, finished_at = now(), report = ${JSON.stringify(report)}::jsonb,
             format = ${format}, mode = ${mode},
             error_code = ${error?.code ?? null}, error_message = ${error?.message ?? null}
       where id = ${importId}::uuid`);
    if (status === 'succeeded' || status === 'held') {
      await db.execute(sql`update stores set feed_last_success_at = now() where id = ${input.storeId}::uuid`);
    }
    return { importId, status, format, mode, report, ...(error ? { error } : {}) };
  };

  // An import cut short by a database restart is still marked failed once the database is back
  // (for up to 30 s), rather than staying 'running' in the store's history for good.
  const finishFailed = (error: unknown) =>
    retryWhileUnavailable(() => finish('failed', failure(error)), { maxMs: 30_000 });

  const staging = new StagingWriter(db, ctx, isPglite(db) ? 1 : 2);
  let digest = null as OfferDigest | null;
  let seq = 0;
  // The digest loads while the feed is parsed: items read before it is there wait in memory (at
  // most DIGEST_WAIT_ITEMS of them, then the parser waits), since each needs it to be staged.
  let digestReady = false;
  const digestLoad = OfferDigest.load(db, input.storeId).then((loaded) => {
    digestReady = true;
    hooks.onPhase?.('digest', performance.now() - started);
    return loaded;
  });
  // Awaited below on every path; this keeps a failure before then from counting as unhandled.
  digestLoad.catch(() => undefined);
  try {
    let batch: StagedItem[] = [];
    const take = async (entry: FeedEntry): Promise<void> => {
      tally.received += 1;
      if (entry.rejected) {
        tally.reject(entry.line ?? entry.index, entry.sku ?? null, entry.rejected.message);
        return;
      }
      const line = entry.line ?? entry.index;
      const staged = stagedItem(seq + 1, line, entry.item);
      // An item identical to its offer is only recorded in the digest (confirmed after the read).
      const verdict = digest ? digest.take(staged, line, seq) : 'stage';
      if (verdict === 'duplicate') {
        tally.reject(line, staged.sku, feedMessages.rejections.DUPLICATE_SKU);
        return;
      }
      if (verdict === 'confirmed') return;
      seq += 1;
      batch.push(staged);
      if (batch.length >= STAGE_BATCH) {
        await staging.write(batch);
        batch = [];
        input.onProgress?.({ phase: 'read', done: tally.received });
      }
    };
    let waiting: FeedEntry[] | null = [];
    const digestArrived = async (): Promise<void> => {
      digest = await digestLoad;
      const early = waiting ?? [];
      waiting = null;
      for (const entry of early) await take(entry);
    };
    // Read and stage.
    for await (const entry of parsed) {
      if (waiting) {
        if (!digestReady && waiting.length < (hooks.digestWaitItems ?? DIGEST_WAIT_ITEMS)) {
          waiting.push(entry);
          continue;
        }
        await digestArrived();
      }
      await take(entry);
    }
    if (waiting) await digestArrived();
    await staging.write(batch);
    await staging.flush();
    input.onProgress?.({ phase: 'read', done: tally.received });
    hooks.onPhase?.('read', performance.now() - started);
  } catch (error) {
    // A refusal while the digest loads or a batch is being written: wait for them before the
    // staging rows go (on PGlite they hold the one connection).
    await digestLoad.catch(() => undefined);
    await staging.flush().catch(() => undefined);
    if (error instanceof FeedRefusedError) {
      return finish('refused', { code: error.code, message: error.message });
    }
    await finishFailed(error);
    throw error;
  }

  try {
    // The staged rows, seq 1..items.
    const items = seq;
    let phaseStart = performance.now();
    // The staging table's statistics describe whatever it held before; the plans of the next
    // statements depend on them (a few milliseconds: ANALYZE samples).
    await db.execute(sql`analyze feed_import_items`);
    if (digest) await rejectProductsTakenTwice(db, importId, digest, tally);
    await rejectDuplicates(db, importId);
    await tallyDuplicates(db, importId, tally);
    hooks.onPhase?.('match', performance.now() - phaseStart);
    phaseStart = performance.now();

    const batchSize = hooks.batchSize ?? APPLY_BATCH;
    const ranges: [number, number][] = [];
    for (let from = 1; from <= items; from += batchSize) ranges.push([from, Math.min(items, from + batchSize - 1)]);
    let next = 0;
    let applied = 0;
    let failed = false;
    const worker = async () => {
      while (!failed && next < ranges.length) {
        const batchNo = ++next;
        const [from, to] = ranges[batchNo - 1]!;
        try {
          const touched = await applyBatchRetrying(db, ctx, from, to, tally);
          // Inside the transaction the aggregates invalidated too early for reads that ran before
          // the commit; now that it committed, again (ADR 010).
          invalidateProductReads(touched);
          applied += to - from + 1;
          input.onProgress?.({ phase: 'apply', done: applied, total: items });
          await hooks.afterBatch?.(batchNo);
        } catch (error) {
          // The other worker finishes the batch it holds (its own transaction), then stops.
          failed = true;
          throw error;
        }
      }
    };
    const concurrency = hooks.applyConcurrency ?? (isPglite(db) ? 1 : 2);
    const workers = Array.from({ length: Math.max(1, concurrency) }, worker);
    const outcomes = await Promise.allSettled(workers);
    const firstFailure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (firstFailure) throw firstFailure.reason;

    if (digest) await confirmOffers(db, digest, tally);
    hooks.onPhase?.('apply', performance.now() - phaseStart);
    phaseStart = performance.now();
    if (parsed.summary.mode === 'full') {
      const listed = digest?.listedUnstaged() ?? { products: [], skus: [] };
      const { absent, active } = await countAbsentOffers(db, importId, input.storeId, listed);
      if (absent > 0 && absent * 2 > active && !input.force) {
        tally.held = { wouldDeactivate: absent, activeOffers: active };
        return await finish('held', { code: 'FEED_HELD', message: feedMessages.outcomes.FEED_HELD });
      }
      invalidateProductReads(await deactivateAbsentOffers(db, ctx, tally, listed));
      hooks.onPhase?.('deactivate', performance.now() - phaseStart);
    }
    return await finish('succeeded');
  } catch (error) {
    await finishFailed(error).catch(() => undefined);
    throw error;
  }
}

/**
 * Writes staging batches while the parser reads on: up to `inFlight` batches are being written at
 * once (each on a connection of its own on PostgreSQL), so parsing (this process) and staging (the
 * database, on both cores) overlap. The rows' order does not matter: each carries its `seq`.
 */
class StagingWriter {
  private readonly pending: Promise<void>[] = [];
  private error: unknown;

  constructor(
    private readonly db: Database,
    private readonly ctx: { importId: string; storeId: string },
    private readonly inFlight: number,
  ) {}

  async write(batch: StagedItem[]): Promise<void> {
    while (this.pending.length >= this.inFlight) await this.pending.shift();
    this.rethrow();
    if (batch.length === 0) return;
    this.pending.push(
      stageItems(this.db, this.ctx, batch).catch((error: unknown) => {
        this.error ??= error;
      }),
    );
  }

  /** Waits for every batch being written; throws what a write threw. */
  async flush(): Promise<void> {
    while (this.pending.length > 0) await this.pending.shift();
    this.rethrow();
  }

  private rethrow(): void {
    if (this.error === undefined) return;
    const error = this.error;
    this.error = undefined;
    throw error;
  }
}

/** PostgreSQL error codes after which a batch's transaction is rolled back and may run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * One batch, run again (up to three times) when PostgreSQL chose its transaction as a deadlock
 * victim: two batches that both hand a SKU from one offer to another may lock the same offers in
 * different orders. The transaction rolled back whole, so running it again is exact.
 */
async function applyBatchRetrying(
  db: Database,
  ctx: { importId: string; storeId: string },
  from: number,
  to: number,
  tally: ImportTally,
): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const attemptTally = new ImportTally();
    try {
      const touched = await applyBatch(db, ctx, from, to, attemptTally);
      tally.add(attemptTally);
      return touched;
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= 3 || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

function isPglite(db: Database): boolean {
  return !((db as unknown as { $client?: unknown }).$client instanceof pg.Pool);
}

function failure(error: unknown): { code: string; message: string } {
  // A pulled body that fails while it is read (timeout, size cap, dropped connection) says why.
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === 'string' && code.startsWith('FEED_')) {
    return { code, message: error.message };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return {
    code: 'FEED_IMPORT_FAILED',
    message: `${feedMessages.outcomes.FEED_IMPORT_FAILED} (${detail.slice(0, 300)})`,
  };
}

/** Items the matching pass refused as duplicates, into the report (their lines in the samples). */
async function tallyDuplicates(db: Database, importId: string, tally: ImportTally): Promise<void> {
  const rows = sqlRows<{ line: number; sku: string; code: 'DUPLICATE_SKU' | 'DUPLICATE_PRODUCT'; total: number }>(
    await db.execute(sql`
      select coalesce(line, seq) as line, sku, reject_code as code, count(*) over ()::int as total
        from feed_import_items
       where import_id = ${importId}::uuid and reject_code is not null
       order by seq
       limit 50`),
  );
  const total = Number(rows[0]?.total ?? 0);
  for (const row of rows) tally.reject(row.line, row.sku, feedMessages.rejections[row.code]);
  tally.rejected += total - rows.length;
}

/**
 * Items parsed while the offer digest loads, kept until it is there: about 420 bytes of heap an
 * item (41 MB for 100,000 in the benchmark's feed), bounded whatever the feed's size. The digest
 * is a read of every offer of the store (1–3 s for 97,664 offers) and the parser is about as
 * fast, so a feed of up to this many items is parsed whole meanwhile instead of waiting for it
 * after its first 20,000 items (0.5–0.8 s of an import's read phase, ADR 015).
 */
const DIGEST_WAIT_ITEMS = 100_000;

/** Confirmation times written per statement. */
const CONFIRM_BATCH = 5_000;

/**
 * The offers items confirmed (identical to them, never staged): counted as matched and unchanged,
 * and their confirmation time written where it is due — after the feed was read whole, so a feed
 * refused halfway confirms nothing.
 */
async function confirmOffers(db: Database, digest: OfferDigest, tally: ImportTally): Promise<void> {
  const due = digest.dueOfferIds();
  for (let from = 0; from < due.length; from += CONFIRM_BATCH) {
    const ids = `{${due.slice(from, from + CONFIRM_BATCH).join(',')}}`;
    await db.execute(sql`update store_offers set last_seen_at = now() where id = any (${ids}::uuid[])`);
  }
  tally.matched += digest.confirmed;
  tally.unchanged += digest.confirmed;
}

/**
 * One offer per store and product, the first item winning, between confirmations (never staged:
 * their products are the digest's) and staged rows that matched the same product under another
 * SKU: a staged row after the confirmation is refused as DUPLICATE_PRODUCT (as rejectDuplicates
 * would), else the confirmation is. Among staged rows, rejectDuplicates decides next.
 */
async function rejectProductsTakenTwice(
  db: Database,
  importId: string,
  digest: OfferDigest,
  tally: ImportTally,
): Promise<void> {
  if (digest.confirmed === 0) return;
  // The staged rows' products (changes only: a few thousand) are looked up among the confirmed
  // offers' in memory, rather than every confirmed product sent to the database to be joined.
  const staged = sqlRows<{ seq: number; product_id: string }>(
    await db.execute(sql`
      select f.seq, f.matched_product_id as product_id
        from feed_import_items f
       where f.import_id = ${importId}::uuid and f.matched_product_id is not null
       order by f.seq`),
  );
  const confirmedSlotOf = digest.confirmedProductFinder();
  const refusedRows: number[] = [];
  for (const row of staged) {
    const slot = confirmedSlotOf(row.product_id);
    if (slot === undefined) continue;
    if (digest.confirmedBefore(slot, Number(row.seq))) {
      refusedRows.push(Number(row.seq));
      continue;
    }
    const refused = digest.refuse(slot);
    if (refused) tally.reject(refused.line, refused.sku, feedMessages.rejections.DUPLICATE_PRODUCT);
  }
  if (refusedRows.length > 0) {
    await db.execute(sql`
      update feed_import_items set reject_code = 'DUPLICATE_PRODUCT'
       where import_id = ${importId}::uuid and seq = any (${`{${refusedRows.join(',')}}`}::int[])`);
  }
}
