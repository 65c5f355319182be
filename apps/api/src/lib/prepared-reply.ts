import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type InputType } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply } from 'fastify';

/**
 * Replies of cached reads, serialized once. A cache hit would otherwise redo the whole reply on
 * every request — the zod response check, JSON.stringify and gzip — although the bytes cannot
 * differ from the last time: a PreparedBody keeps the JSON (made by the route's own serializer,
 * so the wire format and the OpenAPI document are unchanged) and each compressed form a client
 * asked for, made once.
 *
 * Content negotiation mirrors @fastify/compress (same threshold, same encoding preference, same
 * brotli quality and gzip level). A pre-compressed body goes out with its Content-Encoding set, which
 * @fastify/compress leaves alone; an encoding kept here for nobody (deflate) is left to it.
 */

/** Bodies below this size go out uncompressed; app.ts registers @fastify/compress with it. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** @fastify/compress' default: quality 11 costs many times the CPU for a few per cent. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/**
 * gzip (and deflate) for every reply, here and in @fastify/compress (app.ts). zlib's default,
 * level 6, took about twice the CPU of level 3 on a 21 KB listing reply (170 µs against 85 µs)
 * for 4 % fewer bytes; on a cache miss that is paid on every request. Levels 1–3 use zlib's
 * fast matcher, 4 and up its lazy one.
 */
export const ZLIB_OPTIONS = { level: 3 };
/** Bodies up to this size are compressed on the spot; larger ones on the zlib thread pool. */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;
/** Server preference among equally acceptable encodings, as @fastify/compress orders them. */
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'] as const;

type KeptEncoding = 'br' | 'gzip';

const compressors: Record<KeptEncoding, { sync: (b: InputType) => Buffer; async: (b: InputType) => Promise<Buffer> }> =
  {
    br: {
      sync: (b) => brotliCompressSync(b, BROTLI_OPTIONS),
      async: (b) => promisify(brotliCompress)(b, BROTLI_OPTIONS),
    },
    gzip: { sync: (b) => gzipSync(b, ZLIB_OPTIONS), async: (b) => promisify(gzip)(b, ZLIB_OPTIONS) },
  };

export class PreparedBody {
  private readonly encoded = new Map<KeptEncoding, Buffer | Promise<Buffer>>();

  private constructor(readonly json: Buffer) {}

  /** Serializes a 200 payload with the route's own response serializer (zod check included). */
  static serialize(reply: FastifyReply, payload: unknown): PreparedBody {
    return new PreparedBody(Buffer.from(reply.serialize(payload) as string));
  }

  /** The body compressed with `encoding`, compressed at the first request for it. */
  encode(encoding: KeptEncoding): Buffer | Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (bytes) return bytes;
    const compressor = compressors[encoding];
    if (this.json.length <= SYNC_COMPRESSION_MAX_BYTES) {
      bytes = compressor.sync(this.json);
    } else {
      const pending = compressor.async(this.json);
      bytes = pending;
      pending.then(
        (done) => this.encoded.set(encoding, done),
        () => this.encoded.delete(encoding),
      );
    }
    this.encoded.set(encoding, bytes);
    return bytes;
  }
}

/**
 * The encoding @fastify/compress would choose for this Accept-Encoding header: the highest
 * quality among br, gzip, deflate and identity, ties going to that order; '*' and 'x-gzip'
 * count as gzip. null when the header is absent or accepts none of them.
 */
export function negotiateEncoding(header: string | undefined): (typeof ENCODINGS)[number] | null {
  if (!header) return null;
  let best: (typeof ENCODINGS)[number] | null = null;
  let bestQuality = 0;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const part of header
    .toLowerCase()
    .replace(/\*|x-gzip/g, 'gzip')
    .split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim());
    const rank = ENCODINGS.indexOf(token as (typeof ENCODINGS)[number]);
    if (rank === -1) continue;
    let quality = 1;
    for (const param of params) {
      const q = /^q\s*=\s*(.*)$/.exec(param);
      if (q) quality = Number.parseFloat(q[1] ?? '') || 0;
    }
    if (quality <= 0) continue;
    if (quality > bestQuality || (quality === bestQuality && rank < bestRank)) {
      best = ENCODINGS[rank] ?? null;
      bestQuality = quality;
      bestRank = rank;
    }
  }
  return best;
}

function addVaryAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = (Array.isArray(vary) ? vary : [String(vary)]).join(', ');
  if (!/accept-encoding/i.test(values)) reply.header('vary', `${values}, accept-encoding`);
}

/** Sends a prepared body as the reply, compressed the way the client asked. */
export async function sendPrepared(reply: FastifyReply, body: PreparedBody): Promise<FastifyReply> {
  const request = reply.request;
  reply.header('content-type', 'application/json; charset=utf-8');
  addVaryAcceptEncoding(reply);
  const encoding =
    body.json.length >= COMPRESSION_THRESHOLD_BYTES && request.headers['x-no-compression'] === undefined
      ? negotiateEncoding(request.headers['accept-encoding'])
      : null;
  if (encoding === 'br' || encoding === 'gzip') {
    const bytes = body.encode(encoding);
    reply.header('content-encoding', encoding);
    return reply.send(bytes instanceof Buffer ? bytes : await bytes);
  }
  return reply.send(body.json);
}

/**
 * The prepared body of each value a cache hands out, kept as long as that value object lives
 * (a WeakMap keyed by it): a cache hit returns the same object, so its reply is serialized once
 * per cache entry, and an invalidated entry's bytes go with it. `envelope` must depend on the
 * value only.
 */
export class PreparedReplies<V extends object> {
  private readonly bodies = new WeakMap<V, PreparedBody>();

  constructor(private readonly envelope: (value: V) => unknown) {}

  send(reply: FastifyReply, value: V): Promise<FastifyReply> {
    let body = this.bodies.get(value);
    if (!body) {
      body = PreparedBody.serialize(reply, this.envelope(value));
      this.bodies.set(value, body);
    }
    return sendPrepared(reply, body);
  }
}
