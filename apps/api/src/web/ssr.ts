import path from 'node:path';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { Readable } from 'node:stream';
import { INTERNAL_CLIENT_IP_HEADER } from '../lib/client-identity';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { cspNonce } from '../plugins/csp';
import { withoutTrailingSlash } from './trailing-slash';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

export interface WebOptions {
  /** apps/web/build — holds client/ (static assets) and server/index.js (the SSR bundle). */
  buildDir: string;
  mode: 'development' | 'production' | 'test';
}

export function webBuildExists(buildDir: string): boolean {
  return existsSync(path.join(buildDir, 'server', 'index.js'));
}

/**
 * Serves the React Router app from the same process as the API: hashed assets with
 * immutable caching, everything else rendered on the server. Loaders reach the API
 * in-process through `context.apiFetch`, which skips the network entirely.
 */
export async function registerWeb(app: FastifyInstance, opts: WebOptions) {
  const build = (await import(pathToFileURL(path.join(opts.buildDir, 'server', 'index.js')).href)) as ServerBuild;

  await app.register(fastifyStatic, {
    root: path.join(opts.buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  // Pages that do not name an icon (the API's own: unsubscribe, payment results) make browsers
  // ask for /favicon.ico; the site's icon is an SVG.
  app.get('/favicon.ico', { schema: { hide: true } }, (_req, reply) => reply.redirect('/favicon.svg', 301));
  await registerPages(app, build, opts.mode);
}

/** Every path the API and the static files leave: rendered by the web app's server build. */
export async function registerPages(app: FastifyInstance, build: ServerBuild, mode: WebOptions['mode']) {
  const handle = createRequestHandler(build, mode);
  const origin = new URL(app.config.publicUrl).origin;

  // Per page request: its API calls carry the shopper's address (lib/client-identity.ts). Once the
  // shopper's rate limit has refused one of them, the page's later calls get that refusal without
  // asking the API again.
  const pageApiFor = (shopperIp: string) => {
    let refusal: { body: Buffer; headers: Headers } | null = null;
    const apiFetch = async (pathAndQuery: string, init: RequestInit = {}): Promise<Response> => {
      if (refusal) return new Response(refusal.body, { status: 429, headers: refusal.headers });
      const headers = new Headers(init.headers);
      headers.set('x-internal-token', app.internalToken);
      headers.set(INTERNAL_CLIENT_IP_HEADER, shopperIp);
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: pathAndQuery,
        headers: Object.fromEntries(headers.entries()),
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const outHeaders = new Headers();
      for (const [key, value] of Object.entries(res.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) outHeaders.append(key, String(v));
      }
      if (res.statusCode === 429) refusal = { body: res.rawPayload, headers: outHeaders };
      const nullBody = res.statusCode === 204 || res.statusCode === 304;
      return new Response(nullBody ? null : res.rawPayload, { status: res.statusCode, headers: outHeaders });
    };
    return { apiFetch, refusal: () => refusal };
  };

  await app.register(async (web) => {
    // Leave request bodies untouched: React Router actions read them as a stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    web.all('/*', async (request, reply) => {
      const withoutSlash = withoutTrailingSlash(request.method, request.url);
      if (withoutSlash) return reply.redirect(withoutSlash, 301);
      // While the database is away the settings cannot be read: not in maintenance, and the
      // page's loaders answer the site's 503 page (ADR 020) rather than this lookup a JSON error.
      const maintenance = await app.maintenance().catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) return { active: false, message: '', endsAt: null };
        throw err;
      });
      const api = pageApiFor(request.ip);
      const render = (rateLimited: boolean) =>
        handle(toWebRequest(request, origin), {
          apiFetch: api.apiFetch,
          // The page's inline scripts carry the nonce of this response's Content-Security-Policy.
          cspNonce: cspNonce(reply),
          maintenance,
          rateLimited,
        });
      let response = await render(false);
      const refusal = api.refusal();
      if (refusal) {
        // The shopper's rate limit refused one of the page's calls, and the loaders took it for a
        // failure of their part (a 500, or a page with a hole). The page is refused as a whole
        // instead: rendered again, its root loader answers 429 with the Turkish message (ADR 001).
        await response.body?.cancel();
        response = await render(true);
        const retryAfter = refusal.headers.get('retry-after');
        if (retryAfter) reply.header('retry-after', retryAfter);
      }
      return sendWebResponse(reply, response);
    });
  });
}

/**
 * The page's request as React Router reads it. Its URL is the configured public origin
 * (PUBLIC_URL) with the request's path: canonical links, og:url, JSON-LD, the sitemap and
 * robots.txt build absolute URLs from it, and the Host a client sends must not choose them.
 */
function toWebRequest(request: FastifyRequest, origin: string): Request {
  // Appended, not resolved: a path of `//host/…` must stay a path of this site.
  const url = new URL(`${origin}${request.url.startsWith('/') ? request.url : '/'}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  request.raw.on('aborted', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url.href, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}
