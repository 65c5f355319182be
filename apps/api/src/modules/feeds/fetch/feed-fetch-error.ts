import { feedFetchMessage, type FeedFetchErrorCode } from '@kiyasla/contracts/feed-fetch-messages';

/**
 * A scheduled pull failed before or while downloading the feed. `code` is stable (kept in
 * `feed_imports.error_code`); the message is the operator's Turkish text.
 */
export class FeedFetchError extends Error {
  readonly code: FeedFetchErrorCode;
  /** The HTTP status of FEED_FETCH_HTTP_STATUS. */
  readonly status?: number;

  constructor(code: FeedFetchErrorCode, options: { detail?: string; status?: number; cause?: unknown } = {}) {
    super(feedFetchMessage(code, options.detail), { cause: options.cause });
    this.name = 'FeedFetchError';
    this.code = code;
    this.status = options.status;
  }
}
