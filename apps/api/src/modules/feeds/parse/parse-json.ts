import { JSONParser, TokenType } from '@streamparser/json';
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
  let parser: JSONParser | undefined;
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

  // The paths name only what is needed: asking for the root's members (`$.*`, or `$.items`)
  // would have the parser assemble the whole items array to hand it over at its end. That the
  // root object has an `items` array at all (even an empty one) is read off its tokens.
  const open = (kind: 'object' | 'array') => {
    const next = new JSONParser({ paths: kind === 'array' ? ['$.*'] : ['$.mode', '$.items.*'], keepStack: false });
    if (kind === 'array') {
      next.onValue = ({ value }) => item(value);
      return next;
    }
    next.onValue = ({ value, stack }) => {
      if (stack.length === 2) return item(value);
      if (typeof value !== 'string' || !FEED_MODES.includes(value as FeedMode)) {
        throw new FeedRefusedError('FEED_BAD_MODE');
      }
      onMode(value as FeedMode);
    };
    let depth = 0;
    let key: string | undefined;
    let valueOf: string | undefined;
    next.onToken = ({ token, value }) => {
      if (depth > 1 && token > TokenType.RIGHT_BRACKET) return;
      if (depth === 1 && valueOf === 'items') {
        if (token !== TokenType.LEFT_BRACKET) throw new FeedRefusedError('FEED_WRONG_ROOT', '"items" bir dizi değil');
        sawItems = true;
      }
      if (depth === 1) {
        if (token === TokenType.STRING && valueOf === undefined) key = value as string;
        else if (token === TokenType.COLON) {
          valueOf = key;
          return;
        } else if (token === TokenType.COMMA) key = undefined;
        valueOf = undefined;
      }
      if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) depth += 1;
      else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth -= 1;
    };
    return next;
  };

  const feed = (chunk: string) => {
    try {
      parser!.write(chunk);
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
      // Anything else is no JSON at all: the parser says where.
      parser = open(root ?? 'array');
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
    if (parser && !parser.isEnded) parser.end();
  } catch (error) {
    throw refusal(error, 'dosya yarıda bitiyor');
  }
  yield* ready;
  if (!sawItems) throw new FeedRefusedError('FEED_WRONG_ROOT', '"items" yok');
}

/**
 * A syntax error of the document as the feed's refusal; a refusal of ours goes up as it is. The
 * parser's own words (English, with its chunk's offsets) are not the operator's: the Turkish
 * refusal says where, when that is known.
 */
function refusal(error: unknown, detail?: string): FeedRefusedError {
  if (error instanceof FeedRefusedError) return error;
  return new FeedRefusedError('FEED_MALFORMED', detail);
}
