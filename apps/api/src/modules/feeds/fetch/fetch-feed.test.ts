import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedFetchError } from './feed-fetch-error';
import { fetchFeed, type FetchFeedOptions } from './fetch-feed';
import { startStandInFeedServer, type StandInFeedServer } from './stand-in-feed-server';

let server: StandInFeedServer;
beforeAll(async () => {
  server = await startStandInFeedServer();
});
afterAll(() => server.close());

const FEED = JSON.stringify({ items: [{ sku: 'A-1', price: '100.00' }] });
const local: FetchFeedOptions = { timeoutMs: 2_000, maxBytes: 1024, allow: ['127.0.0.1'] };

async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The FeedFetchError a promise rejects with (fails the test if it resolves or throws another). */
async function failure(promise: Promise<unknown>): Promise<FeedFetchError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedFetchError);
  return error as FeedFetchError;
}

/** Requests the stand-in saw for `path` since the test started. */
function hits(path: string, since: number): number {
  return server.requests.slice(since).filter((r) => r.path === path).length;
}

describe('fetchFeed against a stand-in server on 127.0.0.1', () => {
  it('200: returns the body, its content type and the validators to send next time', async () => {
    server.route('/ok.json', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        etag: '"v1"',
        'last-modified': 'Tue, 03 Mar 2026 10:00:00 GMT',
      });
      res.end(FEED);
    });
    const result = await fetchFeed(`${server.origin}/ok.json`, local);
    if (result.status !== 'ok') throw new Error('expected a body');
    expect(result).toMatchObject({
      contentType: 'application/json; charset=utf-8',
      gzip: false,
      etag: '"v1"',
      lastModified: 'Tue, 03 Mar 2026 10:00:00 GMT',
      finalUrl: `${server.origin}/ok.json`,
    });
    expect((await readAll(result.body)).toString()).toBe(FEED);
  });

  it('304: sends If-None-Match and If-Modified-Since and answers not-modified', async () => {
    server.route('/conditional.json', (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') res.writeHead(304).end();
      else res.writeHead(200, { etag: '"v1"' }).end(FEED);
    });
    const since = server.requests.length;
    const result = await fetchFeed(`${server.origin}/conditional.json`, {
      ...local,
      etag: '"v1"',
      lastModified: 'Tue, 03 Mar 2026 10:00:00 GMT',
    });
    expect(result).toEqual({ status: 'not-modified', finalUrl: `${server.origin}/conditional.json` });
    const [request] = server.requests.slice(since);
    expect(request?.headers['if-none-match']).toBe('"v1"');
    expect(request?.headers['if-modified-since']).toBe('Tue, 03 Mar 2026 10:00:00 GMT');
  });

  it('sends no conditional header when there is no validator yet', async () => {
    const since = server.requests.length;
    const result = await fetchFeed(`${server.origin}/conditional.json`, local);
    expect(result.status).toBe('ok');
    if (result.status === 'ok') await readAll(result.body);
    const [request] = server.requests.slice(since);
    expect(request?.headers['if-none-match']).toBeUndefined();
    expect(request?.headers['if-modified-since']).toBeUndefined();
  });

  it('gzip: reports Content-Encoding gzip and hands over the compressed bytes', async () => {
    server.route('/feed.json.gz', (req, res) => {
      expect(req.headers['accept-encoding']).toContain('gzip');
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(FEED));
    });
    const result = await fetchFeed(`${server.origin}/feed.json.gz`, local);
    if (result.status !== 'ok') throw new Error('expected a body');
    expect(result.gzip).toBe(true);
    expect(gunzipSync(await readAll(result.body)).toString()).toBe(FEED);
  });

  it('refuses a body compressed some other way', async () => {
    server.route('/brotli', (_req, res) => res.writeHead(200, { 'content-encoding': 'br' }).end('xx'));
    const error = await failure(fetchFeed(`${server.origin}/brotli`, local));
    expect(error.code).toBe('FEED_FETCH_UNSUPPORTED_ENCODING');
  });

  it('500: fails with FEED_FETCH_HTTP_STATUS and the status', async () => {
    server.route('/broken', (_req, res) => res.writeHead(500).end('sunucu hatası'));
    const error = await failure(fetchFeed(`${server.origin}/broken`, local));
    expect(error.code).toBe('FEED_FETCH_HTTP_STATUS');
    expect(error.status).toBe(500);
    expect(error.message).toContain('HTTP 500');
  });

  it('times out while the headers are awaited', async () => {
    server.route('/silent', () => {
      /* never answers */
    });
    const started = Date.now();
    const error = await failure(fetchFeed(`${server.origin}/silent`, { ...local, timeoutMs: 300 }));
    expect(error.code).toBe('FEED_FETCH_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('times out on a body that trickles: the deadline covers the whole download', async () => {
    server.route('/slow', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items":[');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    const result = await fetchFeed(`${server.origin}/slow`, { ...local, timeoutMs: 400 });
    if (result.status !== 'ok') throw new Error('expected a body');
    const error = await failure(readAll(result.body));
    expect(error.code).toBe('FEED_FETCH_TIMEOUT');
  });

  it('closes a body nobody reads once the deadline passes; reading it later fails with the timeout', async () => {
    const result = await fetchFeed(`${server.origin}/slow`, { ...local, timeoutMs: 100 });
    if (result.status !== 'ok') throw new Error('expected a body');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await failure(readAll(result.body))).code).toBe('FEED_FETCH_TIMEOUT');
  });

  it('refuses an oversize body by its Content-Length before reading it', async () => {
    server.route('/big-declared', (_req, res) => {
      res.writeHead(200, { 'content-length': '2048' });
      res.end('x'.repeat(2048));
    });
    const error = await failure(fetchFeed(`${server.origin}/big-declared`, local));
    expect(error.code).toBe('FEED_FETCH_TOO_LARGE');
  });

  it('refuses an oversize body sent without Content-Length once the streamed bytes pass the cap', async () => {
    server.route('/big-streamed', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      for (let i = 0; i < 8; i++) res.write('y'.repeat(256));
      res.end();
    });
    const result = await fetchFeed(`${server.origin}/big-streamed`, local);
    if (result.status !== 'ok') throw new Error('expected a body');
    const error = await failure(readAll(result.body));
    expect(error.code).toBe('FEED_FETCH_TOO_LARGE');
  });

  it('follows up to three redirects, relative ones too', async () => {
    server.route('/r1', (_req, res) => res.writeHead(301, { location: '/r2' }).end());
    server.route('/r2', (_req, res) => res.writeHead(302, { location: `${server.origin}/r3` }).end());
    server.route('/r3', (_req, res) => res.writeHead(307, { location: 'ok.json' }).end());
    const result = await fetchFeed(`${server.origin}/r1`, local);
    if (result.status !== 'ok') throw new Error('expected a body');
    expect(result.finalUrl).toBe(`${server.origin}/ok.json`);
    expect((await readAll(result.body)).toString()).toBe(FEED);
  });

  it('gives up after a fourth redirect', async () => {
    server.route('/r0', (_req, res) => res.writeHead(308, { location: '/r1' }).end());
    const since = server.requests.length;
    const error = await failure(fetchFeed(`${server.origin}/r0`, local));
    expect(error.code).toBe('FEED_FETCH_TOO_MANY_REDIRECTS');
    expect(hits('/ok.json', since)).toBe(0);
  });

  it('stops a redirect loop', async () => {
    server.route('/loop-a', (_req, res) => res.writeHead(302, { location: '/loop-b' }).end());
    server.route('/loop-b', (_req, res) => res.writeHead(302, { location: '/loop-a' }).end());
    const since = server.requests.length;
    const error = await failure(fetchFeed(`${server.origin}/loop-a`, local));
    expect(error.code).toBe('FEED_FETCH_REDIRECT_LOOP');
    expect(server.requests.length - since).toBe(2);
  });

  it('refuses a URL or a redirect that is not http(s)', async () => {
    expect((await failure(fetchFeed('ftp://127.0.0.1/feed.csv', local))).code).toBe('FEED_FETCH_BAD_URL');
    expect((await failure(fetchFeed('bozuk adres', local))).code).toBe('FEED_FETCH_BAD_URL');
    server.route('/to-file', (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    expect((await failure(fetchFeed(`${server.origin}/to-file`, local))).code).toBe('FEED_FETCH_BAD_URL');
  });

  it('fails with FEED_FETCH_NETWORK when nothing listens', async () => {
    const closed = await startStandInFeedServer();
    await closed.close();
    const error = await failure(fetchFeed(`${closed.origin}/feed.json`, local));
    expect(error.code).toBe('FEED_FETCH_NETWORK');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = fetchFeed(`${server.origin}/silent`, { ...local, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).code).toBe('FEED_FETCH_ABORTED');
  });
});

describe('fetchFeed refuses private and loopback addresses not on the allow-list', () => {
  it('refuses 127.0.0.1 without an allow-list, before connecting', async () => {
    const since = server.requests.length;
    const error = await failure(fetchFeed(`${server.origin}/ok.json`, { ...local, allow: [] }));
    expect(error.code).toBe('FEED_FETCH_BLOCKED_ADDRESS');
    expect(server.requests.length).toBe(since);
  });

  it('refuses loopback spelled as IPv6, IPv4-mapped IPv6 or a decimal number', async () => {
    for (const url of [
      `http://[::1]:${server.port}/ok.json`,
      `http://[::ffff:127.0.0.1]:${server.port}/ok.json`,
      `http://2130706433:${server.port}/ok.json`,
    ]) {
      const error = await failure(fetchFeed(url, { ...local, allow: [] }));
      expect(error.code).toBe('FEED_FETCH_BLOCKED_ADDRESS');
    }
  });

  it('fetches 127.0.0.1 when the allow-list names it with its port, and not on another port', async () => {
    const named = await fetchFeed(`${server.origin}/ok.json`, { ...local, allow: [`127.0.0.1:${server.port}`] });
    expect(named.status).toBe('ok');
    if (named.status === 'ok') await readAll(named.body);
    const other = await failure(fetchFeed(`${server.origin}/ok.json`, { ...local, allow: ['127.0.0.1:1'] }));
    expect(other.code).toBe('FEED_FETCH_BLOCKED_ADDRESS');
  });

  it('judges the resolved address of a host name, not the name (DNS rebinding)', async () => {
    const since = server.requests.length;
    const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];
    const url = `http://feeds.shop.test:${server.port}/ok.json`;
    const refused = await failure(fetchFeed(url, { ...local, allow: [], resolve: toLoopback }));
    expect(refused.code).toBe('FEED_FETCH_BLOCKED_ADDRESS');
    expect(refused.message).toContain('feeds.shop.test → 127.0.0.1');
    expect(server.requests.length).toBe(since);

    const allowed = await fetchFeed(url, { ...local, resolve: toLoopback });
    expect(allowed.status).toBe('ok');
    if (allowed.status === 'ok') expect((await readAll(allowed.body)).toString()).toBe(FEED);
  });

  it('refuses a name whose answer mixes an allowed and a forbidden address', async () => {
    const mixed = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '127.0.0.2', family: 4 },
    ];
    const error = await failure(
      fetchFeed(`http://feeds.shop.test:${server.port}/ok.json`, { ...local, resolve: mixed }),
    );
    expect(error.code).toBe('FEED_FETCH_BLOCKED_ADDRESS');
  });

  it('checks every redirect hop again', async () => {
    server.route('/to-other-loopback', (_req, res) =>
      res.writeHead(302, { location: `http://127.0.0.2:${server.port}/ok.json` }).end(),
    );
    server.route('/to-rebound-name', (_req, res) =>
      res.writeHead(302, { location: `http://cdn.shop.test:${server.port}/ok.json` }).end(),
    );
    const resolve = async () => [{ address: '127.0.0.3', family: 4 }];
    const since = server.requests.length;
    const literal = await failure(fetchFeed(`${server.origin}/to-other-loopback`, { ...local, resolve }));
    expect(literal.code).toBe('FEED_FETCH_BLOCKED_ADDRESS');
    const named = await failure(fetchFeed(`${server.origin}/to-rebound-name`, { ...local, resolve }));
    expect(named.code).toBe('FEED_FETCH_BLOCKED_ADDRESS');
    expect(hits('/ok.json', since)).toBe(0);
  });
});
