/**
 * The long-tail workloads of issue 16 (ADR 005 "cold rows"): requests drawn from the catalog's
 * own vocabulary, so many and so varied that a cache would rarely hold them, measured against a
 * server started with PUBLIC_READ_CACHE=false so that every request is a miss.
 *
 * - listings: random filter combinations over every category and subcategory — 1 to 3 of the
 *   category's brands, 0 to 2 of its specification values, a price range half of the time, any
 *   of the 5 sorts, pages 1 to 10;
 * - facets of the largest category, with 0 to 2 filters;
 * - searches: brands, models, category names, Turkish words with and without their diacritics,
 *   1 to 3 words, typos.
 *
 * Everything is drawn from a seeded generator: the same catalog gives the same requests.
 */
import type pg from 'pg';
import { SORT_OPTIONS } from '@kiyasla/contracts/constants';

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** k distinct items of a list (fewer when it is shorter). */
function pickSome<T>(random: Random, list: readonly T[], k: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < k && pool.length > 0) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}

export interface ColdCategory {
  id: string;
  slug: string;
  name: string;
  parentSlug: string | null;
  /** Products in it (from the sample, scaled). */
  n: number;
  brands: string[];
  specs: { key: string; value: string }[];
  /** 10th, 50th and 90th percentile of the lowest price, TL. */
  prices: [number, number, number];
}

export interface ColdCatalog {
  categories: ColdCategory[];
  /** Product names of the sample (brand first), for search queries. */
  names: string[];
  brands: string[];
}

/**
 * The vocabulary of the catalog from a sample of ~50,000 products (one pass over the sample
 * instead of one query per category).
 */
export async function discoverColdCatalog(pool: pg.Pool, products: number): Promise<ColdCatalog> {
  const percent = Math.min(100, (50_000 / Math.max(1, products)) * 100);
  const sample = `products s tablesample system (${percent.toFixed(4)}) repeatable (16)`;
  const scale = 100 / percent;
  // One session: the sample is a temporary table.
  const client = await pool.connect();
  try {
    return await readCatalog(client, sample, scale);
  } finally {
    client.release();
  }
}

async function readCatalog(client: pg.PoolClient, sample: string, scale: number): Promise<ColdCatalog> {
  const cats = await client.query<{ id: string; slug: string; name: string; parent_slug: string | null }>(
    `select c.id, c.slug, c.name, p.slug as parent_slug from categories c
       left join categories p on p.id = c.parent_id where c.is_active order by c.slug`,
  );
  await client.query(`drop table if exists pg_temp.cold_sample`);
  await client.query(
    `create temp table cold_sample as
       select s.id, s.name, s.brand, s.category_id, s.subcategory_id, s.specifications, pp.min_price
         from ${sample} left join product_prices pp on pp.product_id = s.id where s.is_active`,
  );
  const byScope = new Map<string, { brands: string[]; specs: ColdCategory['specs']; n: number; prices: number[] }>();
  const scope = (id: string) => {
    let s = byScope.get(id);
    if (!s) byScope.set(id, (s = { brands: [], specs: [], n: 0, prices: [] }));
    return s;
  };
  const brandRows = await client.query<{ scope: string; brand: string; n: string }>(
    `select scope, brand, n from (
       select scope, brand, count(*) as n, row_number() over (partition by scope order by count(*) desc, brand) as r
         from (select category_id as scope, brand from cold_sample
               union all select subcategory_id, brand from cold_sample where subcategory_id is not null) x
        group by scope, brand) y
      where r <= 12`,
  );
  for (const r of brandRows.rows) scope(r.scope).brands.push(r.brand);
  const specRows = await client.query<{ scope: string; key: string; value: string }>(
    `select scope, key, value from (
       select scope, key, value, row_number() over (partition by scope order by count(*) desc, key, value) as r
         from (select category_id as scope, e.key, e.value from cold_sample, jsonb_each_text(specifications) e
               union all
               select subcategory_id, e.key, e.value from cold_sample, jsonb_each_text(specifications) e
                where subcategory_id is not null) x
        group by scope, key, value having count(*) >= 3) y
      where r <= 16`,
  );
  for (const r of specRows.rows) scope(r.scope).specs.push({ key: r.key, value: r.value });
  const priceRows = await client.query<{ scope: string; n: string; p: number[] }>(
    `select scope, count(*) as n,
            percentile_disc(array[0.1, 0.5, 0.9]) within group (order by min_price) as p
       from (select category_id as scope, min_price from cold_sample
             union all select subcategory_id, min_price from cold_sample where subcategory_id is not null) x
      where min_price is not null
      group by scope`,
  );
  for (const r of priceRows.rows) {
    const s = scope(r.scope);
    s.n = Math.round(Number(r.n) * scale);
    s.prices = r.p.map((k) => Math.max(1, Math.round(k / 100)));
  }
  const names = await client.query<{ name: string; brand: string }>(
    `select name, brand from cold_sample order by md5(id::text) limit 5000`,
  );
  await client.query(`drop table if exists pg_temp.cold_sample`);
  const categories: ColdCategory[] = [];
  for (const c of cats.rows) {
    const s = byScope.get(c.id);
    if (!s || s.n === 0 || s.brands.length === 0 || s.prices.length < 3) continue;
    categories.push({
      id: c.id,
      slug: c.slug,
      name: c.name,
      parentSlug: c.parent_slug,
      n: s.n,
      brands: s.brands,
      specs: s.specs,
      prices: s.prices as [number, number, number],
    });
  }
  return {
    categories,
    names: names.rows.map((r) => r.name),
    brands: [...new Set(names.rows.map((r) => r.brand))],
  };
}

export interface ListingDraw {
  /** The URL path and query. */
  path: string;
  /** What the API's listProducts gets for it (the raw-SQL twin is captured from it). */
  scope: { category: string; subcategory?: string };
  query: Record<string, string | string[]>;
}

function listingDraw(c: ColdCategory, query: Record<string, string | string[]>): ListingDraw {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const item of Array.isArray(v) ? v : [v]) q.append(k, item);
  if (c.parentSlug) q.append('parent', c.parentSlug);
  return {
    path: `/api/categories/${encodeURIComponent(c.slug)}/products?${q}`,
    scope: c.parentSlug ? { category: c.parentSlug, subcategory: c.slug } : { category: c.slug },
    query,
  };
}

function filterQuery(random: Random, c: ColdCategory, brands: number, specs: number): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  if (brands > 0) query.brand = pickSome(random, c.brands, brands);
  // Distinct keys: two values of one key would be OR-ed, not a narrower filter.
  const byKey = new Map<string, string>();
  for (const s of pickSome(random, c.specs, c.specs.length)) {
    if (byKey.size >= specs) break;
    if (!byKey.has(s.key)) byKey.set(s.key, s.value);
  }
  if (byKey.size > 0) query.spec = [...byKey].map(([k, v]) => `${k}:${v}`);
  return query;
}

/** ≥ `count` distinct listing URLs over every category and subcategory. */
export function listingDraws(catalog: ColdCatalog, count: number, seed = 1): ListingDraw[] {
  const random = mulberry32(seed);
  const seen = new Map<string, ListingDraw>();
  for (let attempt = 0; seen.size < count && attempt < count * 20; attempt++) {
    const c = pick(random, catalog.categories);
    const query: Record<string, string | string[]> = filterQuery(
      random,
      c,
      1 + Math.floor(random() * 3),
      Math.floor(random() * 3),
    );
    if (random() < 0.5) {
      const [p10, p50, p90] = c.prices;
      const low = Math.round(p10 + (p50 - p10) * random() * 0.8);
      const high = Math.round(p50 + (p90 - p50) * (0.2 + random() * 0.8));
      if (random() < 0.7) query.minPrice = String(low);
      query.maxPrice = String(Math.max(low, high));
    }
    query.sort = pick(random, SORT_OPTIONS);
    query.page = String(1 + Math.floor(random() * 10));
    const draw = listingDraw(c, query);
    seen.set(draw.path, draw);
  }
  return [...seen.values()];
}

/** The facets of one category: no filter, then 1 or 2 (brand and/or specification). */
export function facetDraws(c: ColdCategory, count: number, seed = 2): ListingDraw[] {
  const random = mulberry32(seed);
  const seen = new Map<string, ListingDraw>();
  seen.set('', listingDraw(c, { facets: 'true' }));
  for (let attempt = 0; seen.size < count && attempt < count * 20; attempt++) {
    const filters = 1 + Math.floor(random() * 2);
    const brands = random() < 0.5 ? 1 : 0;
    const specs = filters - brands;
    const query: Record<string, string | string[]> = { facets: 'true', ...filterQuery(random, c, brands, specs) };
    const draw = listingDraw(c, query);
    seen.set(draw.path, draw);
  }
  return [...seen.values()];
}

const ASCII: Record<string, string> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  İ: 'I',
  Ç: 'C',
  Ş: 'S',
  Ö: 'O',
  Ü: 'U',
  Ğ: 'G',
};
const deaccent = (s: string) => s.replace(/[çğıöşüİÇŞÖÜĞ]/g, (ch) => ASCII[ch] ?? ch);

/** A typo in the longest word: two neighbouring letters swapped, one dropped or one doubled. */
function typo(random: Random, q: string): string {
  const words = q.split(' ');
  let i = 0;
  for (let w = 1; w < words.length; w++) if (words[w]!.length > words[i]!.length) i = w;
  const word = words[i]!;
  if (word.length < 5) return q;
  const at = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 3);
  words[i] =
    kind === 0
      ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
      : kind === 1
        ? word.slice(0, at) + word.slice(at + 1)
        : word.slice(0, at) + word[at] + word.slice(at);
  return words.join(' ');
}

const lower = (s: string) => s.toLocaleLowerCase('tr-TR');

/**
 * ≥ `count` distinct queries: a product's brand and model words (1–3 words), a category name,
 * a brand with a category word, each also without its Turkish letters or with a typo.
 */
export function searchQueries(catalog: ColdCatalog, count: number, extra: readonly string[] = [], seed = 3): string[] {
  const random = mulberry32(seed);
  const seen = new Set<string>(extra);
  const categoryNames = catalog.categories.map((c) => lower(c.name));
  for (let attempt = 0; seen.size < count && attempt < count * 30; attempt++) {
    let q: string;
    const kind = random();
    if (kind < 0.45) {
      // Brand and model words of a product's name ("apple iphone 17", "iphone 17 pro").
      const words = lower(pick(random, catalog.names))
        .split(/\s+/)
        .filter((w) => /[\p{L}\d]/u.test(w));
      const n = 1 + Math.floor(random() * 3);
      const from = random() < 0.6 ? 0 : Math.min(1, Math.max(0, words.length - n));
      q = words.slice(from, from + n).join(' ');
    } else if (kind < 0.65) {
      q = pick(random, categoryNames);
    } else if (kind < 0.8) {
      q = `${lower(pick(random, catalog.brands))} ${pick(random, categoryNames).split(' ')[0]}`;
    } else {
      q = lower(pick(random, catalog.brands));
    }
    const variant = random();
    if (variant < 0.3) q = deaccent(q);
    else if (variant < 0.5) q = typo(random, q);
    q = q.replace(/\s+/g, ' ').trim();
    if (q.length >= 2) seen.add(q);
  }
  return [...seen];
}

/** `n` items spread evenly over a list (the raw-SQL twins replay such a sample). */
export function evenSample<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  const step = list.length / n;
  return Array.from({ length: n }, (_, i) => list[Math.floor(i * step)]!);
}
