import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { useTestApp } from '../../test/app';
import { priceChange, shippingLabel } from './products.presenter';

const t = useTestApp();
let app: FastifyInstance;

beforeAll(async () => {
  app = t.app;
});

async function list(query: string): Promise<{ data: ProductCard[]; pagination: Record<string, number> }> {
  const res = await app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/products', () => {
  it('returns 8 cards for the home page with pagination', async () => {
    const body = await list('limit=8&sort=newest');
    expect(body.data).toHaveLength(8);
    expect(body.pagination).toMatchObject({ page: 1, limit: 8 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(400);
    expect(body.pagination.pages).toBe(Math.ceil(body.pagination.total! / 8));
    const dates = body.data.map((p) => Date.parse(p.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('builds cards with the lowest price, first two stores and key specs', async () => {
    const { data } = await list('category=telefon&limit=20');
    for (const card of data) {
      expect(card.category?.slug).toBe('telefon');
      expect(card.currentPrice).toBeGreaterThan(0);
      expect(card.stores.length).toBeLessThanOrEqual(2);
      expect(card.stores.length).toBeGreaterThan(0);
      // The first store line is the lowest price, which is the card's current price.
      expect(card.stores[0]!.price).toBe(card.currentPrice);
      expect(card.storeCount).toBeGreaterThanOrEqual(card.stores.length);
      expect(card.image_url).toMatch(/^\/api\/media\/products\/[0-9a-f-]+\.svg/);
    }
    expect(data.some((c) => c.keySpecs.storage && c.keySpecs.ram && c.keySpecs.screenSize)).toBe(true);
    expect(JSON.stringify(data)).not.toMatch(/search_text|searchText|password/);
  });

  it('returns exactly the featured products when asked', async () => {
    const { data } = await list('featured=true&limit=4');
    expect(data).toHaveLength(4);
    expect(data.every((p) => p.isFeatured)).toBe(true);
  });

  it('sorts by price both ways and by popularity', async () => {
    const low = (await list('category=laptop&sort=price-low&limit=50')).data.map((p) => p.currentPrice!);
    expect([...low].sort((a, b) => a - b)).toEqual(low);
    const high = (await list('category=laptop&sort=price-high&limit=50')).data.map((p) => p.currentPrice!);
    expect([...high].sort((a, b) => b - a)).toEqual(high);
    const pop = (await list('sort=popularity&limit=50')).data.map((p) => p.ratingsCount);
    expect([...pop].sort((a, b) => b - a)).toEqual(pop);
  });

  it('filters by subcategory under its parent', async () => {
    const { data } = await list('category=laptop&subcategory=gaming&limit=50');
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((p) => p.category?.slug === 'laptop' && p.subcategory?.slug === 'gaming')).toBe(true);
  });

  it('pages without overlap', async () => {
    const a = (await list('sort=popularity&limit=10&page=1')).data.map((p) => p._id);
    const b = (await list('sort=popularity&limit=10&page=2')).data.map((p) => p._id);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  it('rejects invalid query values with 400 and a stable code', async () => {
    for (const q of ['limit=0', 'limit=101', 'page=0', 'page=abc', 'sort=cheapest', 'featured=maybe']) {
      const res = await app.inject({ method: 'GET', url: `/api/products?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('answers 404 for an unknown category', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products?category=yok' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Kategori bulunamadı');
  });
});

describe('card presentation rules', () => {
  it('labels shipping in Turkish with tr-TR money', () => {
    expect(shippingLabel(true, 0)).toBe('Ücretsiz Kargo');
    expect(shippingLabel(false, 4990)).toBe('Kargo ₺49,90');
  });

  it('derives the price change from the previous lowest price', () => {
    expect(priceChange(9000, 10000)).toEqual({ type: 'down', percentage: 10 });
    expect(priceChange(11000, 10000)).toEqual({ type: 'up', percentage: 10 });
    expect(priceChange(10000, 10000)).toBeNull();
    expect(priceChange(10000, null)).toBeNull();
  });
});
