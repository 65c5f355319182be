import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { mayConnect, parseFetchAllowList, type FetchAllowList } from './address-policy';
import { FeedFetchError } from './feed-fetch-error';
import { guardedLookup, systemResolve, type ResolveHost } from './guarded-lookup';

const blockedAddress = (hostname: string, address: string) =>
  new FeedFetchError('FEED_FETCH_BLOCKED_ADDRESS', { detail: `${hostname} → ${address}` });

/** At most this many redirects are followed (the requirement of issue 12). */
export const MAX_FEED_REDIRECTS = 3;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type { ResolvedAddress, ResolveHost } from './guarded-lookup';

export interface FetchFeedOptions {
  /** Validators of the last 200 answer, sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
  /** The whole pull, from connecting to the body's last byte. */
  timeoutMs: number;
  /** Bytes on the wire (compressed, if gzip); beyond it the pull fails. */
  maxBytes: number;
  /** FEED_FETCH_ALLOW: private or loopback destinations that may be fetched all the same. */
  allow: readonly string[];
  /** Stops the pull (the scheduler closing): FEED_FETCH_ABORTED. */
  signal?: AbortSignal;
  /** Default: the system resolver (dns.lookup). Tests give names addresses without DNS. */
  resolve?: ResolveHost;
  /** The Accept header; default: the feed formats. */
  accept?: string;
}

export type FetchFeedResult =
  | { status: 'not-modified'; finalUrl: string }
  | {
      status: 'ok';
      /**
       * The body as it arrives, bytes counted against the cap and under the same deadline; a
       * failure is thrown from the iteration as a FeedFetchError. Iterate it once.
       */
      body: AsyncIterable<Uint8Array>;
      contentType: string | null;
      /** The server declared `Content-Encoding: gzip`. */
      gzip: boolean;
      etag: string | null;
      lastModified: string | null;
      /** The URL that answered, after redirects. */
      finalUrl: string;
    };

const REQUEST_HEADERS = {
  'user-agent': 'Kiyasla-Feed/1.0',
  accept: 'application/json, text/csv, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
  'accept-encoding': 'gzip',
};

/**
 * Downloads a store's feed for the scheduled pull (and a picture the back office names on another
 * site, media/mirror-image.ts). Only http(s); only public addresses unless the
 * allow-list names the destination, judged on the address actually connected to (resolved once,
 * checked, then connected to: a name cannot resolve to something else in between) and again on
 * every redirect hop. Follows at most three redirects; a 304 answers `not-modified`.
 *
 * Throws a FeedFetchError (FEED_FETCH_*) for every failure before the body, and the body's
 * iteration throws one for a failure while reading it (timeout, size cap, broken connection).
 */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchFeedResult> {
  const allow = parseFetchAllowList(options.allow);
  const resolve = options.resolve ?? systemResolve;
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new FeedFetchError('FEED_FETCH_TIMEOUT', { detail: `${Math.ceil(options.timeoutMs / 1000)} sn` }),
      ),
    options.timeoutMs,
  );
  timer.unref();
  const stopOnCallerAbort = () => controller.abort(new FeedFetchError('FEED_FETCH_ABORTED'));
  if (options.signal?.aborted) stopOnCallerAbort();
  options.signal?.addEventListener('abort', stopOnCallerAbort, { once: true });
  const finish = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stopOnCallerAbort);
  };

  const headers: OutgoingHttpHeaders = { ...REQUEST_HEADERS, ...(options.accept ? { accept: options.accept } : {}) };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;

  try {
    let current = feedUrl(url);
    const visited = new Set<string>();
    for (let redirects = 0; ; redirects++) {
      visited.add(current.href);
      const response = await requestOnce(current, headers, allow, resolve, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        response.destroy();
        const next = feedUrl(location, current);
        if (visited.has(next.href)) throw new FeedFetchError('FEED_FETCH_REDIRECT_LOOP', { detail: next.href });
        if (redirects >= MAX_FEED_REDIRECTS) throw new FeedFetchError('FEED_FETCH_TOO_MANY_REDIRECTS');
        current = next;
        continue;
      }
      if (status === 304) {
        response.destroy();
        finish();
        return { status: 'not-modified', finalUrl: current.href };
      }
      if (status !== 200) {
        response.destroy();
        throw new FeedFetchError('FEED_FETCH_HTTP_STATUS', { detail: `HTTP ${status}`, status });
      }
      const declaredLength = Number(response.headers['content-length']);
      if (Number.isFinite(declaredLength) && declaredLength > options.maxBytes) {
        response.destroy();
        throw new FeedFetchError('FEED_FETCH_TOO_LARGE');
      }
      const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      if (!['identity', 'gzip', 'x-gzip', ''].includes(encoding)) {
        response.destroy();
        throw new FeedFetchError('FEED_FETCH_UNSUPPORTED_ENCODING', { detail: encoding });
      }
      return {
        status: 'ok',
        body: guardedBody(response, controller.signal, options.maxBytes, finish),
        contentType: response.headers['content-type'] ?? null,
        gzip: encoding === 'gzip' || encoding === 'x-gzip',
        etag: headerValue(response.headers.etag),
        lastModified: headerValue(response.headers['last-modified']),
        finalUrl: current.href,
      };
    }
  } catch (error) {
    finish();
    throw fetchFailure(error, controller.signal);
  }
}

function headerValue(value: string | undefined): string | null {
  return value && value.trim() !== '' ? value : null;
}

/** An http(s) URL (relative to `base` for a Location header), or FEED_FETCH_BAD_URL. */
function feedUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new FeedFetchError('FEED_FETCH_BAD_URL', { detail: text.slice(0, 200) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('FEED_FETCH_BAD_URL', { detail: url.protocol });
  }
  url.hash = '';
  return url;
}

/** What a failure is to the caller: the abort's reason (timeout, stop), ours as is, else NETWORK. */
function fetchFailure(error: unknown, signal: AbortSignal): FeedFetchError {
  if (signal.aborted && signal.reason instanceof FeedFetchError) return signal.reason;
  if (error instanceof FeedFetchError) return error;
  const code = (error as { code?: unknown }).code;
  return new FeedFetchError('FEED_FETCH_NETWORK', {
    detail: typeof code === 'string' ? code : undefined,
    cause: error,
  });
}

function requestOnce(
  url: URL,
  headers: OutgoingHttpHeaders,
  allow: FetchAllowList,
  resolve: ResolveHost,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  // Node connects to an IP literal without calling `lookup`: judge it here.
  if (isIP(host) && !mayConnect({ host, port, address: host }, allow)) {
    return Promise.reject(new FeedFetchError('FEED_FETCH_BLOCKED_ADDRESS', { detail: host }));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolveResponse, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        headers,
        agent: false,
        signal,
        lookup: guardedLookup(host, port, allow, resolve, blockedAddress),
      },
      resolveResponse,
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * The response body under the pull's deadline and size cap. The abort listener is attached at
 * once, so a deadline passing before the caller starts reading still closes the connection.
 */
function guardedBody(
  response: IncomingMessage,
  signal: AbortSignal,
  maxBytes: number,
  finish: () => void,
): AsyncIterable<Uint8Array> {
  // Failures reach the reader through the iteration. A body nobody reads (the import stopped
  // before it) is closed at the deadline without an error, and a late socket error on it must
  // not become an unhandled 'error' event.
  response.on('error', () => undefined);
  const destroyOnAbort = () => {
    response.destroy();
    finish();
  };
  signal.addEventListener('abort', destroyOnAbort, { once: true });
  async function* read(): AsyncGenerator<Uint8Array> {
    let total = 0;
    try {
      if (signal.aborted) throw signal.reason;
      for await (const chunk of response as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxBytes) throw new FeedFetchError('FEED_FETCH_TOO_LARGE');
        yield chunk;
      }
      if (!response.complete) throw new FeedFetchError('FEED_FETCH_NETWORK', { detail: 'bağlantı erken kapandı' });
    } catch (error) {
      throw fetchFailure(error, signal);
    } finally {
      signal.removeEventListener('abort', destroyOnAbort);
      response.destroy();
      finish();
    }
  }
  return read();
}
