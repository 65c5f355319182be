import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ReviewModerationStatus } from '@kiyasla/contracts/admin-reviews';
import type { Database, Transaction } from '../../../db/client';
import { products } from '../../../db/schema/products';
import { reviews } from '../../../db/schema/reviews';

const columns = {
  id: reviews.id,
  productId: reviews.productId,
  productName: products.name,
  authorName: reviews.authorName,
  rating: reviews.rating,
  title: reviews.title,
  comment: reviews.comment,
  isApproved: reviews.isApproved,
  createdAt: reviews.createdAt,
};

/** `%`, `_` and `\` are literal in a search. */
const likePattern = (folded: string) => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(status: ReviewModerationStatus, search: string | undefined): SQL | undefined {
  return and(
    status === 'all' ? undefined : eq(reviews.isApproved, status === 'approved'),
    search
      ? sql`kiyasla_fold(${products.name} || ' ' || ${reviews.authorName} || ' ' || coalesce(${reviews.title}, '') || ' ' || coalesce(${reviews.comment}, '')) like ${likePattern(search)}`
      : undefined,
  );
}

/** Oldest pending first (a queue); approved and all newest first. `search` is already folded. */
export async function listReviews(
  db: Database,
  status: ReviewModerationStatus,
  search: string | undefined,
  page: number,
  limit: number,
) {
  const condition = where(status, search);
  const order = status === 'pending' ? asc(reviews.createdAt) : desc(reviews.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(condition)
      .orderBy(order, asc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findReview(db: Database | Transaction, id: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select(columns)
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id));
  const [row] = await (opts.lock ? query.for('update', { of: reviews }) : query);
  return row;
}

export async function setApproved(tx: Transaction, id: string, isApproved: boolean) {
  await tx.update(reviews).set({ isApproved }).where(eq(reviews.id, id));
}

export async function deleteReview(tx: Transaction, id: string) {
  await tx.delete(reviews).where(eq(reviews.id, id));
}

/** The product's rating from its approved reviews, as the seed makes it (two decimals). */
export async function refreshProductRating(tx: Transaction, productId: string) {
  await tx.execute(sql`
    update ${products} set
      average_rating = coalesce((select round(avg(r.rating)::numeric, 2) from ${reviews} r
                                 where r.product_id = ${productId} and r.is_approved), 0),
      ratings_count = (select count(*) from ${reviews} r where r.product_id = ${productId} and r.is_approved)
    where id = ${productId}`);
}

export type AdminReviewRow = NonNullable<Awaited<ReturnType<typeof findReview>>>;
