import cluster from 'node:cluster';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { buildApp } from './app';
import { runClusterPrimary } from './cluster-primary';
import { prewarmListingIndexInBackground } from './modules/products/listing-index.plugin';
import { prewarmWordIndexInBackground } from './modules/search/word-index.plugin';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { pgliteDataDir } from './db/paths';
import { seedDatabase } from './db/seed';
import { repoRoot } from './lib/paths';
import { registerWeb, webBuildExists } from './web/ssr';

/**
 * Lets the requests in flight finish before `app.close()` (ADR 020): no new connections, every
 * answer from now on closes its connection, idle keep-alive sockets are closed as they become
 * idle. Done here rather than by Fastify's close because server-rendered pages call the API
 * in-process (`inject`), which Fastify refuses once its close has begun: a page in flight would
 * end as the error page. Resolves when the last connection is gone or after `boundMs`.
 */
function drainHttp(server: Server, boundMs: number): Promise<void> {
  return new Promise((resolve) => {
    // Before Fastify's own listener, so the header is set before any answer is written.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('connection', 'close');
    });
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const done = () => {
      clearInterval(idle);
      clearTimeout(bound);
      resolve();
    };
    const bound = setTimeout(done, boundMs);
    server.close(() => done());
    server.closeIdleConnections();
  });
}

/** Migrations and the seed, once per start: by the single process, or by the primary before it forks. */
async function prepareDatabase(config: AppConfig, db: Awaited<ReturnType<typeof openDatabase>>) {
  await runMigrations(db);
  return seedDatabase(db, {
    demo: config.seedDemo,
    ...(config.adminEmail && config.adminPassword
      ? { adminEmail: config.adminEmail, adminPassword: config.adminPassword }
      : {}),
    log: (msg) => console.log(`[seed] ${msg}`),
  });
}

function runningLine(config: AppConfig, catalogSeeded: boolean, processes = 1): string {
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  return (
    `Kıyasla is running on http://localhost:${config.port} — database: ${where}` +
    (processes > 1 ? ` — ${processes} processes` : '') +
    (catalogSeeded ? ' — demo catalog seeded' : '')
  );
}

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    // The primary migrates and seeds, then forks the workers that serve (ADR 001).
    const db = await openDatabase({ databaseUrl: config.databaseUrl!, poolSize: 2 });
    const seeded = await prepareDatabase(config, db);
    await db.close();
    runClusterPrimary({
      workers: config.workers,
      onListening: () => console.log(runningLine(config, seeded.catalogSeeded, config.workers)),
      log: (line) => console.log(`[cluster] ${line}`),
    });
    return;
  }
  const db = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDataDir(config.dataDir) },
  );
  // A worker's primary has migrated and seeded already.
  const seeded = cluster.isWorker ? { catalogSeeded: false } : await prepareDatabase(config, db);
  const app = await buildApp({ config, db });

  const webBuild = path.join(repoRoot(), 'apps', 'web', 'build');
  if (webBuildExists(webBuild)) {
    await registerWeb(app, { buildDir: webBuild, mode: config.env });
  } else {
    app.log.warn('web build not found at %s: serving the API only (run `npm run build`)', webBuild);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await drainHttp(app.server, 7_000);
      await app.close();
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  prewarmListingIndexInBackground(app, (line) => console.log(line));
  prewarmWordIndexInBackground(app, (line) => console.log(line));
  if (cluster.isPrimary) console.log(runningLine(config, seeded.catalogSeeded));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Kıyasla failed to start:', err);
  }
  process.exit(1);
});
