import type { FeedFormat } from '@kiyasla/contracts/feeds';
import { FeedRefusedError } from './feed-refused-error';

const DECLARED: Record<string, FeedFormat> = {
  'application/json': 'json',
  'text/json': 'json',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/comma-separated-values': 'csv',
  // What browsers on Windows send for a .csv file.
  'application/vnd.ms-excel': 'csv',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/rss+xml': 'xml',
};

/** The format a content type names, or undefined for neutral ones (text/plain, octet-stream, gzip…). */
export function formatOfContentType(contentType: string | undefined): FeedFormat | undefined {
  if (!contentType) return undefined;
  const mime = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (DECLARED[mime]) return DECLARED[mime];
  if (mime.endsWith('+json')) return 'json';
  if (mime.endsWith('+xml')) return 'xml';
  return undefined;
}

/** The format the content shows: `{`/`[` opens JSON, `<` XML, anything else may be CSV. */
export function formatOfContent(start: string): FeedFormat | undefined {
  const first = /\S/.exec(start)?.[0];
  if (first === undefined) return undefined;
  if (first === '{' || first === '[') return 'json';
  if (first === '<') return 'xml';
  return 'csv';
}

/**
 * Decides the format from the first text of the feed and what the sender declared. The content
 * decides; a declaration (content type, or a format the caller names) that contradicts it is
 * refused rather than guessed around. CSV content is confirmed later by its header line.
 */
export function detectFeedFormat(start: string, declared?: FeedFormat): FeedFormat {
  const sniffed = formatOfContent(start);
  if (sniffed === undefined) throw new FeedRefusedError('FEED_EMPTY');
  if (declared && declared !== sniffed) {
    throw new FeedRefusedError('FEED_FORMAT_MISMATCH', `${declared} ≠ ${sniffed}`);
  }
  return sniffed;
}
