import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { useTestApp } from '../../test/app';

const t = useTestApp();
let app: FastifyInstance;
let productId: string;

beforeAll(async () => {
  app = t.app;
  const [product] = await t.db.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, 'apple-iphone-16-pro-256-gb'));
  if (!product) throw new Error('seeded iPhone 16 Pro missing');
  productId = product.id;
});

describe('GET /api/media/products/:file', () => {
  it('serves a cacheable SVG picture of the product', async () => {
    const res = await app.inject(`/api/media/products/${productId}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.body).toContain('iPhone 16 Pro 256 GB');
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await app.inject(`/api/media/products/${productId}.svg?v=2`);
    const again = await app.inject({
      url: `/api/media/products/${productId}.svg?v=2`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('gives each angle its own image and ETag', async () => {
    const front = await app.inject(`/api/media/products/${productId}.svg`);
    const back = await app.inject(`/api/media/products/${productId}.svg?v=2`);
    expect(back.body).not.toBe(front.body);
    expect(back.headers.etag).not.toBe(front.headers.etag);
  });

  it('returns the product-not-found envelope for unknown or malformed ids', async () => {
    for (const file of ['00000000-0000-4000-8000-000000000000.svg', 'not-a-uuid.svg', `${productId}.png`]) {
      const res = await app.inject(`/api/media/products/${file}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Ürün bulunamadı', code: 'PRODUCT_NOT_FOUND' });
    }
  });
});

describe('GET /api/media/stores/:file', () => {
  it('serves the store badge by slug', async () => {
    const res = await app.inject('/api/media/stores/hizli-magaza.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('Hızlı Mağaza');
    expect(res.body).toContain('>HM<');
  });

  it('returns 404 for an unknown store', async () => {
    const res = await app.inject('/api/media/stores/yok-boyle-magaza.svg');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'STORE_NOT_FOUND' });
  });
});
