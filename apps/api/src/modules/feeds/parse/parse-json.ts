import { JSONParser } from '@streamparser/json';
import { FEED_MODES, type FeedEntry, type FeedMode } from '@kiyasla/contracts/feeds';
import { FeedRefusedError } from './feed-refused-error';
import { rejectedEntry, toEntry, type RawFeedItem } from './normalise-item';

/** First characters of a JSON document whose root is neither an object nor an array. */
const SCALAR_ROOT = /^["\d\-tfn]/;

/**
 * `{ "mode": "full" | "partial", "items": [ … ] }`, or a bare `[ … ]` of items. Keys other than
 * these two are ignored; `mode` may come before or after `items` and is reported through
 * `onMode`, so it is final only once the whole document has been read.
 *
 * `@streamparser/json` tokenises the text as it arrives and assembles only the values the paths
 * name — the items (and the root's own members, whose values are checked): an item is handed on
 * as soon as it closes and then dropped from the parser's stack, so memory stays flat however
 * long the array is.
 */
export async function* parseJsonFeed(
  text: AsyncIterable<string>,
  onMode: (mode: FeedMode) => void,
): AsyncGenerator<FeedEntry> {
  const parser = new JSONParser({ paths: ['$.*', '$.items.*'], keepStack: false });
  let root: 'object' | 'array' | undefined;
  let sawItems = false;
  let index = 0;
  let ready: FeedEntry[] = [];

  const item = (value: unknown) => {
    index += 1;
    ready.push(
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? toEntry({ index }, value as RawFeedItem)
        : rejectedEntry({ index }, 'NOT_AN_OBJECT', value),
    );
  };

  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 2) {
      // `$.items.*`: an item of the root object's array (a member of a root array is depth 1).
      if (root === 'object' && stack[1]?.key === 'items') item(value);
      return;
    }
    if (stack.length !== 1) return;
    if (root === 'array') item(value);
    else if (key === 'items') {
      if (!Array.isArray(value)) throw new FeedRefusedError('FEED_WRONG_ROOT', '"items" bir dizi değil');
      sawItems = true;
    } else if (key === 'mode') {
      if (typeof value !== 'string' || !FEED_MODES.includes(value as FeedMode)) {
        throw new FeedRefusedError('FEED_BAD_MODE');
      }
      onMode(value as FeedMode);
    }
  };

  const feed = (chunk: string) => {
    try {
      parser.write(chunk);
    } catch (error) {
      throw refusal(error);
    }
  };

  for await (const chunk of text) {
    if (root === undefined) {
      const start = chunk.trimStart();
      if (!start) continue;
      if (start[0] === '{') root = 'object';
      else if (start[0] === '[') {
        root = 'array';
        sawItems = true;
      } else if (SCALAR_ROOT.test(start)) throw new FeedRefusedError('FEED_WRONG_ROOT');
    }
    feed(chunk);
    if (ready.length > 0) {
      const entries = ready;
      ready = [];
      yield* entries;
    }
  }
  try {
    // The parser ends by itself when the root value closes; a document cut short has not.
    if (!parser.isEnded) parser.end();
  } catch (error) {
    throw refusal(error);
  }
  yield* ready;
  if (!sawItems) throw new FeedRefusedError('FEED_WRONG_ROOT', '"items" yok');
}

/** A syntax error of the document as the feed's refusal; a refusal of ours goes up as it is. */
function refusal(error: unknown): FeedRefusedError {
  if (error instanceof FeedRefusedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new FeedRefusedError('FEED_MALFORMED', message.slice(0, 200));
}
