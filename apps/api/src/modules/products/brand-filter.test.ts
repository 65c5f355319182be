import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Facets, ProductCard } from '@kiyasla/contracts/catalog';
import { listingQuerySchema } from '@kiyasla/contracts/listing';
import type { Database } from '../../db/client';
import { invalidatePublicReads, readCacheFigures } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { useTestApp } from '../../test/app';
import { listProducts } from './products.service';

/*
 * A brand filter names the catalogue's brand in whatever case a shopper or another site typed it
 * (`apple`, `ASUS`, `ARÇELİK`, `lc waıkıkı`): it matches as the catalogue's spelling does, on the
 * listing index, on SQL, in the facets and in the caches.
 */

const t = useTestApp();
let app: FastifyInstance;
let db: Database;

interface Listing {
  data: ProductCard[];
  pagination: { total: number };
  facets?: Facets;
}

async function get(url: string): Promise<Listing> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as Listing;
}

/** The active products of a brand (exact spelling), by category slug (null: the whole catalogue). */
async function countOf(brand: string, categorySlug: string | null): Promise<number> {
  const [row] = sqlRows<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from products p
        left join categories c on c.id = p.category_id
       where p.is_active and p.brand = ${brand} and (${categorySlug}::text is null or c.slug = ${categorySlug})`),
  );
  return row!.n;
}

/** The top-level category holding most of a brand's products. */
async function categoryOf(brand: string): Promise<string> {
  const [row] = sqlRows<{ slug: string }>(
    await db.execute(sql`
      select c.slug from products p join categories c on c.id = p.category_id
       where p.is_active and p.brand = ${brand}
       group by c.slug order by count(*) desc limit 1`),
  );
  return row!.slug;
}

const ids = (listing: Listing) => listing.data.map((p) => p._id);

beforeAll(() => {
  app = t.app;
  db = t.db.db;
});

describe('brand filter in any case', () => {
  it.each([
    ['Apple', ['apple', 'APPLE', 'aPPLE']],
    ['Xiaomi', ['xiaomi', 'XIAOMI']],
    ['ASUS', ['asus', 'Asus']],
    ['Arçelik', ['arçelik', 'ARÇELİK', 'arcelik']],
    ['LC Waikiki', ['lc waikiki', 'LC WAIKIKI', 'LC WAİKİKİ', 'lc waıkıkı']],
  ])(
    '%s typed as %j: the whole catalogue (SQL) and its category (listing index) list its products',
    async (brand, typed) => {
      const category = await categoryOf(brand);
      const [all, inCategory] = await Promise.all([countOf(brand, null), countOf(brand, category)]);
      expect(inCategory).toBeGreaterThan(0);
      const exactAll = await get(`/api/products?brand=${encodeURIComponent(brand)}&limit=50`);
      const exactCategory = await get(
        `/api/categories/${category}/products?brand=${encodeURIComponent(brand)}&limit=50&facets=true`,
      );
      expect(exactAll.pagination.total).toBe(all);
      expect(exactCategory.pagination.total).toBe(inCategory);
      for (const value of typed) {
        const whole = await get(`/api/products?brand=${encodeURIComponent(value)}&limit=50`);
        expect(whole.pagination.total, `${value}, whole catalogue`).toBe(all);
        expect(ids(whole)).toEqual(ids(exactAll));
        expect(whole.data.every((p) => p.brand === brand)).toBe(true);
        const listed = await get(
          `/api/categories/${category}/products?brand=${encodeURIComponent(value)}&limit=50&facets=true`,
        );
        expect(listed.pagination.total, `${value}, ${category}`).toBe(inCategory);
        expect(ids(listed)).toEqual(ids(exactCategory));
        // The panel is the one of the catalogue's spelling: its brand is there to show as chosen.
        expect(listed.facets).toEqual(exactCategory.facets);
        expect(listed.facets!.brands.map((b) => b.value)).toContain(brand);
      }
    },
  );

  it('a comma list and repeated values in other cases, and a brand nobody sells', async () => {
    const [apple, samsung] = await Promise.all([countOf('Apple', 'telefon'), countOf('Samsung', 'telefon')]);
    const both = await get('/api/categories/telefon/products?brand=apple,SAMSUNG&limit=1');
    expect(both.pagination.total).toBe(apple + samsung);
    const repeated = await get('/api/categories/telefon/products?brand=apple&brand=Apple&brand=APPLE&limit=1');
    expect(repeated.pagination.total).toBe(apple);
    expect((await get('/api/categories/telefon/products?brand=nobrand&limit=1')).pagination.total).toBe(0);
    expect((await get('/api/products?brand=nobrand&limit=1')).pagination.total).toBe(0);
  });

  it('the SQL path of a category (no listing index) matches in any case too, with its facets', async () => {
    // The same database under another identity has no listing index: its listings come from SQL.
    const sqlOnly = Object.create(db) as Database;
    const query = (brand: string) =>
      listingQuerySchema.parse({ brand, facets: 'true', sort: 'price-low', limit: '50' }) as Parameters<
        typeof listProducts
      >[2];
    const exact = await listProducts(sqlOnly, { category: 'telefon' }, query('Apple'));
    const folded = await listProducts(sqlOnly, { category: 'telefon' }, query('APPLE'));
    expect(exact.pagination.total).toBe(await countOf('Apple', 'telefon'));
    expect(folded.pagination.total).toBe(exact.pagination.total);
    expect(folded.items.map((p) => p._id)).toEqual(exact.items.map((p) => p._id));
    expect(folded.facets).toEqual(exact.facets);
  });

  it('a search filtered by a brand in another case', async () => {
    const exact = await get('/api/search?q=telefon&brand=Apple&facets=true');
    const folded = await get('/api/search?q=telefon&brand=apple&facets=true');
    expect(exact.pagination.total).toBeGreaterThan(0);
    expect(folded.pagination.total).toBe(exact.pagination.total);
    expect(ids(folded)).toEqual(ids(exact));
    expect(folded.facets).toEqual(exact.facets);
  });

  it('`apple` and `Apple` share one cached listing', async () => {
    invalidatePublicReads();
    const hits = () => readCacheFigures().find((f) => f.name === 'listing')?.hits ?? 0;
    const first = await get('/api/categories/telefon/products?brand=Apple&sort=price-high');
    const before = hits();
    const second = await get('/api/categories/telefon/products?brand=apple&sort=price-high');
    expect(hits()).toBe(before + 1);
    expect(ids(second)).toEqual(ids(first));
  });
});
