import { describeTarget, openCliDatabase, readCliEnv } from './cli-env';
import { runMigrations } from './migrate';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite data dir. */
async function main(): Promise<void> {
  const env = readCliEnv();
  console.log(`Veritabanı: ${describeTarget(env)}`);
  const handle = await openCliDatabase(env);
  try {
    const startedAt = Date.now();
    await runMigrations(handle);
    console.log(`Migration'lar uygulandı (${Date.now() - startedAt} ms).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error('Migration başarısız:', error instanceof Error ? error.message : error);
  process.exit(1);
});
