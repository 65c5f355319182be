import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { SitemapPart, SitemapProduct } from '@kiyasla/contracts/catalog';
import { productPrices } from '../../db/schema/product-prices';
import { products } from '../../db/schema/products';
import { body } from '../../test/accounts';
import { useTestApp } from '../../test/app';
import { forgetSitemapProducts, listSitemapPart, listSitemapParts, SITEMAP_PART_SIZE } from './products.service';

const t = useTestApp();

const get = async <T>(url: string) => body<{ data: T }>(await t.app.inject({ method: 'GET', url })).data;

/** The parts as the catalogue is now (the route keeps them 10 minutes). */
const parts = () => {
  forgetSitemapProducts();
  return get<SitemapPart[]>('/api/sitemap/products');
};

/** Every product page of the sitemap, part after part, as the catalogue is now. */
const sitemap = async () => {
  const all: SitemapProduct[] = [];
  for (const part of await parts()) all.push(...(await get<SitemapProduct[]>(`/api/sitemap/products/${part.part}`)));
  return all;
};

const listedTotal = async () =>
  body<{ pagination: { total: number } }>(await t.app.inject({ method: 'GET', url: '/api/products?limit=1' }))
    .pagination.total;

describe('GET /api/sitemap/products and /api/sitemap/products/:part', () => {
  it('lists every product the catalogue lists, once, in parts of at most 10,000', async () => {
    const cut = await parts();
    const total = await listedTotal();
    expect(cut).toEqual([{ part: 1, count: total, lastmod: expect.any(String) }]);
    expect(SITEMAP_PART_SIZE).toBe(10_000);
    const entries = await sitemap();
    expect(entries.length).toBe(total);
    expect(new Set(entries.map((e) => e._id)).size).toBe(total);
  });

  it('cuts a catalogue larger than a part into consecutive ranges that cover it once', async () => {
    forgetSitemapProducts();
    const size = 7;
    const cut = await listSitemapParts(t.db.db, size);
    const total = await listedTotal();
    expect(cut.length).toBe(Math.ceil(total / size));
    expect(cut.map((p) => p.part)).toEqual(cut.map((_, i) => i + 1));
    expect(cut.slice(0, -1).every((p) => p.count === size)).toBe(true);
    expect(cut.reduce((sum, p) => sum + p.count, 0)).toBe(total);

    const ids: string[] = [];
    for (const part of cut) {
      const entries = await listSitemapPart(t.db.db, part.part, size);
      expect(entries.length).toBe(part.count);
      // A part's date is the latest of its pages'.
      expect(part.lastmod).toBe(
        entries
          .map((e) => e.lastmod)
          .sort()
          .at(-1),
      );
      ids.push(...entries.map((e) => e._id));
    }
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual([...ids].sort());
  });

  it('answers 404 with a code past the last part, and 400 for a part that is not a number from 1', async () => {
    const cut = await parts();
    const past = await t.app.inject({ method: 'GET', url: `/api/sitemap/products/${cut.length + 1}` });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toMatchObject({
      success: false,
      code: 'SITEMAP_PART_NOT_FOUND',
      message: 'Site haritasının bu bölümü bulunamadı',
    });
    for (const part of ['0', 'abc', '1.5', '-1', '0x1', '1e0']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/sitemap/products/${part}` });
      expect(bad.statusCode, part).toBe(400);
    }
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

  it('cuts the parts once per 10 minutes; a part’s pages are read as they are when asked', async () => {
    const [part] = await parts();
    const [entry] = await get<SitemapProduct[]>('/api/sitemap/products/1');
    const later = new Date(Date.parse(part!.lastmod) + 86_400_000);
    await t.db.db.execute(sql`update products set updated_at = ${later.toISOString()} where id = ${entry!._id}`);
    // The cut is kept: its date moves at the next cut.
    expect((await get<SitemapPart[]>('/api/sitemap/products'))[0]!.lastmod).toBe(part!.lastmod);
    const pages = await get<SitemapProduct[]>('/api/sitemap/products/1');
    expect(pages.find((e) => e._id === entry!._id)!.lastmod).toBe(later.toISOString());
    expect((await parts())[0]!.lastmod).toBe(later.toISOString());
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
