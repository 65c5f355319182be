import { describeTarget, openCliDatabase, readCliEnv } from './cli-env';
import { runMigrations } from './migrate';
import { seedDatabase } from './seed';

/**
 * `npm run db:seed`: migrates (seeding needs the tables; migrating twice is a no-op), then seeds
 * idempotently — catalog on an empty database, demo accounts when SEED_DEMO, ADMIN_EMAIL account.
 */
async function main(): Promise<void> {
  const env = readCliEnv();
  console.log(`Veritabanı: ${describeTarget(env)}`);
  const handle = await openCliDatabase(env);
  try {
    await runMigrations(handle);
    const result = await seedDatabase(handle, {
      demo: env.seedDemo,
      ...(env.adminEmail ? { adminEmail: env.adminEmail } : {}),
      ...(env.adminPassword ? { adminPassword: env.adminPassword } : {}),
      log: (msg) => console.log(msg),
    });
    if (!result.catalogSeeded && !result.demoUsersSeeded)
      console.log('Veritabanı zaten tohumlanmış; yeni kayıt eklenmedi.');
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error('Tohumlama başarısız:', error instanceof Error ? error.message : error);
  process.exit(1);
});
