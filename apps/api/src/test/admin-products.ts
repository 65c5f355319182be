import { expect } from 'vitest';
import { products } from '../db/schema/products';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from './accounts';
import type { TestApp } from './app';

/**
 * A product named `name`, created in the admin or, given `existing`, renamed there: the write path
 * of a catalog edit (its triggers, and its announcement of a change of everything).
 */
export async function writeProductInAdmin(
  t: TestApp,
  name: string,
  existing?: { _id: string; slug: string },
): Promise<{ _id: string; slug: string }> {
  const admin = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
  const [source] = await t.db.db.select({ categoryId: products.categoryId }).from(products).limit(1);
  const form = { name, brand: 'Deneme', category: source!.categoryId, images: [{ url: '/images/urunler/d.jpg' }] };
  const res = await t.app.inject({
    method: existing ? 'PUT' : 'POST',
    url: existing ? `/api/admin/products/${existing._id}` : '/api/admin/products',
    headers: bearer(admin),
    payload: existing ? { ...form, slug: existing.slug } : form,
  });
  expect(res.statusCode, res.body).toBe(existing ? 200 : 201);
  return body<{ data: { _id: string; slug: string } }>(res).data;
}
