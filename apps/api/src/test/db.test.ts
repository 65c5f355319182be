import { readFileSync } from 'node:fs';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { defaultMigrationsFolder } from '../db/migrate';
import { refreshProductPriceAggregates } from '../db/product-price-aggregates';
import { productPrices, storeOffers, systemSettings, users } from '../db/schema/index';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts';
import { seedDatabase } from '../db/seed';
import { createTestDatabase } from './db';
import { TOP_LEVEL_CATEGORY_SLUGS as TOP_LEVEL_SLUGS } from './catalog';

const COUNTED_TABLES = [
  'users',
  'categories',
  'stores',
  'products',
  'store_offers',
  'price_history',
  'reviews',
  'favorites',
  'price_alerts',
  'notifications',
  'saved_comparisons',
  'payments',
  'system_settings',
];

async function rows<T extends Record<string, unknown>>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await handle.db.execute<T>(query)).rows as T[];
}

async function tableCounts(handle: DbHandle): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const [row] = await rows<{ n: number }>(handle, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

describe('seeded test database', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('has every migration applied and the search extensions installed', async () => {
    const journal = JSON.parse(readFileSync(path.join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const [applied] = await rows<{ n: number }>(
      handle,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied?.n).toBe(journal.entries.length);
    const extensions = await rows<{ extname: string }>(handle, sql`select extname from pg_extension`);
    expect(extensions.map((e) => e.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
  });

  it('has the eleven top-level categories of the specification, in order', async () => {
    const top = await rows<{ slug: string; name: string }>(
      handle,
      sql`select slug, name from categories where parent_id is null order by sort_order`,
    );
    expect(top.map((c) => c.slug)).toEqual(TOP_LEVEL_SLUGS);
    expect(top.find((c) => c.slug === 'beyaz-esya')?.name).toBe('Beyaz Eşya');
    const phoneSubs = await rows<{ slug: string }>(
      handle,
      sql`
      select c.slug from categories c join categories p on p.id = c.parent_id where p.slug = 'telefon' order by c.sort_order`,
    );
    expect(phoneSubs.map((c) => c.slug)).toEqual(['premium', 'orta-segment', 'ekonomik', 'gaming']);
  });

  it('has at least 400 products, each sold by 2 to 8 stores', async () => {
    const [stats] = await rows<{ products: number; min_offers: number; max_offers: number }>(
      handle,
      sql`
      select count(*)::int as products, min(n)::int as min_offers, max(n)::int as max_offers
        from (select p.id, count(o.id) as n from products p left join store_offers o on o.product_id = p.id group by p.id) t`,
    );
    expect(stats?.products).toBeGreaterThanOrEqual(400);
    expect(stats?.min_offers).toBeGreaterThanOrEqual(2);
    expect(stats?.max_offers).toBeLessThanOrEqual(8);
  });

  it('keeps the denormalised price columns equal to the active offers', async () => {
    const mismatches = await rows<{ id: string }>(
      handle,
      sql`
      select p.product_id as id from product_prices p
        join (select product_id, min(price) as lo, max(price) as hi, count(*)::int as n
                from store_offers where is_active group by product_id) a on a.product_id = p.product_id
       where p.min_price <> a.lo or p.max_price <> a.hi or p.offer_count <> a.n`,
    );
    expect(mismatches).toEqual([]);
    const [changes] = await rows<{ drops: number; rises: number }>(
      handle,
      sql`
      select count(*) filter (where prev_min_price > min_price)::int as drops,
             count(*) filter (where prev_min_price < min_price)::int as rises from product_prices`,
    );
    expect(changes?.drops).toBeGreaterThan(50);
    expect(changes?.rises).toBeGreaterThan(50);
  });

  it('has six months of price history ending at each offer’s current price', async () => {
    const [span] = await rows<{ days: number }>(
      handle,
      sql`
      select extract(epoch from (now() - min(recorded_at))) / 86400 as days from price_history`,
    );
    expect(Number(span?.days)).toBeGreaterThanOrEqual(150);
    const notEndingAtPrice = await rows<{ id: string }>(
      handle,
      sql`
      select o.id from store_offers o
        join lateral (select price from price_history h where h.offer_id = o.id order by recorded_at desc limit 1) last on true
       where last.price <> o.price`,
    );
    expect(notEndingAtPrice).toEqual([]);
  });

  it('stores ratings equal to the approved reviews', async () => {
    const mismatches = await rows<{ id: string }>(
      handle,
      sql`
      select p.id from products p
        left join (select product_id, count(*)::int as n, avg(rating) as avg from reviews where is_approved group by product_id) r
          on r.product_id = p.id
       where p.ratings_count <> coalesce(r.n, 0) or abs(p.average_rating - coalesce(r.avg, 0)) > 0.006`,
    );
    expect(mismatches).toEqual([]);
  });

  it('finds Turkish product names from ASCII queries through search_text', async () => {
    const found = await rows<{ name: string }>(
      handle,
      sql`select name from products where search_text like '%kulaklik%'`,
    );
    expect(found.length).toBeGreaterThan(20);
    expect(found.some((p) => p.name.includes('Kulaklık'))).toBe(true);
    const fridges = await rows<{ n: number }>(
      handle,
      sql`select count(*)::int as n from products where search_text like '%buzdolabi%'`,
    );
    expect(fridges[0]?.n).toBeGreaterThan(5);
  });

  it('maintains the full-text vector and the typo dictionary for search', async () => {
    const [hits] = await rows<{ n: number }>(
      handle,
      sql`select count(*)::int as n from products where search_vector @@ to_tsquery('simple', 'kulaklik:*')`,
    );
    expect(hits?.n).toBeGreaterThan(20);
    const stemmed = await rows<{ n: number }>(
      handle,
      sql`select count(*)::int as n from products where search_vector @@ websearch_to_tsquery('turkish', 'telefonlar')`,
    );
    expect(stemmed[0]?.n).toBeGreaterThan(0);
    const terms = await rows<{ term: string }>(
      handle,
      sql`select term from search_terms where term % 'samsnug' order by similarity(term, 'samsnug') desc limit 1`,
    );
    expect(terms[0]?.term).toBe('samsung');
  });

  it('creates the demo accounts with verifiable argon2id hashes', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [user] = await handle.db.select().from(users).where(eq(users.email, account.email));
      expect(user?.role).toBe(account.role);
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(user?.passwordHash ?? '', account.password)).toBe(true);
      expect(await verify(user?.passwordHash ?? '', `${account.password}x`)).toBe(false);
    }
    const [premium] = await handle.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.premium.email));
    expect(premium?.subscriptionPlan).toBe('yearly-premium');
    expect(premium?.subscriptionPrice).toBe(33_750);
    expect(premium?.subscriptionEnd?.getTime()).toBeGreaterThan(Date.now() + 250 * 86_400_000);
  });

  it('writes a default row for every settings group', async () => {
    const groups = (await handle.db.select({ group: systemSettings.group }).from(systemSettings))
      .map((g) => g.group)
      .sort();
    expect(groups).toEqual(['api', 'email', 'features', 'general', 'maintenance', 'payment', 'security']);
  });
});

describe('seeding an existing database', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('adds no rows when run again', async () => {
    const before = await tableCounts(handle);
    const result = await seedDatabase(handle, { demo: true });
    expect(result).toEqual({ catalogSeeded: false, demoUsersSeeded: false });
    expect(await tableCounts(handle)).toEqual(before);
  });

  it('creates the ADMIN_EMAIL account as an admin when it is missing', async () => {
    await seedDatabase(handle, { demo: false, adminEmail: ' Ops@Kiyasla.Test ', adminPassword: 'Operasyon123!' });
    const [admin] = await handle.db.select().from(users).where(eq(users.email, 'ops@kiyasla.test'));
    expect(admin?.role).toBe('admin');
    expect(await verify(admin?.passwordHash ?? '', 'Operasyon123!')).toBe(true);
  });

  it('promotes an existing account to admin without changing its password', async () => {
    await seedDatabase(handle, { demo: false, adminEmail: DEMO_ACCOUNTS.user.email, adminPassword: 'BaşkaŞifre1!' });
    const [user] = await handle.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.user.email));
    expect(user?.role).toBe('admin');
    expect(await verify(user?.passwordHash ?? '', DEMO_ACCOUNTS.user.password)).toBe(true);
  });

  it('restores missing settings keys without overwriting operator changes', async () => {
    await handle.db
      .update(systemSettings)
      .set({ value: { siteName: 'Benim Sitem' } })
      .where(eq(systemSettings.group, 'general'));
    await seedDatabase(handle, { demo: false });
    const [general] = await handle.db.select().from(systemSettings).where(eq(systemSettings.group, 'general'));
    expect(general?.value).toMatchObject({ siteName: 'Benim Sitem', language: 'tr', currency: 'TRY' });
  });

  it('refreshes a product’s price columns after an offer changes', async () => {
    const [product] = await handle.db
      .select({ id: productPrices.productId, minPrice: productPrices.minPrice })
      .from(productPrices)
      .where(eq(productPrices.isActive, true))
      .limit(1);
    if (!product?.minPrice) throw new Error('seeded product without price');
    const [cheapest] = await handle.db
      .select()
      .from(storeOffers)
      .where(
        and(
          eq(storeOffers.productId, product.id),
          eq(storeOffers.isActive, true),
          eq(storeOffers.price, product.minPrice),
        ),
      );
    if (!cheapest) throw new Error('no cheapest offer');

    const lowered = product.minPrice - 5_000;
    await handle.db.update(storeOffers).set({ price: lowered }).where(eq(storeOffers.id, cheapest.id));
    await refreshProductPriceAggregates(handle.db, [product.id]);

    const [after] = await handle.db.select().from(productPrices).where(eq(productPrices.productId, product.id));
    expect(after?.minPrice).toBe(lowered);
    expect(after?.prevMinPrice).toBe(product.minPrice);

    await refreshProductPriceAggregates(handle.db, [product.id]);
    const [again] = await handle.db.select().from(productPrices).where(eq(productPrices.productId, product.id));
    expect(again?.prevMinPrice).toBe(product.minPrice);
  });
});
