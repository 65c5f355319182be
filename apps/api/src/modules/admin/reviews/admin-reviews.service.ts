import { adminReviewMessages, type AdminReview, type AdminReviewListQuery } from '@kiyasla/contracts/admin-reviews';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { foldTurkish } from '@kiyasla/contracts/text';
import type { Database } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { invalidatePublicReads } from '../../../lib/public-read-cache';
import { announceReadChange, EVERYTHING } from '../../../lib/read-invalidation';
import { paginate } from '../../../lib/reply';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import * as repo from './admin-reviews.repo';

interface Deps {
  db: Database;
}

function present(row: repo.AdminReviewRow): AdminReview {
  return {
    _id: row.id,
    product: { _id: row.productId, name: row.productName },
    authorName: row.authorName,
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    isApproved: row.isApproved,
    createdAt: row.createdAt.toISOString(),
  };
}

const reviewNotFound = () => notFound('REVIEW_NOT_FOUND', adminReviewMessages.notFound);

export async function listAdminReviews(
  { db }: Deps,
  query: AdminReviewListQuery,
): Promise<{ items: AdminReview[]; pagination: Pagination }> {
  const search = query.search ? foldTurkish(query.search) : undefined;
  const { rows, total } = await repo.listReviews(db, query.status, search, query.page, query.limit);
  return { items: rows.map(present), pagination: paginate(query.page, query.limit, total) };
}

/**
 * Approves a review (shown on the product page, counted in its rating) or takes the approval back.
 * The product's rating follows in the same transaction; public pages see it at once (ADR 010).
 */
export async function setReviewApproval(
  { db }: Deps,
  actor: AuditActor,
  id: string,
  isApproved: boolean,
): Promise<AdminReview> {
  const after = await db.transaction(async (tx) => {
    const before = await repo.findReview(tx, id, { lock: true });
    if (!before) throw reviewNotFound();
    if (before.isApproved === isApproved) return present(before);
    await repo.setApproved(tx, id, isApproved);
    await repo.refreshProductRating(tx, before.productId);
    const updated = present({ ...before, isApproved });
    await recordAudit(tx, actor, {
      action: 'review.update',
      entityType: 'review',
      entityId: id,
      before: present(before),
      after: updated,
    });
    await announceReadChange(tx, EVERYTHING);
    return updated;
  });
  invalidatePublicReads();
  return after;
}

/** Deletes a review for good; an approved one leaves the product's rating. */
export async function deleteAdminReview({ db }: Deps, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.findReview(tx, id, { lock: true });
    if (!before) throw reviewNotFound();
    await repo.deleteReview(tx, id);
    if (before.isApproved) await repo.refreshProductRating(tx, before.productId);
    await recordAudit(tx, actor, {
      action: 'review.delete',
      entityType: 'review',
      entityId: id,
      before: present(before),
    });
    await announceReadChange(tx, EVERYTHING);
  });
  invalidatePublicReads();
}
