import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { FEED_FORMATS, FEED_MODES, type FeedFormat, type FeedMode } from '@kiyasla/contracts/feeds';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { CliImportError, importForStore } from './import-for-store';

/**
 * The embedded database (PGlite) lives in one process: while the server runs, `npm run
 * feed:import` must not open its data directory too. The server therefore listens on a Unix
 * socket inside the data directory — whoever may open the database files may use it, nobody
 * else can reach it — and the CLI hands its feed to the running server through it. The answer
 * is newline-delimited JSON: progress lines, then the result (or an error).
 */
export function localImportSocketPath(dataDir: string): string {
  return path.join(dataDir, 'feed-import.sock');
}

export type LocalImportMessage =
  | { progress: { phase: 'read' | 'apply'; done: number; total?: number } }
  | { result: Awaited<ReturnType<typeof importForStore>> }
  | { error: { code: string; message: string } };

/** True when a server answers on the socket (a file left by a dead server does not). */
export function serverListening(socketPath: string): Promise<boolean> {
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = http.request({ socketPath, path: '/', method: 'GET' }, (res) => {
      res.resume();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
    probe.end();
  });
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

export async function startLocalImportServer(db: Database, socketPath: string, maxBytes: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method !== 'POST' || url.pathname !== '/import') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const send = (message: LocalImportMessage) => res.write(`${JSON.stringify(message)}\n`);
    importForStore(db, {
      storeSlug: url.searchParams.get('store') ?? '',
      body: req,
      contentType: req.headers['content-type'],
      gzip: /\bgzip\b/i.test(String(req.headers['content-encoding'] ?? '')) || undefined,
      format: oneOf<FeedFormat>(FEED_FORMATS, url.searchParams.get('format')),
      mode: oneOf<FeedMode>(FEED_MODES, url.searchParams.get('mode')),
      force: url.searchParams.get('force') === 'true',
      maxBytes,
      onProgress: (progress) => send({ progress }),
    })
      .then((result) => send({ result }))
      .catch((error: unknown) =>
        send({
          error:
            error instanceof CliImportError
              ? { code: error.code, message: error.message }
              : { code: 'FEED_IMPORT_FAILED', message: error instanceof Error ? error.message : String(error) },
        }),
      )
      .finally(() => {
        req.resume();
        res.end();
      });
  });
  // A socket file left by a server that died is in the way; a live server's is not ours to take.
  if (existsSync(socketPath)) {
    if (await serverListening(socketPath))
      throw new Error(`Başka bir sunucu bu veri klasörünü kullanıyor (${socketPath}).`);
    rmSync(socketPath, { force: true });
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return server;
}

/** Starts the socket with the server on the embedded database (not in tests, which only inject). */
export function registerLocalImportSocket(app: FastifyInstance, dataDir: string | undefined): void {
  if (app.dbHandle.kind !== 'pglite' || !dataDir) return;
  const socketPath = localImportSocketPath(dataDir);
  let server: http.Server | undefined;
  app.addHook('onListen', async () => {
    server = await startLocalImportServer(app.dbHandle.db, socketPath, app.config.feeds.maxBytes);
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    rmSync(socketPath, { force: true });
  });
}
