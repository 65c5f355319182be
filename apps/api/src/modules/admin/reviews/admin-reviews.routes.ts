import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReviewIdParamsSchema,
  adminReviewListQuerySchema,
  adminReviewMessages,
  adminReviewSchema,
  adminReviewUpdateSchema,
} from '@kiyasla/contracts/admin-reviews';
import { okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../../lib/reply';
import { requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import { deleteAdminReview, listAdminReviews, setReviewApproval } from './admin-reviews.service';
import { adminErrors as errors, adminReplies, adminSecurity as security, adminTags as tags } from '../admin-routes';

/** Reviews are catalog content: moderators and admins (ADR 016). */
const staff = requireRole('admin', 'moderator');

/** /api/admin/reviews: the moderation queue of product reviews. */
export async function adminReviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db };

  adminReplies(app);

  r.get(
    '/admin/reviews',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Ürün yorumları: onay bekleyenler (varsayılan, en eskisi önce), onaylılar veya tümü; ürün, yazar ve metin araması; sayfa başına 10',
        security,
        querystring: adminReviewListQuerySchema,
        response: { 200: okEnvelope(z.array(adminReviewSchema)), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listAdminReviews(deps, req.query);
      return ok(items, { pagination });
    },
  );

  r.put(
    '/admin/reviews/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Yorumu onaylar veya onayını kaldırır; ürünün puanı onaylı yorumlardan yeniden hesaplanır',
        security,
        params: adminReviewIdParamsSchema,
        body: adminReviewUpdateSchema,
        response: { 200: okEnvelope(adminReviewSchema), ...errors },
      },
    },
    async (req) => {
      const review = await setReviewApproval(deps, auditActor(req), req.params.id, req.body.isApproved);
      return ok(review, { message: review.isApproved ? adminReviewMessages.approved : adminReviewMessages.unapproved });
    },
  );

  r.delete(
    '/admin/reviews/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Yorumu siler; onaylıysa ürünün puanı yeniden hesaplanır',
        security,
        params: adminReviewIdParamsSchema,
        response: { 200: okEnvelope(z.null()), ...errors },
      },
    },
    async (req) => {
      await deleteAdminReview(deps, auditActor(req), req.params.id);
      return ok(null, { message: adminReviewMessages.deleted });
    },
  );
}
