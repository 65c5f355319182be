import { eq, or } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCategoryMessages as m, type AdminCategory } from '@kiyasla/contracts/admin-categories';
import type { AuditEntry } from '@kiyasla/contracts/admin-audit';
import { categories } from '../../../db/schema/categories';
import { products } from '../../../db/schema/products';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';

const t = useTestApp();
let token: string;

beforeAll(async () => {
  token = (await loginAs(t.app, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password)).token;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/admin/categories${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

async function create(payload: Record<string, unknown>): Promise<AdminCategory> {
  const res = await call('POST', '', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body<{ data: AdminCategory }>(res).data;
}

async function audit(entityId: string): Promise<AuditEntry[]> {
  const admin = await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/audit-log?entityType=category&entityId=${entityId}`,
    headers: bearer(admin.token),
  });
  return body<{ data: AuditEntry[] }>(res).data;
}

async function topLevelWithProducts() {
  const [row] = await t.db.db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .innerJoin(products, eq(products.categoryId, categories.id))
    .limit(1);
  return row!;
}

describe('GET /api/admin/categories', () => {
  it('pages by 10 in tree order with product counts, inactive ones included', async () => {
    const res = await call('GET', '');
    expect(res.statusCode, res.body).toBe(200);
    const payload = body<{ data: AdminCategory[]; pagination: { limit: number; total: number; pages: number } }>(res);
    expect(payload.data).toHaveLength(10);
    expect(payload.pagination.limit).toBe(10);
    const total = (await t.db.db.select({ id: categories.id }).from(categories)).length;
    expect(payload.pagination.total).toBe(total);
    // A subcategory follows its parent.
    const first = payload.data[0]!;
    expect(first.parent).toBeNull();
    const child = payload.data.find((c) => c.parent);
    if (child)
      expect(payload.data.findIndex((c) => c._id === child.parent!._id)).toBeLessThan(payload.data.indexOf(child));
    expect(payload.data.some((c) => c.productCount > 0)).toBe(true);

    const all = body<{ data: AdminCategory[] }>(await call('GET', '?limit=100')).data;
    expect(all.length).toBe(Math.min(total, 100));
  });

  it('searches names Turkish-insensitively on the server', async () => {
    await create({ name: 'Kış Ürünleri Arama' });
    const res = await call('GET', '?search=KIS%20URUNLERI');
    const names = body<{ data: AdminCategory[] }>(res).data.map((c) => c.name);
    expect(names).toContain('Kış Ürünleri Arama');
  });
});

describe('POST /api/admin/categories', () => {
  it('makes the slug from a Turkish name, copies the name to the SEO title, parses the order, audits', async () => {
    const created = await create({ name: 'Beyaz Eşya Çeşitleri', order: '7', icon: '🧊' });
    expect(created.slug).toBe('beyaz-esya-cesitleri');
    expect(created.seoTitle).toBe('Beyaz Eşya Çeşitleri');
    expect(created.order).toBe(7);
    expect(created.isActive).toBe(true);
    const [entry] = await audit(created._id);
    expect(entry?.action).toBe('category.create');
    expect(entry?.actor.role).toBe('moderator');
    expect((await create({ name: 'Sırasız' })).order).toBe(0);
  });

  it('refuses bad input in Turkish with stable codes', async () => {
    const badOrder = await call('POST', '', { name: 'Sıra', order: '2,5' });
    expect(badOrder.statusCode).toBe(400);
    expect(body<{ message: string }>(badOrder).message).toBe(m.orderInvalid);
    const noName = await call('POST', '', { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(body<{ message: string }>(noName).message).toBe(m.nameRequired);
    const noSlug = await call('POST', '', { name: '???' });
    expect(body<{ code: string; message: string }>(noSlug)).toMatchObject({
      code: 'CATEGORY_SLUG_INVALID',
      message: m.slugEmpty,
    });
    const badSlug = await call('POST', '', { name: 'X', slug: 'Büyük Harf' });
    expect(body<{ message: string }>(badSlug).message).toBe(m.slugInvalid);
  });

  it('keeps slugs unique among siblings only (ADR 003)', async () => {
    const a = await create({ name: 'Kardeş A' });
    const b = await create({ name: 'Kardeş B' });
    await create({ name: 'Oyun', slug: 'oyun-ek', parent: a._id });
    const again = await call('POST', '', { name: 'Oyun', slug: 'oyun-ek', parent: a._id });
    expect(again.statusCode).toBe(409);
    expect(body<{ code: string }>(again).code).toBe('CATEGORY_SLUG_TAKEN');
    await create({ name: 'Oyun', slug: 'oyun-ek', parent: b._id });
  });
});

describe('PUT /api/admin/categories/{id}', () => {
  it('refuses a parent that would break the two-level tree or make a cycle', async () => {
    const top = await create({ name: 'Üst Kategori' });
    const child = await create({ name: 'Alt Kategori', parent: top._id });
    const self = await call('PUT', `/${top._id}`, { parent: top._id });
    expect(body<{ code: string }>(self).code).toBe('CATEGORY_PARENT_SELF');
    const other = await create({ name: 'Başka' });
    const underChild = await call('PUT', `/${other._id}`, { parent: child._id });
    expect(underChild.statusCode).toBe(400);
    expect(body<{ code: string; message: string }>(underChild)).toMatchObject({
      code: 'CATEGORY_PARENT_NOT_TOP_LEVEL',
      message: m.parentNotTopLevel,
    });
    const cycle = await call('PUT', `/${top._id}`, { parent: other._id });
    expect(cycle.statusCode).toBe(409);
    expect(body<{ code: string }>(cycle).code).toBe('CATEGORY_PARENT_HAS_CHILDREN');
    const missing = await call('PUT', `/${other._id}`, { parent: '00000000-0000-4000-8000-000000000000' });
    expect(body<{ code: string }>(missing).code).toBe('CATEGORY_PARENT_NOT_FOUND');
  });

  it('moves the products with a moved subcategory and keeps search finding them by the new name', async () => {
    const [sub] = await t.db.db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .innerJoin(products, eq(products.subcategoryId, categories.id))
      .limit(1);
    const newParent = await create({ name: 'Yeni Ebeveyn' });
    const res = await call('PUT', `/${sub!.id}`, { parent: newParent._id, name: 'Zümrütyeşili Özel' });
    expect(res.statusCode, res.body).toBe(200);
    const updated = body<{ data: AdminCategory }>(res).data;
    expect(updated.parent?._id).toBe(newParent._id);
    const moved = await t.db.db
      .select({ categoryId: products.categoryId, searchText: products.searchText })
      .from(products)
      .where(eq(products.subcategoryId, sub!.id));
    expect(moved.length).toBeGreaterThan(0);
    for (const p of moved) {
      expect(p.categoryId).toBe(newParent._id);
      expect(p.searchText).toContain('zumrutyesili');
    }
    const [entry] = await audit(sub!.id);
    expect(entry).toMatchObject({ action: 'category.update' });
    expect((entry!.before as { parent: { _id: string } }).parent._id).toBe(sub!.parentId);
  });

  it("answers 404 'Kategori bulunamadı' for an unknown id", async () => {
    const res = await call('PUT', '/00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(res.statusCode).toBe(404);
    expect(body<{ code: string; message: string }>(res)).toMatchObject({
      code: 'CATEGORY_NOT_FOUND',
      message: m.notFound,
    });
  });
});

describe('DELETE /api/admin/categories/{id}', () => {
  it('refuses while the category holds products, naming the count', async () => {
    const cat = await topLevelWithProducts();
    const count = (
      await t.db.db
        .select({ id: products.id })
        .from(products)
        .where(or(eq(products.categoryId, cat.id), eq(products.subcategoryId, cat.id)))
    ).length;
    const res = await call('DELETE', `/${cat.id}`);
    expect(res.statusCode).toBe(409);
    expect(body<{ code: string; message: string }>(res)).toMatchObject({
      code: 'CATEGORY_HAS_PRODUCTS',
      message: m.hasProducts(count),
    });
    expect(await t.db.db.select().from(categories).where(eq(categories.id, cat.id))).toHaveLength(1);
  });

  it('refuses while it has subcategories, deletes an empty one and audits it', async () => {
    const top = await create({ name: 'Silinecek Üst' });
    const child = await create({ name: 'Silinecek Alt', parent: top._id });
    const refused = await call('DELETE', `/${top._id}`);
    expect(body<{ code: string }>(refused).code).toBe('CATEGORY_HAS_CHILDREN');
    expect((await call('DELETE', `/${child._id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/${top._id}`)).statusCode).toBe(200);
    expect((await call('GET', `/${top._id}`)).statusCode).toBe(404);
    const [entry] = await audit(top._id);
    expect(entry).toMatchObject({ action: 'category.delete', after: null });
  });
});
