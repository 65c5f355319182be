import { DEFAULT_FEED_MODE, type FeedEntry, type FeedFormat, type FeedMode } from '@kiyasla/contracts/feeds';
import { detectFeedFormat, formatOfContentType } from './detect-format';
import { FeedRefusedError } from './feed-refused-error';
import { feedText, peek, type FeedSource, type FeedTextOptions } from './feed-input';
import { parseCsvFeed } from './parse-csv';
import { parseJsonFeed } from './parse-json';
import { parseXmlFeed } from './parse-xml';

export interface ParseFeedOptions extends FeedTextOptions {
  /** The sender's `Content-Type`; a format it names must agree with the content. */
  contentType?: string;
  /** A format the caller insists on (a CLI flag, a file extension); must agree with the content. */
  format?: FeedFormat;
  /**
   * The mode of a feed that does not declare one itself: CSV and XML never do, JSON may
   * (`"mode"`). Unset: `partial` (DEFAULT_FEED_MODE).
   */
  mode?: FeedMode;
}

export interface FeedSummary {
  /** Known once the first bytes were read. */
  format?: FeedFormat;
  mode: FeedMode;
  /** Where `mode` came from: the JSON document, the caller's option, or the default. */
  modeSource: 'feed' | 'option' | 'default';
  items: number;
  rejected: number;
  /** True only when the whole file was read without a refusal. */
  complete: boolean;
}

export interface ParsedFeed extends AsyncIterable<FeedEntry> {
  /** Running counts while iterating; final (and `mode` settled) once `complete` is true. */
  readonly summary: Readonly<FeedSummary>;
}

/**
 * Parses a store feed from a stream, one entry per item, in file order, without holding the
 * file in memory.
 *
 * The contract with the import: iteration may throw a {@link FeedRefusedError} at any point,
 * also after items were yielded (a syntax error near the end of a 100 MB file surfaces only
 * there). The import therefore stages entries (or accumulates them per batch in an uncommitted
 * transaction) and applies them only when iteration ended normally and `summary.complete` is
 * true; on a refusal it changes nothing. A `full` feed's deactivation of absent offers likewise
 * waits for completion, since `mode` is final only then. Errors of the source itself (an aborted
 * HTTP body, an unreadable file) are rethrown as they are.
 *
 * A feed that is well formed but holds no item at all is refused with FEED_EMPTY; a feed whose
 * every item is rejected is not refused here: its report says why, item by item.
 */
export function parseFeed(source: FeedSource, options: ParseFeedOptions = {}): ParsedFeed {
  const summary: FeedSummary = {
    mode: options.mode ?? DEFAULT_FEED_MODE,
    modeSource: options.mode ? 'option' : 'default',
    items: 0,
    rejected: 0,
    complete: false,
  };

  async function* entries(): AsyncGenerator<FeedEntry> {
    const text = feedText(source, options);
    const { head, rest } = await peek(text, (h) => /\S/.test(h.join('')));
    const declared = options.format ?? formatOfContentType(options.contentType);
    const format = detectFeedFormat(head.join(''), declared);
    summary.format = format;
    const parsed =
      format === 'json'
        ? parseJsonFeed(rest, (mode) => {
            summary.mode = mode;
            summary.modeSource = 'feed';
          })
        : format === 'csv'
          ? parseCsvFeed(rest)
          : parseXmlFeed(rest);
    for await (const entry of parsed) {
      if (entry.item) summary.items += 1;
      else summary.rejected += 1;
      yield entry;
    }
    if (summary.items + summary.rejected === 0) throw new FeedRefusedError('FEED_EMPTY');
    summary.complete = true;
  }

  return {
    summary,
    [Symbol.asyncIterator]: () => entries(),
  };
}
