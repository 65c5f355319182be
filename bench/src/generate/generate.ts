import pg from 'pg';
import { openDatabase } from '../../../apps/api/src/db/client';
import { runMigrations } from '../../../apps/api/src/db/migrate';
import { recomputeCountingStores } from '../../../apps/api/src/db/product-price-aggregates';
import { seedDatabase } from '../../../apps/api/src/db/seed/index';
import { hashPassword } from '../../../apps/api/src/db/seed/password';
import { COLORS, EDITIONS, FIRST_NAMES, generatedStores, LAST_NAMES } from './vocabulary';

/**
 * The synthetic catalog of the benchmark, written straight into PostgreSQL.
 *
 * The demo seed (572 real-world products with rich specifications) is the template: product
 * n of the generated catalog is template `n mod 572` in a colour, an edition and a model code
 * of its own, priced around the template's price. Everything is computed by the database
 * (`INSERT … SELECT generate_series`), from a hash of the row number, so two runs of the same
 * size produce the same rows and the same query plans, and nothing crosses the wire but SQL.
 *
 * Bulk-load discipline: secondary indexes are dropped first and rebuilt after the load (two
 * at a time, one per core), foreign-key triggers are skipped with session_replication_role =
 * replica when the role may (the rows are consistent by construction), then VACUUM ANALYZE.
 */

/** Bump when the generated data changes shape: a stored catalog of another version is rebuilt. */
const GENERATOR_VERSION = '2';

export interface CatalogSize {
  products: number;
  users: number;
  favoritesPerUser: number;
  alerts: number;
  stores: number;
  offersPerProduct: number;
  historyDays: number;
}

export function catalogSize(products: number): CatalogSize {
  return {
    products,
    users: Math.max(1_000, Math.round(products / 10)),
    favoritesPerUser: 5,
    alerts: Math.max(500, Math.round(products / 20)),
    stores: 50,
    offersPerProduct: 5,
    historyDays: 90,
  };
}

export interface GenerateResult {
  reused: boolean;
  seconds: number;
  steps: { step: string; seconds: number }[];
  counts: Record<string, number>;
}

/** The password of every generated user (bench<i>@kiyasla.test). */
export const BENCH_PASSWORD = 'Bench1234!';

const TABLES_WITH_BULK_INDEXES = [
  'products',
  'product_prices',
  'store_offers',
  'price_history',
  'favorites',
  'price_alerts',
  'users',
];

export async function ensureCatalog(
  databaseUrl: string,
  size: CatalogSize,
  opts: { regenerate: boolean; log: (msg: string) => void },
): Promise<GenerateResult> {
  const started = Date.now();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const steps: GenerateResult['steps'] = [];
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    opts.log(`  ${name}…`);
    const value = await fn();
    steps.push({ step: name, seconds: (Date.now() - t0) / 1000 });
    return value;
  };
  try {
    const stored = await storedMeta(pool);
    const wanted = metaFor(size);
    if (stored && !opts.regenerate && sameMeta(stored, wanted)) {
      opts.log(`Katalog zaten hazır (${size.products.toLocaleString('tr-TR')} ürün): yeniden kullanılıyor.`);
      // The report still says how long the generation took, from the run that made it.
      const earlier = stored.steps ? (JSON.parse(stored.steps) as GenerateResult['steps']) : [];
      return {
        reused: true,
        seconds: Number(stored.seconds ?? 0),
        steps: earlier,
        counts: await counts(pool),
      };
    }
    if (!stored && (await hasTables(pool))) {
      throw new Error(
        'DATABASE_URL boş olmayan ve benchmark tarafından oluşturulmamış bir veritabanını gösteriyor. ' +
          'Benchmark veritabanını silip yeniden kurar: boş bir veritabanı verin.',
      );
    }
    if (stored) await step('eski benchmark verisini silme', () => resetDatabase(pool));

    await step('migration + demo katalog (şablon)', async () => {
      const handle = await openDatabase({ databaseUrl, poolSize: 2 });
      try {
        await runMigrations(handle);
        await seedDatabase(handle, { demo: true });
      } finally {
        await handle.close();
      }
    });
    const superuser = await isSuperuser(pool);
    await step('yardımcı fonksiyonlar ve şablon tablosu', () => prepare(pool, size));
    const indexes = await step('ikincil indeksleri kaldırma', () => dropSecondaryIndexes(pool));
    const template = await templateInfo(pool);
    const generated = size.products - template.count;
    if (generated < 0) throw new Error(`--products en az ${template.count} olmalı`);
    const anchor = new Date().toISOString();

    await step(`${generated.toLocaleString('tr-TR')} ürün`, () =>
      inHalves(pool, superuser, generated, (lo, hi) => insertProducts(lo, hi, template.count, anchor)),
    );
    await step(`${(generated * size.offersPerProduct).toLocaleString('tr-TR')} teklif`, () =>
      inHalves(pool, superuser, generated, (lo, hi) => insertOffers(lo, hi, template.count, size, anchor)),
    );
    await step('90 günlük fiyat geçmişi', () =>
      inHalves(pool, superuser, generated, (lo, hi) => insertHistory(lo, hi, template.count, size, anchor)),
    );
    // The products' counting stores (product_prices.store_ids), from the offers just written.
    await step('ürünlerin mağaza listeleri', async () => {
      const handle = await openDatabase({ databaseUrl, poolSize: 1 });
      try {
        await recomputeCountingStores(handle.db);
      } finally {
        await handle.close();
      }
    });
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    await step(`${size.users.toLocaleString('tr-TR')} kullanıcı, favoriler, alarmlar`, () =>
      withClient(pool, superuser, (c) => insertUsers(c, size, generated, passwordHash, anchor)),
    );
    await step(`${indexes.length} indeksi yeniden oluşturma`, () => recreateIndexes(pool, indexes));
    await step('search_terms, search_lexemes + VACUUM ANALYZE', async () => {
      await pool.query('refresh materialized view search_terms');
      // The products' insert trigger that lists their words did not fire under
      // session_replication_role = replica: the words are listed here, once (migration 0026).
      await pool.query(`insert into search_lexemes (term)
        select distinct unnest(tsvector_to_array(search_vector)) from products on conflict do nothing`);
      await pool.query(
        `vacuum (analyze) ${TABLES_WITH_BULK_INDEXES.join(', ')}, categories, stores, search_terms, search_lexemes`,
      );
    });
    await step('örnek id tablosu', () => sampleTables(pool));
    const seconds = (Date.now() - started) / 1000;
    await pool.query(`insert into bench.meta (key, value) select key, value from jsonb_each_text($1::jsonb)`, [
      JSON.stringify({
        ...wanted,
        generated_at: anchor,
        superuser_load: String(superuser),
        seconds: String(seconds),
        steps: JSON.stringify(steps),
      }),
    ]);
    return { reused: false, seconds, steps, counts: await counts(pool) };
  } finally {
    await pool.end();
  }
}

function metaFor(size: CatalogSize): Record<string, string> {
  return Object.fromEntries([['version', GENERATOR_VERSION], ...Object.entries(size).map(([k, v]) => [k, String(v)])]);
}

function sameMeta(stored: Record<string, string>, wanted: Record<string, string>): boolean {
  return Object.entries(wanted).every(([k, v]) => stored[k] === v);
}

async function storedMeta(pool: pg.Pool): Promise<Record<string, string> | null> {
  const exists = await pool.query(`select to_regclass('bench.meta') is not null as present`);
  if (!exists.rows[0]?.present) return null;
  const rows = await pool.query<{ key: string; value: string }>('select key, value from bench.meta');
  if (rows.rows.length === 0) return {};
  return Object.fromEntries(rows.rows.map((r) => [r.key, r.value]));
}

async function hasTables(pool: pg.Pool): Promise<boolean> {
  const r = await pool.query(
    `select exists (select 1 from pg_tables where schemaname in ('public', 'drizzle')) as present`,
  );
  return Boolean(r.rows[0]?.present);
}

async function isSuperuser(pool: pg.Pool): Promise<boolean> {
  const r = await pool.query(`select rolsuper from pg_roles where rolname = current_user`);
  return Boolean(r.rows[0]?.rolsuper);
}

async function resetDatabase(pool: pg.Pool): Promise<void> {
  await pool.query(`drop schema if exists bench cascade`);
  await pool.query(`drop schema if exists drizzle cascade`);
  await pool.query(`drop schema public cascade`);
  await pool.query(`create schema public`);
}

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (items: string[]) => `array[${items.map(sqlText).join(', ')}]::text[]`;

async function prepare(pool: pg.Pool, size: CatalogSize): Promise<void> {
  const stride = size.stores / size.offersPerProduct;
  if (!Number.isInteger(stride)) throw new Error('stores must be a multiple of offersPerProduct');
  await pool.query(`
    drop schema if exists bench cascade;
    create schema bench;
    create table bench.meta (key text primary key, value text not null);

    -- A deterministic RFC 4122 version-4-shaped UUID (the API validates ids strictly).
    create function bench.uuid(seed text) returns uuid language sql immutable parallel safe
      as $$ select overlay(overlay(md5(seed) placing '4' from 13) placing '8' from 17)::uuid $$;
    -- A uniform number in [0, 1) from (row number, salt): the only source of randomness.
    create function bench.h(n bigint, salt int) returns float8 language sql immutable parallel safe
      as $$ select (hashint8extended(n, salt) & 2147483647)::float8 / 2147483648.0 $$;
    create function bench.hi(n bigint, salt int, m int) returns int language sql immutable parallel safe
      as $$ select floor(bench.h(n, salt) * m)::int $$;
    -- Kuruş, ending in ,90 like most Turkish shop prices (84.989,90).
    create function bench.round90(x float8) returns int language sql immutable parallel safe
      as $$ select greatest(990, round(x / 100) * 100 - 10)::int $$;
    -- The generated product's reference price around its template's price.
    create function bench.base_price(n bigint, template_price int) returns int language sql immutable parallel safe
      as $$ select round(template_price * (0.85 + 0.30 * bench.h(n, 2)))::int $$;
    -- Price history steps of product n: 2..4 moments in 90 days where its offers may change.
    create function bench.steps(n bigint) returns int language sql immutable parallel safe
      as $$ select 2 + bench.hi(n, 8, 3) $$;
    create function bench.offer_price(n bigint, k int, base int) returns int language sql immutable parallel safe
      as $$ select bench.round90(base * (0.97 + 0.10 * bench.h(n * 8 + k, 3))) $$;
    create function bench.offer_original(n bigint, k int, base int) returns int language sql immutable parallel safe
      as $$ select case when bench.h(n * 8 + k, 4) < 0.3
                        then bench.round90(bench.offer_price(n, k, base) * (1.08 + 0.25 * bench.h(n * 8 + k, 13)))
                   end $$;
    create function bench.offer_active(n bigint, k int) returns boolean language sql immutable parallel safe
      as $$ select bench.h(n * 8 + k, 6) >= 0.03 $$;
    create function bench.offer_store(n bigint, k int) returns int language sql immutable parallel safe
      as $$ select (bench.hi(n, 5, ${size.stores}) + k * ${stride}) % ${size.stores} $$;
    -- Offer k's price at step j: the last step is today's price; earlier steps either equal it
    -- or sit 8% below to 14% above it, so the chart shows rises and drops.
    create function bench.step_price(n bigint, k int, j int, c int, base int) returns int
      language sql immutable parallel safe
      as $$ select case when j >= c - 1 or bench.h(n * 8 + k, 40 + j) < 0.45
                        then bench.offer_price(n, k, base)
                        else bench.round90(bench.offer_price(n, k, base) * (0.92 + 0.22 * bench.h(n * 8 + k, 60 + j)))
                   end $$;
    create function bench.step_time(n bigint, j int, c int, anchor timestamptz) returns timestamptz
      language sql immutable parallel safe
      as $$ select anchor - interval '${size.historyDays} days'
                   + case when j = 0 then interval '0'
                          else (j + 0.8 * bench.h(n, 80 + j)) * interval '${size.historyDays} days' / c end $$;

    -- The demo products in a stable order: generated product n copies template n mod count.
    create unlogged table bench.tpl as
      select (row_number() over (order by c.sort_order, p.name, p.id) - 1)::int as i,
             p.*, coalesce(pp.min_price, pp.max_price, 100000) as template_price
        from products p join product_prices pp on pp.product_id = p.id join categories c on c.id = p.category_id;
    create unique index on bench.tpl (i);

    create unlogged table bench.stores (i int primary key, id uuid not null, slug text not null);
  `);
  const extra = generatedStores(size.stores - (await storeCount(pool)));
  for (const s of extra) {
    await pool.query(
      `insert into stores (name, slug, logo_url, website, rating, rating_count)
       values ($1, $2, $3, $4, $5, $6)`,
      [s.name, s.slug, `/api/media/stores/${s.slug}.svg`, `https://${s.slug}.example`, s.rating, s.ratingCount],
    );
  }
  await pool.query(`
    insert into bench.stores select (row_number() over (order by slug) - 1)::int, id, slug from stores;
    analyze bench.tpl; analyze bench.stores;`);
}

async function storeCount(pool: pg.Pool): Promise<number> {
  const r = await pool.query<{ n: string }>('select count(*) as n from stores');
  return Number(r.rows[0]?.n ?? 0);
}

async function templateInfo(pool: pg.Pool): Promise<{ count: number }> {
  const r = await pool.query<{ n: string }>('select count(*) as n from bench.tpl');
  return { count: Number(r.rows[0]?.n ?? 0) };
}

interface IndexDef {
  name: string;
  def: string;
}

/** Indexes that no constraint owns: they are rebuilt after the load, in bulk. */
async function dropSecondaryIndexes(pool: pg.Pool): Promise<IndexDef[]> {
  const r = await pool.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [TABLES_WITH_BULK_INDEXES],
  );
  for (const row of r.rows) await pool.query(`drop index "${row.indexname}"`);
  return r.rows.map((row) => ({ name: row.indexname, def: row.indexdef }));
}

async function recreateIndexes(pool: pg.Pool, indexes: IndexDef[]): Promise<void> {
  // Biggest first so the two lanes finish together; GIN builds are not parallel in PG 15.
  const queue = [...indexes].sort((a, b) => weight(b) - weight(a));
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await pool.query(next.def);
  };
  await Promise.all([lane(), lane()]);
}

function weight(i: IndexDef): number {
  if (i.def.includes('price_history')) return 3;
  if (/using gin/i.test(i.def)) return 2;
  return i.def.includes('store_offers') ? 1 : 0;
}

async function withClient<T>(pool: pg.Pool, superuser: boolean, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // Skips the foreign-key triggers for rows that reference each other by construction.
    if (superuser) await client.query(`set session_replication_role = replica`);
    return await fn(client);
  } finally {
    if (superuser) await client.query(`set session_replication_role = origin`).catch(() => undefined);
    client.release();
  }
}

/** Runs a generator statement over 1..count in two concurrent halves: one per core. */
async function inHalves(
  pool: pg.Pool,
  superuser: boolean,
  count: number,
  statement: (lo: number, hi: number) => string,
): Promise<void> {
  if (count <= 0) return;
  const mid = Math.floor(count / 2);
  const ranges: [number, number][] =
    count < 1_000
      ? [[1, count]]
      : [
          [1, mid],
          [mid + 1, count],
        ];
  await Promise.all(ranges.map(([lo, hi]) => withClient(pool, superuser, (c) => c.query(statement(lo, hi)))));
}

const productId = (n: string) => `bench.uuid('kiyasla-bench/p/' || ${n})`;
const offerId = (n: string, k: string) => `bench.uuid('kiyasla-bench/o/' || ${n} || '/' || ${k})`;

function insertProducts(lo: number, hi: number, templates: number, anchor: string): string {
  const a = sqlText(anchor);
  return `
    with src (id, name, slug, brand, model, gtin, description, short_description, category_id,
      subcategory_id, specifications, features, tags, images, availability, is_active, is_featured, average_rating,
      ratings_count, view_count, release_date, warranty, dimensions, colors, energy_rating, certifications,
      search_text, min_price, max_price, prev_min_price, original_price, offer_count, price_updated_at,
      created_at, updated_at) as materialized (
    select v.id, v.name, t.slug || '-' || g.n, t.brand, v.model, '869' || lpad(g.n::text, 10, '0'),
           t.description || ' Renk: ' || v.color || '.', t.short_description, t.category_id, t.subcategory_id,
           t.specifications || jsonb_build_object('color', v.color), t.features, t.tags,
           jsonb_build_array(jsonb_build_object('url', '/api/media/products/' || v.id || '.svg',
                                                'alt', v.name, 'isPrimary', true)),
           (case when a.offer_count = 0 then 'out-of-stock'
                 when bench.h(g.n, 15) < 0.93 then 'in-stock' else 'limited' end)::availability,
           bench.h(g.n, 7) >= 0.005, bench.h(g.n, 9) < 0.0005,
           round((3.2 + 1.8 * bench.h(g.n, 10))::numeric, 1)::real,
           floor(power(bench.h(g.n, 11), 3) * 2500)::int,
           floor(power(bench.h(g.n, 11), 3) * 90000 + bench.h(g.n, 16) * 2000)::bigint,
           t.release_date, t.warranty, t.dimensions, array[v.color], t.energy_rating, t.certifications,
           t.search_text || ' ' || kiyasla_fold(v.color || ' ' || v.edition || ' ' || v.code),
           a.min_price, a.max_price, m.prev_min, a.original_price, a.offer_count,
           bench.step_time(g.n, m.j, p.c, ${a}),
           ${a}::timestamptz - bench.h(g.n, 17) * interval '730 days', ${a}::timestamptz
      from generate_series(${lo}, ${hi}) g(n)
      join bench.tpl t on t.i = g.n % ${templates}
      cross join lateral (
        select ${productId('g.n')} as id,
               (${sqlArray(COLORS)})[1 + bench.hi(g.n, 12, ${COLORS.length})] as color,
               (${sqlArray(EDITIONS)})[1 + bench.hi(g.n, 14, ${EDITIONS.length})] as edition,
               'KY-' || lpad(bench.hi(g.n, 18, 20000)::text, 5, '0') as code,
               bench.steps(g.n) as c, bench.base_price(g.n, t.template_price) as base
      ) p
      cross join lateral (
        select p.id, p.color, p.edition, p.code,
               t.name || ' ' || p.color || case when p.edition <> '' then ' (' || p.edition || ')' else '' end as name,
               coalesce(t.model, t.name) || ' ' || p.code as model
      ) v
      cross join lateral (
        select min(s.price) as min_price, max(s.price) as max_price, count(*)::int as offer_count,
               max(s.orig) filter (where s.orig > s.price) as original_price
          from (select bench.step_price(g.n, k, p.c - 1, p.c, p.base) as price,
                       bench.offer_original(g.n, k, p.base) as orig
                  from generate_series(0, 4) k where bench.offer_active(g.n, k)) s
      ) a
      -- prev_min_price / price_updated_at: replay the steps, keep the last move of the minimum.
      left join lateral (
        select x.prev as prev_min, x.j
          from (select s.j, s.mn, lag(s.mn) over (order by s.j) as prev
                  from (select j, min(bench.step_price(g.n, k, j, p.c, p.base)) as mn
                          from generate_series(0, 4) k cross join generate_series(0, p.c - 1) j
                         where bench.offer_active(g.n, k) group by j) s) x
         where x.prev is not null and x.prev <> x.mn
         order by x.j desc limit 1
      ) m on true
    ),
    product_rows as (
      insert into products (id, name, slug, brand, model, gtin, description, short_description, category_id,
        subcategory_id, specifications, features, tags, images, availability, is_active, is_featured, average_rating,
        ratings_count, view_count, release_date, warranty, dimensions, colors, energy_rating, certifications,
        search_text, created_at, updated_at)
      select id, name, slug, brand, model, gtin, description, short_description, category_id,
             subcategory_id, specifications, features, tags, images, availability, is_active, is_featured, average_rating,
             ratings_count, view_count, release_date, warranty, dimensions, colors, energy_rating, certifications,
             search_text, created_at, updated_at
        from src
    )
    -- The prices row of each product (the insert trigger of products leaves these in place).
    insert into product_prices (product_id, category_id, subcategory_id, is_active, min_price, max_price,
      prev_min_price, original_price, offer_count, price_updated_at)
    select id, category_id, subcategory_id, is_active, min_price, max_price, prev_min_price, original_price,
           offer_count, price_updated_at
      from src`;
}

function insertOffers(lo: number, hi: number, templates: number, size: CatalogSize, anchor: string): string {
  const a = sqlText(anchor);
  return `
    insert into store_offers (id, product_id, store_id, price, original_price, product_url, availability,
      shipping_free, shipping_cost, shipping_days, external_id, is_active, last_seen_at, created_at, updated_at)
    select ${offerId('g.n', 'k')}, ${productId('g.n')}, s.id, o.price, bench.offer_original(g.n, k, p.base),
           'https://' || s.slug || '.example/urun/' || t.slug || '-' || g.n,
           (case when bench.h(g.n * 8 + k, 19) < 0.92 then 'in-stock' else 'limited' end)::availability,
           o.free, case when o.free then 0 else 2990 + 1000 * bench.hi(g.n * 8 + k, 21, 3) end,
           1 + bench.hi(g.n * 8 + k, 22, 4), 'KB' || g.n || '-' || k, bench.offer_active(g.n, k),
           ${a}::timestamptz, ${a}::timestamptz - interval '${size.historyDays + 30} days', ${a}::timestamptz
      from generate_series(${lo}, ${hi}) g(n)
      join bench.tpl t on t.i = g.n % ${templates}
      cross join lateral (select bench.base_price(g.n, t.template_price) as base) p
      cross join generate_series(0, ${size.offersPerProduct - 1}) k
      join bench.stores s on s.i = bench.offer_store(g.n, k)
      cross join lateral (
        select bench.offer_price(g.n, k, p.base) as price,
               bench.offer_price(g.n, k, p.base) >= 50000 or bench.h(g.n * 8 + k, 20) < 0.4 as free
      ) o`;
}

function insertHistory(lo: number, hi: number, templates: number, size: CatalogSize, anchor: string): string {
  const a = sqlText(anchor);
  return `
    insert into price_history (offer_id, product_id, store_id, price, recorded_at)
    select ${offerId('g.n', 'k')}, ${productId('g.n')}, s.id,
           bench.step_price(g.n, k, j, p.c, p.base), bench.step_time(g.n, j, p.c, ${a})
      from generate_series(${lo}, ${hi}) g(n)
      join bench.tpl t on t.i = g.n % ${templates}
      cross join lateral (select bench.base_price(g.n, t.template_price) as base, bench.steps(g.n) as c) p
      cross join generate_series(0, ${size.offersPerProduct - 1}) k
      join bench.stores s on s.i = bench.offer_store(g.n, k)
      cross join lateral generate_series(0, p.c - 1) j
     where j = 0 or bench.step_price(g.n, k, j, p.c, p.base) <> bench.step_price(g.n, k, j - 1, p.c, p.base)`;
}

/**
 * Users share one argon2id hash of BENCH_PASSWORD: hashing 100,000 passwords would take
 * longer than the rest of the load, and login cost is the same whatever the password.
 */
async function insertUsers(
  c: pg.PoolClient,
  size: CatalogSize,
  generated: number,
  passwordHash: string,
  anchor: string,
): Promise<void> {
  const a = sqlText(anchor);
  const stride = Math.max(1, Math.floor(generated / size.favoritesPerUser));
  await c.query(
    `insert into users (id, email, password_hash, first_name, last_name, role, is_active, email_verified, created_at)
     select bench.uuid('kiyasla-bench/u/' || i), 'bench' || i || '@kiyasla.test', $1,
            (${sqlArray(FIRST_NAMES)})[1 + bench.hi(i, 30, ${FIRST_NAMES.length})],
            (${sqlArray(LAST_NAMES)})[1 + bench.hi(i, 31, ${LAST_NAMES.length})],
            'user', true, true, ${a}::timestamptz - bench.h(i, 32) * interval '700 days'
       from generate_series(1, ${size.users}) i`,
    [passwordHash],
  );
  // Favorite j of user i: distinct products by construction (strides of generated/5).
  await c.query(`
    insert into favorites (user_id, product_id, created_at)
    select bench.uuid('kiyasla-bench/u/' || i),
           ${productId(`(((bench.hi(i, 33, ${generated}) + j * ${stride}) % ${generated}) + 1)`)},
           ${a}::timestamptz - bench.h(i * 8 + j, 34) * interval '300 days'
      from generate_series(1, ${size.users}) i cross join generate_series(0, ${size.favoritesPerUser - 1}) j`);
  // One armed "below" alert on the first favorite of the first users, 10% under today's price.
  await c.query(`
    insert into price_alerts (user_id, product_id, target_price, trigger_type, price_at_creation, created_at)
    select bench.uuid('kiyasla-bench/u/' || i), p.product_id, greatest(100, (p.min_price * 0.9)::int), 'below', p.min_price,
           ${a}::timestamptz - bench.h(i, 35) * interval '60 days'
      from generate_series(1, ${Math.min(size.alerts, size.users)}) i
      join product_prices p on p.product_id = ${productId(`((bench.hi(i, 33, ${generated}) % ${generated}) + 1)`)}
     where p.min_price is not null`);
}

/** Helper tables for the load generators and pgbench: random active product ids, numbered. */
async function sampleTables(pool: pg.Pool): Promise<void> {
  await pool.query(`
    create table bench.sample_products as
      select (row_number() over ())::int as n, id
        from (select product_id as id from product_prices where is_active and offer_count > 0
               order by md5(product_id::text) limit 20000) s;
    alter table bench.sample_products add primary key (n);
    analyze bench.sample_products;`);
}

async function counts(pool: pg.Pool): Promise<Record<string, number>> {
  const tables = ['products', 'store_offers', 'price_history', 'stores', 'users', 'favorites', 'price_alerts'];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await pool.query<{ n: string }>(`select count(*) as n from ${t}`);
    out[t] = Number(r.rows[0]?.n ?? 0);
  }
  const active = await pool.query<{ n: string }>(
    `select count(*) as n from price_alerts where is_active and not triggered`,
  );
  out.active_alerts = Number(active.rows[0]?.n ?? 0);
  return out;
}
