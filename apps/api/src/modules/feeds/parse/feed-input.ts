import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { FeedRefusedError } from './feed-refused-error';

/** Anything a feed arrives as: a file stream, an HTTP body, a request body. */
export type FeedSource = AsyncIterable<Uint8Array | string>;

/**
 * Reads from `source` until `enough` says the buffered head suffices (or the source ends), and
 * returns that head plus an iterable that replays it and then continues the same source.
 */
export async function peek<T>(
  source: AsyncIterable<T>,
  enough: (head: T[]) => boolean,
): Promise<{ head: T[]; rest: AsyncIterable<T> }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: T[] = [];
  let finished = false;
  while (!enough(head)) {
    const next = await iterator.next();
    if (next.done) {
      finished = true;
      break;
    }
    head.push(next.value);
  }
  async function* rest(): AsyncGenerator<T> {
    try {
      yield* head.splice(0);
      if (finished) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      if (!finished) await iterator.return?.();
    }
  }
  return { head: [...head], rest: rest() };
}

function toBytes(chunk: Uint8Array | string): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

async function* bytesOf(source: FeedSource): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) yield toBytes(chunk);
}

function headBytes(head: Uint8Array[], n: number): Uint8Array {
  return Buffer.concat(head).subarray(0, n);
}

/** Signatures of files that are certainly no feed: ZIP (xlsx too), PDF, legacy Office. */
const BINARY_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x25, 0x50, 0x44, 0x46],
  [0xd0, 0xcf, 0x11, 0xe0],
];

async function* gunzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const inflater = createGunzip();
  pipeline(Readable.from(source), inflater, () => {});
  try {
    for await (const chunk of inflater) yield chunk as Uint8Array;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE') throw new FeedRefusedError('FEED_BAD_GZIP');
    throw error;
  } finally {
    inflater.destroy();
  }
}

export interface FeedTextOptions {
  /** `true`: the input is gzip; `false`: it is not; unset: recognised by its magic bytes. */
  gzip?: boolean;
  /** Cap on the (decompressed) size in bytes; beyond it the file is refused. */
  maxBytes?: number;
}

/**
 * The feed as UTF-8 text chunks: gunzipped when it is gzip, the byte-order mark dropped, invalid
 * UTF-8 and oversize input refused. Chunks flow through with back-pressure, never accumulated.
 */
export async function* feedText(source: FeedSource, options: FeedTextOptions = {}): AsyncGenerator<string> {
  const { head, rest } = await peek(bytesOf(source), (h) => h.reduce((n, c) => n + c.length, 0) >= 4);
  const magic = headBytes(head, 4);
  const isGzip = options.gzip ?? (magic[0] === 0x1f && magic[1] === 0x8b);
  const bytes = isGzip ? gunzip(rest) : rest;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let total = 0;
  let first = true;
  for await (const chunk of bytes) {
    total += chunk.length;
    if (options.maxBytes !== undefined && total > options.maxBytes) throw new FeedRefusedError('FEED_TOO_LARGE');
    if (first && chunk.length > 0) {
      first = false;
      const start = chunk.subarray(0, 4);
      if (BINARY_SIGNATURES.some((sig) => sig.every((b, i) => start[i] === b))) {
        throw new FeedRefusedError('FEED_UNKNOWN_FORMAT');
      }
    }
    let decoded: string;
    try {
      decoded = decoder.decode(chunk, { stream: true });
    } catch {
      throw new FeedRefusedError('FEED_BAD_ENCODING');
    }
    if (decoded) yield decoded;
  }
  let tail: string;
  try {
    tail = decoder.decode();
  } catch {
    throw new FeedRefusedError('FEED_BAD_ENCODING');
  }
  if (tail) yield tail;
}
