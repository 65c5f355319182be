import { describeTarget, openCliDatabase, runCli } from './cli-env';
import { runMigrations } from './migrate';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite data dir. */
await runCli('Migration başarısız', async (env) => {
  console.log(`Veritabanı: ${describeTarget(env)}`);
  const handle = await openCliDatabase(env);
  try {
    const startedAt = Date.now();
    await runMigrations(handle);
    console.log(`Migration'lar uygulandı (${Date.now() - startedAt} ms).`);
  } finally {
    await handle.close();
  }
});
