import { eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminProductMessages as m, type AdminProduct } from '@kiyasla/contracts/admin-products';
import type { AuditEntry } from '@kiyasla/contracts/admin-audit';
import { categories } from '../../../db/schema/categories';
import { productPrices } from '../../../db/schema/product-prices';
import { products } from '../../../db/schema/products';
import { storeOffers } from '../../../db/schema/store-offers';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';

const t = useTestApp();
let token: string;
let subcategory: { id: string; parentId: string };

beforeAll(async () => {
  token = (await loginAs(t.app, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password)).token;
  const [row] = await t.db.db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(isNotNull(categories.parentId))
    .limit(1);
  subcategory = { id: row!.id, parentId: row!.parentId! };
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/admin/products${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

let n = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  name: `Kulaklık Örnek ${++n}`,
  brand: 'Şahin',
  model: `ŞH-${n}`,
  category: subcategory.id,
  images: [{ url: '/images/urunler/k.jpg', alt: '', isPrimary: false }],
  specifications: { Renk: 'Siyah' },
  features: ['Gürültü engelleme'],
  tags: ['kablosuz'],
  seo: { title: '', description: 'Açıklama', keywords: ['kulaklık'] },
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const res = await call('POST', '', form(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return body<{ data: AdminProduct }>(res).data;
}

async function audit(entityId: string): Promise<AuditEntry[]> {
  const admin = await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit-log?entityType=product&entityId=${entityId}`,
    headers: bearer(admin.token),
  });
  return body<{ data: AuditEntry[] }>(res).data;
}

describe('POST /api/admin/products', () => {
  it('creates the product with its slug, place in the tree and an empty price row; prices come from offers only', async () => {
    const created = await create({ name: 'Çalışkan Işıklı Kulaklık' });
    expect(created.slug).toBe('caliskan-isikli-kulaklik');
    expect(created.category._id).toBe(subcategory.parentId);
    expect(created.subcategory?._id).toBe(subcategory.id);
    expect(created.availability).toBe('in-stock');
    expect(created.images).toEqual([
      { url: '/images/urunler/k.jpg', alt: 'Çalışkan Işıklı Kulaklık', isPrimary: true },
    ]);
    expect(created.seo.title).toBe('Çalışkan Işıklı Kulaklık');
    expect(created.lowestPrice).toBeNull();
    expect(created.offerCount).toBe(0);
    const [prices] = await t.db.db.select().from(productPrices).where(eq(productPrices.productId, created._id));
    expect(prices).toMatchObject({ minPrice: null, offerCount: 0 });
    const [entry] = await audit(created._id);
    expect(entry).toMatchObject({ action: 'product.create', actor: { role: 'moderator' } });

    // Public reads see it at once, and search finds it the Turkish-insensitive way.
    const pub = await t.app.inject({ method: 'GET', url: `/api/products/${created._id}` });
    expect(pub.statusCode, pub.body).toBe(200);
    const found = await call('GET', '?search=caliskan%20isikli');
    expect(body<{ data: AdminProduct[] }>(found).data.map((p) => p._id)).toEqual([created._id]);
  });

  it('refuses bad input in Turkish with stable codes, and keeps nothing', async () => {
    const before = (await t.db.db.select({ id: products.id }).from(products)).length;
    const noImages = await call('POST', '', form({ images: [] }));
    expect(noImages.statusCode).toBe(400);
    expect(body<{ message: string }>(noImages).message).toBe(m.imagesRequired);
    const badUrl = await call('POST', '', form({ images: [{ url: 'javascript:alert(1)' }] }));
    expect(body<{ message: string }>(badUrl).message).toBe(m.imageUrlInvalid);
    const badAvailability = await call('POST', '', form({ availability: 'bilinmiyor' }));
    expect(body<{ message: string }>(badAvailability).message).toBe(m.availabilityInvalid);
    const noCategory = await call('POST', '', form({ category: '00000000-0000-4000-8000-000000000000' }));
    expect(body<{ code: string; message: string }>(noCategory)).toMatchObject({
      code: 'PRODUCT_CATEGORY_NOT_FOUND',
      message: m.categoryNotFound,
    });
    const first = await create({ slug: 'ayni-slug' });
    const taken = await call('POST', '', form({ slug: first.slug }));
    expect(taken.statusCode).toBe(409);
    expect(body<{ code: string; message: string }>(taken)).toMatchObject({
      code: 'PRODUCT_SLUG_TAKEN',
      message: m.slugTaken,
    });
    expect((await t.db.db.select({ id: products.id }).from(products)).length).toBe(before + 1);
  });
});

describe('GET /api/admin/products', () => {
  it('pages by 10 with category and active filters', async () => {
    const res = await call('GET', '');
    const payload = body<{ data: AdminProduct[]; pagination: { limit: number; total: number } }>(res);
    expect(payload.data).toHaveLength(10);
    expect(payload.pagination.limit).toBe(10);
    expect(payload.pagination.total).toBe((await t.db.db.select({ id: products.id }).from(products)).length);

    const hidden = await create({ isActive: false });
    const inactive = body<{ data: AdminProduct[] }>(await call('GET', '?isActive=false')).data;
    expect(inactive.map((p) => p._id)).toContain(hidden._id);
    expect(inactive.every((p) => !p.isActive)).toBe(true);
    const inSub = body<{ data: AdminProduct[] }>(await call('GET', `?category=${subcategory.id}&limit=100`)).data;
    expect(inSub.length).toBeGreaterThan(0);
    expect(inSub.every((p) => p.subcategory?._id === subcategory.id)).toBe(true);
  });
});

describe('PUT /api/admin/products/{id}', () => {
  it('saves the form, reaches the public page at once and audits before and after', async () => {
    const created = await create();
    await t.app.inject({ method: 'GET', url: `/api/products/${created._id}` });
    const res = await call(
      'PUT',
      `/${created._id}`,
      form({ name: 'Yeni Adlı Kulaklık', slug: created.slug, isFeatured: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: AdminProduct }>(res).data).toMatchObject({ name: 'Yeni Adlı Kulaklık', isFeatured: true });
    const pub = await t.app.inject({ method: 'GET', url: `/api/products/${created._id}` });
    expect(body<{ data: { name: string } }>(pub).data.name).toBe('Yeni Adlı Kulaklık');
    const [entry] = await audit(created._id);
    expect(entry?.action).toBe('product.update');
    expect((entry?.before as { name: string }).name).toBe(created.name);
  });
});

describe('GET /api/admin/products/{id}/offers', () => {
  it("lists the product's offers with their freshness; a new product has none", async () => {
    const [offered] = await t.db.db.select({ id: storeOffers.productId }).from(storeOffers).limit(1);
    const res = await call('GET', `/${offered!.id}/offers`);
    expect(res.statusCode, res.body).toBe(200);
    const offers = body<{ data: Array<{ price: number; stale: boolean; store: { name: string } }> }>(res).data;
    const rows = await t.db.db.select().from(storeOffers).where(eq(storeOffers.productId, offered!.id));
    expect(offers).toHaveLength(rows.length);
    expect(offers.every((o) => typeof o.stale === 'boolean' && o.store.name.length > 0)).toBe(true);
    const created = await create();
    expect(body<{ data: unknown[] }>(await call('GET', `/${created._id}/offers`)).data).toEqual([]);
    expect((await call('GET', '/00000000-0000-4000-8000-000000000000/offers')).statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/products/{id}', () => {
  it('refuses a product with store offers and deletes an unused one', async () => {
    const [offered] = await t.db.db.select({ id: storeOffers.productId }).from(storeOffers).limit(1);
    const refused = await call('DELETE', `/${offered!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(body<{ code: string; message: string }>(refused).code).toBe('PRODUCT_IN_USE');
    expect(body<{ message: string }>(refused).message).toMatch(/mağaza teklifi.*silinemez/);

    const created = await create();
    expect((await call('DELETE', `/${created._id}`)).statusCode).toBe(200);
    const gone = await call('GET', `/${created._id}`);
    expect(body<{ code: string; message: string }>(gone)).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      message: m.notFound,
    });
    const [entry] = await audit(created._id);
    expect(entry).toMatchObject({ action: 'product.delete', after: null });
  });
});
