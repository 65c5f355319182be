import { sql } from 'drizzle-orm';
import type { FeedConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';
import { FeedFetchError } from '../fetch/feed-fetch-error';
import { fetchFeed, type ResolveHost } from '../fetch/fetch-feed';
import { importFeed as realImportFeed } from '../import/import-feed';
import type { ImportFeedInput, ImportFeedResult } from '../import/types';
import { confirmNotModified } from './confirm-not-modified';
import { FEED_LEASE_TTL_MS, releaseStoreLease, renewStoreLease, type ClaimedStore } from './store-lease';

export type ImportFeedFn = (db: Database, input: ImportFeedInput) => Promise<ImportFeedResult>;

export interface PullDeps {
  /** The lease holder: this instance's id. */
  holder: string;
  feeds: Pick<FeedConfig, 'maxBytes' | 'fetchTimeoutMs' | 'fetchAllow'>;
  /** Default: the import engine. */
  importFeed?: ImportFeedFn;
  /** Stops the download (the scheduler closing). */
  signal?: AbortSignal;
  /** Name resolution of the fetch (tests). */
  resolve?: ResolveHost;
  /** How often the lease is extended while the pull runs. */
  renewEveryMs?: number;
}

export interface PullOutcome {
  status: Exclude<ImportFeedResult['status'], 'running'>;
  /** The feed_imports row that records it. */
  importId: string | null;
  error?: { code: string; message: string };
}

/**
 * One scheduled pull of a store whose lease the caller claimed (claimDueStore): downloads the
 * feed with the validators of the last 200; a 200 is imported (source `schedule`), a 304 confirms
 * the store's offers (confirmNotModified), a download failure is recorded as a failed import.
 * Whatever happens, the lease is given back and the next pull set one interval from now.
 */
export async function pullStoreFeed(db: Database, store: ClaimedStore, deps: PullDeps): Promise<PullOutcome> {
  const startedAt = new Date();
  const renewEveryMs = deps.renewEveryMs ?? FEED_LEASE_TTL_MS / 3;
  // An import of a large feed can outlast the lease's TTL; another instance must not take it.
  const heartbeat = setInterval(() => {
    renewStoreLease(db, store.storeId, deps.holder).catch(() => undefined);
  }, renewEveryMs);
  heartbeat.unref();
  try {
    return await pull(db, store, deps, startedAt);
  } finally {
    clearInterval(heartbeat);
    await releaseStoreLease(db, store.storeId, deps.holder, {
      nextPullAt: 'after-interval',
      claimedDueAt: store.dueAt,
    });
  }
}

async function pull(db: Database, store: ClaimedStore, deps: PullDeps, startedAt: Date): Promise<PullOutcome> {
  let fetched;
  try {
    fetched = await fetchFeed(store.feedUrl, {
      etag: store.etag,
      lastModified: store.lastModified,
      timeoutMs: deps.feeds.fetchTimeoutMs,
      maxBytes: deps.feeds.maxBytes,
      allow: deps.feeds.fetchAllow,
      signal: deps.signal,
      resolve: deps.resolve,
    });
  } catch (error) {
    if (!(error instanceof FeedFetchError)) throw error;
    return recordFetchFailure(db, store.storeId, error, startedAt);
  }

  if (fetched.status === 'not-modified') {
    const { importId } = await confirmNotModified(db, store.storeId, startedAt);
    return { status: 'not-modified', importId };
  }

  const importFeed = deps.importFeed ?? realImportFeed;
  let result: ImportFeedResult;
  try {
    result = await importFeed(db, {
      storeId: store.storeId,
      source: 'schedule',
      body: fetched.body,
      contentType: fetched.contentType ?? undefined,
      gzip: fetched.gzip,
      maxBytes: deps.feeds.maxBytes,
    });
  } catch (error) {
    // The body failed while the import read it (timeout, size cap, broken connection): the
    // import finished its own row as failed; it gets the download's code and message.
    if (!(error instanceof FeedFetchError)) throw error;
    const importId = await relabelImportFailure(db, store.storeId, error);
    return { status: 'failed', importId, error: { code: error.code, message: error.message } };
  }

  // Only an applied feed's validators: after a held, refused or failed import the next pull
  // must fetch the file again, not get a 304 that confirms offers this file was not applied to.
  if (result.status === 'succeeded') {
    await storeValidators(db, store, fetched.etag, fetched.lastModified);
  }
  return { status: result.status, importId: result.importId, ...(result.error ? { error: result.error } : {}) };
}

async function recordFetchFailure(
  db: Database,
  storeId: string,
  error: FeedFetchError,
  startedAt: Date,
): Promise<PullOutcome> {
  const [row] = sqlRows<{ id: string }>(
    await db.execute(sql`
      insert into feed_imports (store_id, source, status, started_at, finished_at, error_code, error_message)
      values (${storeId}::uuid, 'schedule', 'failed', ${startedAt.toISOString()}::timestamptz, now(),
              ${error.code}, ${error.message})
      returning id`),
  );
  return { status: 'failed', importId: row?.id ?? null, error: { code: error.code, message: error.message } };
}

/**
 * The import's row is the store's newest scheduled one: the lease keeps any other import of this
 * store from running meanwhile.
 */
async function relabelImportFailure(db: Database, storeId: string, error: FeedFetchError): Promise<string | null> {
  const [row] = sqlRows<{ id: string }>(
    await db.execute(sql`
      update feed_imports set error_code = ${error.code}, error_message = ${error.message}
       where id = (select id from feed_imports
                    where store_id = ${storeId}::uuid and source = 'schedule' and status = 'failed'
                    order by started_at desc limit 1)
      returning id`),
  );
  return row?.id ?? null;
}

/** Unless the URL changed during the pull (the admin API then forgot the old validators). */
async function storeValidators(
  db: Database,
  store: ClaimedStore,
  etag: string | null,
  lastModified: string | null,
): Promise<void> {
  await db.execute(sql`
    update stores set feed_etag = ${etag}, feed_last_modified = ${lastModified}
     where id = ${store.storeId}::uuid and feed_url = ${store.feedUrl}`);
}
