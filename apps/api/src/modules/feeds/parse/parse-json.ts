import { Readable, pipeline } from 'node:stream';
import { parserStream } from 'stream-json';
import Assembler from 'stream-json/assembler.js';
import { FEED_MODES, type FeedEntry, type FeedMode } from '@kiyasla/contracts/feeds';
import { FeedRefusedError } from './feed-refused-error';
import { rejectedEntry, toEntry, type RawFeedItem } from './normalise-item';

type Token = { name: string; value?: unknown };

const START = new Set(['startObject', 'startArray']);
const END = new Set(['endObject', 'endArray']);
const PRIMITIVE = new Set(['stringValue', 'numberValue', 'nullValue', 'trueValue', 'falseValue']);

const BATCH = 512;

/**
 * The parser's tokens in arrays of up to BATCH: one await per batch rather than per token keeps
 * the 20-odd tokens of an item from costing 20 trips through the event loop's microtask queue.
 */
async function* tokenBatches(stream: Readable): AsyncGenerator<Token[]> {
  let failure: unknown;
  let ended = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const onError = (error: unknown) => {
    failure = error;
    notify();
  };
  const onEnd = () => {
    ended = true;
    notify();
  };
  stream.on('readable', notify);
  stream.on('error', onError);
  stream.on('end', onEnd);
  stream.on('close', onEnd);
  try {
    for (;;) {
      const batch: Token[] = [];
      let token: Token | null;
      while (batch.length < BATCH && (token = stream.read() as Token | null) !== null) batch.push(token);
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      if (failure !== undefined) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stream.off('readable', notify);
    stream.off('error', onError);
    stream.off('end', onEnd);
    stream.off('close', onEnd);
  }
}

/**
 * `{ "mode": "full" | "partial", "items": [ … ] }`, or a bare `[ … ]` of items. Keys other than
 * these two are ignored; `mode` may come before or after `items` and is reported through
 * `onMode`, so it is final only once the whole document has been read.
 */
export async function* parseJsonFeed(
  text: AsyncIterable<string>,
  onMode: (mode: FeedMode) => void,
): AsyncGenerator<FeedEntry> {
  const tokens = parserStream({ streamValues: false });
  pipeline(Readable.from(text), tokens, () => {});

  // Where we are: before the root, in the root object, in the items array, or skipping a value.
  let state: 'root' | 'object' | 'items' | 'after' = 'root';
  let key: string | undefined;
  let skipDepth = 0;
  let assembler: Assembler | undefined;
  let sawItems = false;
  let index = 0;

  try {
    for await (const batch of tokenBatches(tokens))
      for (const token of batch) {
        if (assembler) {
          assembler.consume(token as never);
          if (assembler.done) {
            index += 1;
            const value = assembler.current;
            assembler = undefined;
            yield value !== null && typeof value === 'object' && !Array.isArray(value)
              ? toEntry({ index }, value as RawFeedItem)
              : rejectedEntry({ index }, 'NOT_AN_OBJECT', value);
          }
          continue;
        }
        if (skipDepth > 0) {
          if (START.has(token.name)) skipDepth += 1;
          else if (END.has(token.name)) skipDepth -= 1;
          continue;
        }
        switch (state) {
          case 'root':
            if (token.name === 'startObject') state = 'object';
            else if (token.name === 'startArray') {
              state = 'items';
              sawItems = true;
            } else throw new FeedRefusedError('FEED_WRONG_ROOT');
            break;
          case 'object':
            if (token.name === 'keyValue') key = token.value as string;
            else if (token.name === 'endObject') state = 'after';
            else if (key === 'items') {
              if (token.name !== 'startArray') throw new FeedRefusedError('FEED_WRONG_ROOT', '"items" bir dizi değil');
              state = 'items';
              sawItems = true;
            } else if (key === 'mode') {
              const mode = token.value;
              if (token.name !== 'stringValue' || !FEED_MODES.includes(mode as FeedMode)) {
                throw new FeedRefusedError('FEED_BAD_MODE');
              }
              onMode(mode as FeedMode);
            } else if (START.has(token.name)) skipDepth = 1;
            break;
          case 'items':
            if (token.name === 'endArray') {
              state = key === undefined ? 'after' : 'object';
              key = undefined;
            } else if (START.has(token.name)) {
              assembler = new Assembler();
              assembler.consume(token as never);
            } else if (PRIMITIVE.has(token.name)) {
              index += 1;
              yield rejectedEntry({ index }, 'NOT_AN_OBJECT', token.value);
            }
            break;
          case 'after':
            break;
        }
      }
  } catch (error) {
    if (error instanceof FeedRefusedError) throw error;
    const message = (error as Error).message ?? '';
    // stream-json's syntax errors; anything else is the source's own failure and goes up as is.
    if (message.startsWith('Parser ')) {
      throw new FeedRefusedError('FEED_MALFORMED', message.replace(/^Parser cannot parse input:\s*/, ''));
    }
    throw error;
  } finally {
    tokens.destroy();
  }
  if (!sawItems) throw new FeedRefusedError('FEED_WRONG_ROOT', '"items" yok');
}
