import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FeedFormat, FeedMode } from '@kiyasla/contracts/feeds';
import type { Database } from '../../../db/client';
import { sqlRows } from '../../../lib/sql-rows';
import { importFeed } from '../import/import-feed';
import type { ImportFeedResult, ImportProgress } from '../import/types';
import type { FeedSource } from '../parse/feed-input';
import { acquireStoreLease, releaseStoreLease } from '../schedule/store-lease';

export class CliImportError extends Error {
  constructor(
    readonly code: 'STORE_NOT_FOUND' | 'FEED_IMPORT_BUSY',
    message: string,
  ) {
    super(message);
  }
}

export interface CliImportRequest {
  storeSlug: string;
  body: FeedSource;
  contentType?: string;
  gzip?: boolean;
  format?: FeedFormat;
  mode?: FeedMode;
  force?: boolean;
  maxBytes: number;
  onProgress?: (progress: ImportProgress) => void;
}

/** Imports a feed for the store with this slug under the store's lease, as the CLI does. */
export async function importForStore(
  db: Database,
  request: CliImportRequest,
): Promise<{ storeName: string; result: ImportFeedResult }> {
  const [store] = sqlRows<{ id: string; name: string }>(
    await db.execute(sql`select id, name from stores where slug = ${request.storeSlug}`),
  );
  if (!store) throw new CliImportError('STORE_NOT_FOUND', `"${request.storeSlug}" slug'lı bir mağaza yok.`);
  const holder = `cli:${process.pid}:${randomUUID()}`;
  if (!(await acquireStoreLease(db, store.id, holder, 60 * 60_000))) {
    throw new CliImportError(
      'FEED_IMPORT_BUSY',
      `${store.name} için bir içe aktarım şu anda sürüyor; bitince yeniden deneyin.`,
    );
  }
  try {
    const result = await importFeed(db, {
      storeId: store.id,
      source: 'cli',
      body: request.body,
      contentType: request.contentType,
      gzip: request.gzip,
      format: request.format,
      mode: request.mode,
      force: request.force,
      maxBytes: request.maxBytes,
      onProgress: request.onProgress,
    });
    return { storeName: store.name, result };
  } finally {
    await releaseStoreLease(db, store.id, holder);
  }
}
