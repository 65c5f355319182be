import path from 'node:path';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { Readable } from 'node:stream';
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
  const handle = createRequestHandler(build, opts.mode);

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

  const apiFetch = async (pathAndQuery: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('x-internal-token', app.internalToken);
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
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : res.rawPayload, { status: res.statusCode, headers: outHeaders });
  };

  await app.register(async (web) => {
    // Leave request bodies untouched: React Router actions read them as a stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    web.all('/*', async (request, reply) => {
      const response = await handle(toWebRequest(request), { apiFetch });
      return sendWebResponse(reply, response);
    });
  });
}

function toWebRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
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
