import { feedRefusalMessage, type FeedRefusalCode } from '@kiyasla/contracts/feeds';

/**
 * The whole file is refused: it is not a feed, or not one that parses. Parsing streams, so this
 * may be thrown after items were already yielded; a caller therefore stages what it receives and
 * commits only once iteration has finished without this error (see parse-feed.ts).
 */
export class FeedRefusedError extends Error {
  readonly code: FeedRefusalCode;
  /** Where the problem was found, when known (1-based). */
  readonly line?: number;

  constructor(code: FeedRefusalCode, detail?: string, line?: number) {
    super(feedRefusalMessage(code, detail));
    this.name = 'FeedRefusedError';
    this.code = code;
    this.line = line;
  }
}
