import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import type { DbHandle } from './client';
import { refreshProductPriceAggregates } from './product-price-aggregates';
import { products } from './schema/products';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('refreshProductPriceAggregates', () => {
  it('takes more products than PostgreSQL has parameters (one array, not one parameter each)', async () => {
    const [product] = await handle.db
      .select({ id: products.id, minPrice: products.minPrice })
      .from(products)
      .orderBy(products.id)
      .limit(1);
    await handle.db.update(products).set({ minPrice: 1 }).where(eq(products.id, product!.id));

    const ids = [product!.id, ...Array.from({ length: 70_000 }, () => randomUUID())];
    await refreshProductPriceAggregates(handle.db, ids);

    const [after] = await handle.db
      .select({ minPrice: products.minPrice })
      .from(products)
      .where(eq(products.id, product!.id));
    expect(after!.minPrice).toBe(product!.minPrice);
  });
});
