import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@kiyasla/contracts/admin-audit';
import { adminReviewMessages, type AdminReview } from '@kiyasla/contracts/admin-reviews';
import { products } from '../../../db/schema/products';
import { reviews } from '../../../db/schema/reviews';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../../../test/accounts';
import { useTestApp } from '../../../test/app';

const t = useTestApp();
let admin: string;
let moderator: string;
let productId: string;

beforeAll(async () => {
  admin = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
  moderator = (await loginAs(t.app, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password)).token;
  // A product of its own: its rating comes from these reviews only.
  const [source] = await t.db.db.select({ categoryId: products.categoryId }).from(products).limit(1);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: bearer(admin),
    payload: {
      name: 'Yorum Denemesi Ürünü',
      brand: 'Deneme',
      category: source!.categoryId,
      images: [{ url: '/images/urunler/y.jpg' }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  productId = body<{ data: { _id: string } }>(res).data._id;
});

async function addReview(rating: number, extra: Partial<typeof reviews.$inferInsert> = {}): Promise<string> {
  const [row] = await t.db.db
    .insert(reviews)
    .values({ productId, authorName: 'Şule Yazar', rating, comment: 'Gayet güzel bir ürün', ...extra })
    .returning({ id: reviews.id });
  return row!.id;
}

async function rating() {
  const [row] = await t.db.db
    .select({ averageRating: products.averageRating, ratingsCount: products.ratingsCount })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
}

const list = (query: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/reviews?${query}`, headers: bearer(token) });
const approve = (id: string, isApproved: boolean, token = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/reviews/${id}`, headers: bearer(token), payload: { isApproved } });

async function latestAudit(): Promise<AuditEntry> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/audit-log?entityType=review',
    headers: bearer(admin),
  });
  return body<{ data: AuditEntry[] }>(res).data[0]!;
}

describe('review moderation', () => {
  it('lists the pending queue oldest first, 10 a page, searchable Turkish-insensitively', async () => {
    for (let i = 0; i < 11; i += 1) {
      await addReview(3, { title: `Kuyruk ${i}`, createdAt: new Date(Date.UTC(2020, 0, 1 + i)) });
    }
    const res = await list('search=yorum denemesi');
    expect(res.statusCode, res.body).toBe(200);
    const page = body<{ data: AdminReview[]; pagination: { total: number; pages: number } }>(res);
    expect(page.data).toHaveLength(10);
    expect(page.pagination).toMatchObject({ total: 11, pages: 2 });
    expect(page.data[0]).toMatchObject({ title: 'Kuyruk 0', isApproved: false, product: { _id: productId } });
    expect(body<{ data: AdminReview[] }>(await list('search=SULE YAZAR kuyruk 10')).data).toHaveLength(1);
    expect(body<{ data: AdminReview[] }>(await list('status=approved&search=yorum denemesi')).data).toHaveLength(0);
  });

  it('refuses an unknown status in Turkish', async () => {
    const res = await list('status=gizli');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ message: adminReviewMessages.statusInvalid });
  });

  it('approving shows the review and counts it in the rating at once; taking it back undoes both; audited', async () => {
    const five = await addReview(5);
    const four = await addReview(4);
    const res = await approve(five, true, moderator);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ message: adminReviewMessages.approved, data: { isApproved: true } });
    await approve(four, true);
    expect(await rating()).toEqual({ averageRating: 4.5, ratingsCount: 2 });
    expect(await latestAudit()).toMatchObject({
      action: 'review.update',
      entityId: four,
      before: { isApproved: false },
      after: { isApproved: true },
    });

    const reviewsPage = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews` });
    expect(reviewsPage.statusCode, reviewsPage.body).toBe(200);
    expect(body<{ data: unknown[] }>(reviewsPage).data).toHaveLength(2);

    const back = await approve(five, false);
    expect(body(back)).toMatchObject({ message: adminReviewMessages.unapproved, data: { isApproved: false } });
    expect(await rating()).toEqual({ averageRating: 4, ratingsCount: 1 });
  });

  it('deletes a review for good, takes it out of the rating and audits it', async () => {
    const id = await addReview(1);
    await approve(id, true);
    const before = await rating();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/reviews/${id}`, headers: bearer(moderator) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ message: adminReviewMessages.deleted });
    expect(await rating()).toMatchObject({ ratingsCount: before.ratingsCount - 1 });
    expect(await t.db.db.select().from(reviews).where(eq(reviews.id, id))).toHaveLength(0);
    expect(await latestAudit()).toMatchObject({ action: 'review.delete', entityId: id, before: { rating: 1 } });
  });

  it('answers 404 REVIEW_NOT_FOUND for an unknown review and 400 for a malformed id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await approve(unknown, true);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 'REVIEW_NOT_FOUND', message: adminReviewMessages.notFound });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/reviews/${unknown}`, headers: bearer(admin) });
    expect(del.statusCode).toBe(404);
    expect((await approve('yorum', true)).statusCode).toBe(400);
  });
});
