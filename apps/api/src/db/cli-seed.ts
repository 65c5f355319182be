import { describeTarget, openCliDatabase, runCli } from './cli-env';
import { runMigrations } from './migrate';
import { seedDatabase } from './seed';

/**
 * `npm run db:seed`: migrates (seeding needs the tables; migrating twice is a no-op), then seeds
 * idempotently — catalog on an empty database, demo accounts when SEED_DEMO, ADMIN_EMAIL account.
 */
await runCli('Tohumlama başarısız', async (env) => {
  console.log(`Veritabanı: ${describeTarget(env)}`);
  const handle = await openCliDatabase(env);
  try {
    await runMigrations(handle);
    const result = await seedDatabase(handle, {
      demo: env.seedDemo,
      ...(env.adminEmail && env.adminPassword ? { adminEmail: env.adminEmail, adminPassword: env.adminPassword } : {}),
      log: (msg) => console.log(msg),
    });
    if (!result.catalogSeeded && !result.demoUsersSeeded)
      console.log('Veritabanı zaten tohumlanmış; yeni kayıt eklenmedi.');
  } finally {
    await handle.close();
  }
});
