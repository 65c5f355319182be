import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { sqlRows } from '../../lib/sql-rows';
import { createTestDatabase } from '../../test/db';
import type { ListingFilters } from './listing-filters';
import { findProducts } from './products.repo';

/*
 * A category's page sorted by price has two plans (ADR 015): walk the category's prices in order
 * until the page is full, or — when brands, stores or specifications leave few products — sort
 * those products. Both must give the same pages and totals for every filter combination.
 */

let handle: DbHandle;
let category: { id: string; brands: string[]; spec: { key: string; value: string }; median: number };

beforeAll(async () => {
  handle = await createTestDatabase();
  const [top] = sqlRows<{ id: string }>(
    await handle.db.execute(sql`
      select category_id as id from products where is_active group by 1 order by count(*) desc limit 1`),
  );
  const brands = sqlRows<{ brand: string }>(
    await handle.db.execute(sql`
      select brand from products where category_id = ${top!.id}::uuid and is_active
       group by 1 order by count(*) desc, brand limit 3`),
  ).map((r) => r.brand);
  const [spec] = sqlRows<{ key: string; value: string }>(
    await handle.db.execute(sql`
      select s.key, s.value from products p, jsonb_each_text(p.specifications) s
       where p.category_id = ${top!.id}::uuid and p.is_active
       group by 1, 2 having count(*) > 3 order by count(*) desc, 1, 2 limit 1`),
  );
  const [median] = sqlRows<{ n: number }>(
    await handle.db.execute(sql`
      select percentile_disc(0.5) within group (order by pp.min_price)::int as n
        from product_prices pp where pp.category_id = ${top!.id}::uuid`),
  );
  category = { id: top!.id, brands, spec: spec!, median: median!.n };
  // Three products of the first brand without a price (no offer counts): listed after the priced.
  await handle.db.execute(sql`
    update product_prices set min_price = null, max_price = null
     where product_id in (select id from products where category_id = ${top!.id}::uuid and brand = ${brands[0]!}
                           and is_active order by id limit 3)`);
}, 120_000);
afterAll(() => handle.close());

function filters(extra: Partial<ListingFilters>): ListingFilters {
  return { categoryId: category.id, brands: [], stores: [], specs: new Map(), advanced: [], ...extra };
}

describe('price-sorted pages of a whole category', () => {
  it('lists every product once, priced ones in price order and then those without a price, across pages', async () => {
    for (const sort of ['price-low', 'price-high'] as const) {
      const expected = sqlRows<{ id: string }>(
        await handle.db.execute(sql`
          select pp.product_id as id from product_prices pp
           where pp.category_id = ${category.id}::uuid and pp.is_active
           order by pp.min_price ${sort === 'price-low' ? sql`asc` : sql`desc`} nulls last,
                    pp.product_id ${sort === 'price-low' ? sql`asc` : sql`desc`}`),
      ).map((r) => r.id);
      const seen: string[] = [];
      const prices: (number | null)[] = [];
      for (let page = 1; ; page++) {
        const { rows, total } = await findProducts(handle.db, filters({}), { sort, page, limit: 7 });
        expect(total).toBe(expected.length);
        if (rows.length === 0) break;
        seen.push(...rows.map((r) => r.id));
        prices.push(...rows.map((r) => r.minPrice));
      }
      expect(seen).toEqual(expected);
      expect(prices.slice(-4)).toEqual([expect.any(Number), null, null, null]);
    }
  });
});

describe('price-sorted pages of a narrowed category', () => {
  const combos: [string, () => Partial<ListingFilters>][] = [
    ['one brand (three of its products without a price)', () => ({ brands: category.brands.slice(0, 1) })],
    ['two brands and a price range', () => ({ brands: category.brands.slice(0, 2), minPriceKurus: category.median })],
    ['a specification', () => ({ specs: new Map([[category.spec.key, [category.spec.value]]]) })],
    ['a brand and in stock only', () => ({ brands: category.brands.slice(1, 3), advanced: ['inStock'] })],
    ['a brand nothing matches', () => ({ brands: ['Olmayan Marka'] })],
  ];

  for (const [name, extra] of combos) {
    it(`gives the same pages and totals whether it sorts the matches or walks the prices: ${name}`, async () => {
      for (const sort of ['price-low', 'price-high'] as const) {
        for (const page of [1, 2, 3, 4, 5, 6, 8, 12]) {
          const listing = { sort, page, limit: 4 };
          const sorted = await findProducts(handle.db, filters(extra()), listing);
          const walked = await findProducts(handle.db, filters(extra()), listing, 0);
          expect(sorted.total).toBe(walked.total);
          expect(sorted.rows.map((r) => [r.id, r.minPrice])).toEqual(walked.rows.map((r) => [r.id, r.minPrice]));
          if (page === 1 && name !== 'a brand nothing matches') expect(sorted.rows.length).toBeGreaterThan(0);
        }
      }
    });
  }
});
