import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import type { DbHandle } from './client';
import { refreshProductPriceAggregates } from './product-price-aggregates';
import { productPrices } from './schema/product-prices';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('refreshProductPriceAggregates', () => {
  it('takes more products than PostgreSQL has parameters (one array, not one parameter each)', async () => {
    const [product] = await handle.db
      .select({ id: productPrices.productId, minPrice: productPrices.minPrice })
      .from(productPrices)
      .orderBy(productPrices.productId)
      .limit(1);
    await handle.db.update(productPrices).set({ minPrice: 1 }).where(eq(productPrices.productId, product!.id));

    const ids = [product!.id, ...Array.from({ length: 70_000 }, () => randomUUID())];
    await refreshProductPriceAggregates(handle.db, ids);

    const [after] = await handle.db
      .select({ minPrice: productPrices.minPrice })
      .from(productPrices)
      .where(eq(productPrices.productId, product!.id));
    expect(after!.minPrice).toBe(product!.minPrice);
  });
});
