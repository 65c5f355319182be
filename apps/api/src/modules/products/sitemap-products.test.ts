import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { SitemapProduct } from '@kiyasla/contracts/catalog';
import { productPrices } from '../../db/schema/product-prices';
import { products } from '../../db/schema/products';
import { body } from '../../test/accounts';
import { useTestApp } from '../../test/app';
import { forgetSitemapProducts } from './products.service';

const t = useTestApp();

/** The list as the catalogue is now (the route keeps it 10 minutes). */
const sitemap = async () => {
  forgetSitemapProducts();
  return body<{ data: SitemapProduct[] }>(await t.app.inject({ method: 'GET', url: '/api/sitemap/products' })).data;
};

describe('GET /api/sitemap/products', () => {
  it('lists every product the catalogue lists, once', async () => {
    const entries = await sitemap();
    const listing = body<{ pagination: { total: number } }>(
      await t.app.inject({ method: 'GET', url: '/api/products?limit=1' }),
    );
    expect(entries.length).toBe(listing.pagination.total);
    expect(new Set(entries.map((e) => e._id)).size).toBe(entries.length);
  });

  it('dates a product by the later of its own update and its prices’ change, not its creation', async () => {
    const [first, second] = await sitemap();
    const longAgo = new Date('2026-01-01T00:00:00Z');
    const productUpdate = new Date('2026-11-20T10:00:00Z');
    const priceChange = new Date('2026-12-02T22:35:00Z');

    // The first: its product row was updated after its prices last moved.
    await t.db.db.execute(
      sql`update products set created_at = ${longAgo.toISOString()}, updated_at = ${productUpdate.toISOString()} where id = ${first!._id}`,
    );
    await t.db.db.execute(sql`alter table product_prices disable trigger user`);
    await t.db.db
      .update(productPrices)
      .set({ figuresChangedAt: longAgo })
      .where(eq(productPrices.productId, first!._id));
    // The second: a price change after its product's last update.
    await t.db.db.execute(
      sql`update products set created_at = ${longAgo.toISOString()}, updated_at = ${productUpdate.toISOString()} where id = ${second!._id}`,
    );
    await t.db.db
      .update(productPrices)
      .set({ figuresChangedAt: priceChange })
      .where(eq(productPrices.productId, second!._id));
    await t.db.db.execute(sql`alter table product_prices enable trigger user`);

    const byId = new Map((await sitemap()).map((e) => [e._id, e.lastmod]));
    expect(byId.get(first!._id)).toBe(productUpdate.toISOString());
    expect(byId.get(second!._id)).toBe(priceChange.toISOString());
  });

  it('is read once per 10 minutes: a change shows at the next read after that', async () => {
    const [entry] = await sitemap();
    await t.db.db.execute(sql`update products set updated_at = now() + interval '1 day' where id = ${entry!._id}`);
    const cached = body<{ data: SitemapProduct[] }>(
      await t.app.inject({ method: 'GET', url: '/api/sitemap/products' }),
    ).data;
    expect(cached.find((e) => e._id === entry!._id)!.lastmod).toBe(entry!.lastmod);
    expect((await sitemap()).find((e) => e._id === entry!._id)!.lastmod).not.toBe(entry!.lastmod);
  });

  it('a price change moves the date to its time', async () => {
    const [entry] = await sitemap();
    const before = Date.now();
    await t.db.db
      .update(productPrices)
      .set({ minPrice: sql`coalesce(${productPrices.minPrice}, 0) + 100` })
      .where(eq(productPrices.productId, entry!._id));
    const after = (await sitemap()).find((e) => e._id === entry!._id);
    expect(new Date(after!.lastmod).getTime()).toBeGreaterThanOrEqual(before - 1_000);
    const [row] = await t.db.db
      .select({ updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.id, entry!._id));
    expect(new Date(after!.lastmod).getTime()).toBeGreaterThanOrEqual(row!.updatedAt.getTime());
  });
});
