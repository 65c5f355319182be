/**
 * `npm run feed:import -- <storeSlug> <file|url> [--mode full|partial] [--force] [--format json|csv|xml]`
 *
 * Imports a store feed from a file or an http(s) URL and prints the import report. On the
 * embedded database while the server runs, the feed goes through the server (see
 * local-import-server.ts); otherwise the CLI writes to the database itself, and the running API
 * instances learn of the new prices through the database's change notifications (ADR 010).
 * Exit code: 0 imported, 2 refused (nothing changed), 3 held (applied, nothing deactivated),
 * 1 anything else. docs/feeds.md has the details.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { parseArgs } from 'node:util';
import { FEED_FORMATS, FEED_MODES, type FeedFormat, type FeedMode } from '@kiyasla/contracts/feeds';
import { describeTarget, openCliDatabase, runCli, type CliEnv } from '../../../db/cli-env';
import { runMigrations } from '../../../db/migrate';
import { fetchFeed } from '../fetch/fetch-feed';
import type { ImportFeedResult } from '../import/types';
import { CliImportError, importForStore } from './import-for-store';
import { localImportSocketPath, serverListening, type LocalImportMessage } from './local-import-server';
import { ProgressBar } from './progress';
import { exitCodeOf, reportLines } from './report-text';

const USAGE =
  'Kullanım: npm run feed:import -- <mağaza-slug> <dosya|url> [--mode full|partial] [--force] [--format json|csv|xml]';

interface Source {
  body: NodeJS.ReadableStream;
  contentType?: string;
  gzip?: boolean;
  format?: FeedFormat;
  size?: number;
}

function formatOfPath(file: string): FeedFormat | undefined {
  const ext = /\.(json|csv|xml)(?:\.gz)?$/i.exec(file)?.[1]?.toLowerCase();
  return FEED_FORMATS.find((f) => f === ext);
}

async function openSource(target: string, env: CliEnv): Promise<Source> {
  if (/^https?:\/\//i.test(target)) {
    const fetched = await fetchFeed(target, {
      timeoutMs: env.feeds.fetchTimeoutMs,
      maxBytes: env.feeds.maxBytes,
      allow: env.feeds.fetchAllow,
    });
    if (fetched.status !== 'ok') throw new Error('Sunucu akış yerine 304 (değişmedi) döndü.');
    return {
      body: Readable.from(fetched.body),
      contentType: fetched.contentType ?? undefined,
      gzip: fetched.gzip || undefined,
    };
  }
  // npm runs the workspace script in apps/api; a relative path means where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  if (!existsSync(file)) throw new Error(`Dosya bulunamadı: ${file}`);
  return { body: createReadStream(file), format: formatOfPath(file), size: statSync(file).size };
}

/** Counts bytes for the progress bar as they pass. */
function counting(body: NodeJS.ReadableStream, progress: ProgressBar): NodeJS.ReadableStream {
  return body.pipe(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        progress.read(chunk.length);
        done(null, chunk);
      },
    }),
  );
}

async function throughServer(
  socketPath: string,
  query: URLSearchParams,
  source: Source,
  body: NodeJS.ReadableStream,
  progress: ProgressBar,
): Promise<{ storeName: string; result: ImportFeedResult }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        path: `/import?${query}`,
        method: 'POST',
        headers: {
          ...(source.contentType ? { 'content-type': source.contentType } : {}),
          ...(source.gzip ? { 'content-encoding': 'gzip' } : {}),
        },
      },
      (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let nl: number;
          while ((nl = buffer.indexOf('\n')) >= 0) {
            const message = JSON.parse(buffer.slice(0, nl)) as LocalImportMessage;
            buffer = buffer.slice(nl + 1);
            if ('progress' in message) progress.update(message.progress);
            else if ('result' in message) resolve(message.result);
            else reject(new CliImportError(message.error.code as never, message.error.message));
          }
        });
        res.on('end', () => reject(new Error('Sunucu içe aktarımı bitirmeden bağlantıyı kapattı.')));
      },
    );
    req.on('error', reject);
    body.pipe(req);
  });
}

await runCli('Akış içe aktarılamadı', async (env) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      mode: { type: 'string' },
      format: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const [storeSlug, target] = positionals;
  const mode = FEED_MODES.find((m) => m === values.mode);
  const format = FEED_FORMATS.find((f) => f === values.format);
  if (!storeSlug || !target || positionals.length > 2 || (values.mode && !mode) || (values.format && !format)) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }

  const source = await openSource(target, env);
  const progress = new ProgressBar(process.stderr, source.size);
  const body = counting(source.body, progress);
  const socketPath = localImportSocketPath(env.dataDir);
  let outcome: { storeName: string; result: ImportFeedResult };
  try {
    if (!env.databaseUrl && (await serverListening(socketPath))) {
      console.error('Sunucu çalışıyor: akış sunucu üzerinden içe aktarılıyor.');
      const query = new URLSearchParams({ store: storeSlug });
      if (mode) query.set('mode', mode);
      if (format ?? source.format) query.set('format', (format ?? source.format)!);
      if (values.force) query.set('force', 'true');
      outcome = await throughServer(socketPath, query, source, body, progress);
    } else {
      console.error(`Veritabanı: ${describeTarget(env)}`);
      const handle = await openCliDatabase(env);
      try {
        await runMigrations(handle);
        outcome = await importForStore(handle.db, {
          storeSlug,
          body,
          contentType: source.contentType,
          gzip: source.gzip,
          format: format ?? source.format,
          mode: mode as FeedMode | undefined,
          force: values.force,
          maxBytes: env.feeds.maxBytes,
          onProgress: (p) => progress.update(p),
        });
      } finally {
        await handle.close();
      }
    }
  } finally {
    progress.done();
  }
  for (const line of reportLines(outcome.storeName, outcome.result)) console.log(line);
  process.exitCode = exitCodeOf(outcome.result);
});
