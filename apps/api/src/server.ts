import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { pgliteDataDir } from './db/paths';
import { seedDatabase } from './db/seed';
import { repoRoot } from './lib/paths';
import { registerWeb, webBuildExists } from './web/ssr';

async function main() {
  const config = loadConfig();
  const db = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: pgliteDataDir(config.dataDir) },
  );
  await runMigrations(db);
  const seeded = await seedDatabase(db, {
    demo: config.seedDemo,
    ...(config.adminEmail && config.adminPassword
      ? { adminEmail: config.adminEmail, adminPassword: config.adminPassword }
      : {}),
    log: (msg) => console.log(`[seed] ${msg}`),
  });
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
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  console.log(
    `Kıyasla is running on http://localhost:${config.port} — database: ${where}` +
      (seeded.catalogSeeded ? ' — demo catalog seeded' : ''),
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Kıyasla failed to start:', err);
  }
  process.exit(1);
});
