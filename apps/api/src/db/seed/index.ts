import { sql } from 'drizzle-orm';
import type { DbHandle } from '../client';
import { ensureAdminAccount } from './admin-bootstrap';
import { catalogIsEmpty, seedCatalog } from './seed-catalog';
import { seedDemoUsers } from './seed-demo-users';
import { ensureDefaultSettings } from './seed-settings';

export interface SeedOptions {
  /** Create the demo accounts (admin@kiyasla.test, ...) and their activity. */
  demo: boolean;
  adminEmail?: string;
  adminPassword?: string;
  log?: (msg: string) => void;
}

export interface SeedResult {
  catalogSeeded: boolean;
  demoUsersSeeded: boolean;
}

/** Any constant shared by all API instances; serialises concurrent first starts. */
const SEED_LOCK_KEY = 7_241_902;

/**
 * Safe to run on every start. In one transaction, under an advisory lock:
 * default settings (missing groups/keys only), the demo catalog when the categories table is
 * empty, the demo accounts that do not exist yet (when `demo`), and the ADMIN_EMAIL account.
 * A crash midway rolls everything back, so "categories empty" reliably means "never seeded".
 */
export async function seedDatabase(handle: DbHandle, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => undefined);
  const startedAt = Date.now();
  const now = new Date();

  const result = await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);

    const settingsTouched = await ensureDefaultSettings(tx);
    if (settingsTouched.length > 0) log(`Varsayılan ayarlar yazıldı: ${settingsTouched.join(', ')}`);

    let catalogSeeded = false;
    if (await catalogIsEmpty(tx)) {
      const counts = await seedCatalog(tx, now);
      catalogSeeded = true;
      log(
        `Katalog yüklendi: ${counts.categories} kategori, ${counts.stores} mağaza, ${counts.products} ürün, ` +
          `${counts.offers} teklif, ${counts.priceHistory} fiyat değişimi, ${counts.reviews} yorum`,
      );
    }

    let demoUsersSeeded = false;
    if (opts.demo) {
      const created = await seedDemoUsers(tx, now);
      demoUsersSeeded = created.length > 0;
      if (demoUsersSeeded) log(`Demo hesapları oluşturuldu: ${created.join(', ')}`);
    }

    if (opts.adminEmail) await ensureAdminAccount(tx, opts.adminEmail, opts.adminPassword, log);
    return { catalogSeeded, demoUsersSeeded };
  });

  log(`Tohumlama tamamlandı (${Date.now() - startedAt} ms).`);
  return result;
}
