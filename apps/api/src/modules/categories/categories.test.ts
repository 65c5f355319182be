import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Category, CategoryNode } from '@kiyasla/contracts/catalog';
import { useTestApp } from '../../test/app';
import { TOP_LEVEL_CATEGORY_SLUGS as TOP_LEVEL } from '../../test/catalog';

const t = useTestApp();
let app: FastifyInstance;

beforeAll(async () => {
  app = t.app;
});

describe('GET /api/categories', () => {
  it('lists the 11 top-level categories of the specification in order, with their children', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const list: Category[] = res.json().data;
    const top = list.filter((c) => c.parent === null);
    expect(top.map((c) => c.slug)).toEqual(TOP_LEVEL);
    const telefon = top.find((c) => c.slug === 'telefon')!;
    const laptop = top.find((c) => c.slug === 'laptop')!;
    expect(list.filter((c) => c.parent === telefon._id).map((c) => c.slug)).toEqual(
      expect.arrayContaining(['premium', 'orta-segment', 'ekonomik', 'gaming']),
    );
    expect(list.filter((c) => c.parent === laptop._id).map((c) => c.slug)).toEqual(
      expect.arrayContaining(['gaming', 'is', 'ultrabook', 'ekonomik']),
    );
    expect(top.find((c) => c.slug === 'beyaz-esya')?.name).toBe('Beyaz Eşya');
  });

  it('counts active products per category, including its subcategories', async () => {
    const list: Category[] = (await app.inject({ method: 'GET', url: '/api/categories' })).json().data;
    const total = list.filter((c) => c.parent === null).reduce((s, c) => s + c.productCount, 0);
    expect(total).toBeGreaterThanOrEqual(400);
    for (const parent of list.filter((c) => c.parent === null)) {
      const childSum = list.filter((c) => c.parent === parent._id).reduce((s, c) => s + c.productCount, 0);
      expect(parent.productCount).toBeGreaterThanOrEqual(childSum);
      expect(parent.productCount).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/categories/tree', () => {
  it('nests children under their parents', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories/tree' });
    expect(res.statusCode).toBe(200);
    const tree: CategoryNode[] = res.json().data;
    expect(tree.map((c) => c.slug)).toEqual(TOP_LEVEL);
    const telefon = tree[0]!;
    expect(telefon.children.length).toBeGreaterThanOrEqual(4);
    expect(telefon.children.every((c) => c.parent === telefon._id && c.children.length === 0)).toBe(true);
  });
});

describe('GET /api/categories/:idOrSlug', () => {
  it('finds a category by slug and by id', async () => {
    const bySlug = await app.inject({ method: 'GET', url: '/api/categories/beyaz-esya' });
    expect(bySlug.statusCode).toBe(200);
    const cat = bySlug.json().data;
    expect(cat).toMatchObject({ slug: 'beyaz-esya', name: 'Beyaz Eşya', parent: null, parentCategory: null });
    expect(cat.children.length).toBeGreaterThan(0);
    const byId = await app.inject({ method: 'GET', url: `/api/categories/${cat._id}` });
    expect(byId.json().data.slug).toBe('beyaz-esya');
  });

  it('resolves a subcategory slug that repeats across parents through ?parent=', async () => {
    const phone = (await app.inject({ method: 'GET', url: '/api/categories/gaming?parent=telefon' })).json().data;
    const laptop = (await app.inject({ method: 'GET', url: '/api/categories/gaming?parent=laptop' })).json().data;
    expect(phone.parentCategory.slug).toBe('telefon');
    expect(laptop.parentCategory.slug).toBe('laptop');
    expect(phone._id).not.toBe(laptop._id);
  });

  it('answers 404 with "Kategori bulunamadı" for an unknown slug', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/categories/yok-boyle-kategori' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'CATEGORY_NOT_FOUND', message: 'Kategori bulunamadı' });
  });

  it('answers 400, not 500, for malformed slugs', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/categories/${encodeURIComponent("'; drop table x;--")}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});
