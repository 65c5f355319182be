import type { FeedImportReport, FeedImportSource, FeedImportStatus } from '@kiyasla/contracts/admin-stores';
import type { FeedFormat, FeedMode } from '@kiyasla/contracts/feeds';
import type { FeedSource } from '../parse/feed-input';

export interface ImportProgress {
  phase: 'read' | 'apply';
  /** Items read (phase read) or applied (phase apply) so far. */
  done: number;
  /** Items to apply (phase apply); unknown while reading. */
  total?: number;
}

export interface ImportFeedInput {
  storeId: string;
  source: FeedImportSource;
  /** The feed's bytes (a file or HTTP body stream, a request body); gzip is recognised. */
  body: FeedSource;
  /** The sender's Content-Type, checked against the content. */
  contentType?: string;
  /** `true` when the sender declared `Content-Encoding: gzip`. */
  gzip?: boolean;
  /** A format the caller insists on (CLI flag or file extension). */
  format?: FeedFormat;
  /** The mode of a feed that does not declare one (CSV, XML). Default: partial. */
  mode?: FeedMode;
  /** Cap on the decompressed size; beyond it the feed is refused (FEED_TOO_LARGE). */
  maxBytes?: number;
  /** Deactivate absent offers even when that is more than half of the store's offers. */
  force?: boolean;
  /** The admin or moderator who uploaded it. */
  userId?: string | null;
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportFeedResult {
  importId: string;
  status: Exclude<FeedImportStatus, 'running'>;
  format: FeedFormat | null;
  mode: FeedMode | null;
  report: FeedImportReport;
  /** Set when the feed was refused (status refused) or the import failed (status failed). */
  error?: { code: string; message: string };
}
