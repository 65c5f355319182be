import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPaymentParamsSchema,
  adminRefundResultSchema,
  adminSubscriptionHistorySchema,
  adminSubscriptionItemSchema,
  adminSubscriptionListQuerySchema,
  adminSubscriptionStatsSchema,
  adminSubscriptionUserParamsSchema,
} from '@kiyasla/contracts/admin-subscriptions';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../../lib/reply';
import { requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import {
  adminSubscriptionHistory,
  adminSubscriptionStats,
  cancelAdminSubscription,
  listAdminSubscriptions,
  refundAdminPayment,
  type AdminSubscriptionsDeps,
} from './admin-subscriptions.service';
import { adminReplies, adminSecurity as security, adminTags as tags } from '../admin-routes';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const conflict = { 409: errorEnvelopeSchema };

/** Subscriptions and refunds are admins' business only (ADR 016): moderators get 403. */
const adminOnly = requireRole('admin');

/** /api/admin/subscriptions: the specification's 'Abonelik Yönetimi' screen. */
export async function adminSubscriptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: AdminSubscriptionsDeps = {
    db: app.dbHandle.db,
    config: app.config,
    settings: app.settings,
    mail: app.mail,
    log: app.log,
  };

  adminReplies(app);

  r.get(
    '/admin/subscriptions',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Abonelikler (yalnız yöneticiler): ücretli planı olan ya da planı sona ermiş üyeler; ad/e-posta araması, plan (free, monthly, yearly, lifetime) ve durum (active, cancelled, expired) süzgeci, sayfa başına 10',
        security,
        querystring: adminSubscriptionListQuerySchema,
        response: { 200: okEnvelope(z.array(adminSubscriptionItemSchema)), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listAdminSubscriptions(deps, req.query);
      return ok(items, { pagination });
    },
  );

  r.get(
    '/admin/subscriptions/stats',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Abonelik istatistikleri: durum ve plan sayıları, plan başına tamamlanan ödemelerin geliri (TRY)',
        security,
        response: { 200: okEnvelope(adminSubscriptionStatsSchema), ...errors },
      },
    },
    async () => ok(await adminSubscriptionStats(deps)),
  );

  r.get(
    '/admin/subscriptions/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Bir üyenin aboneliği ve ödeme geçmişi (iade talepleri dahil). 404 USER_NOT_FOUND',
        security,
        params: adminSubscriptionUserParamsSchema,
        response: { 200: okEnvelope(adminSubscriptionHistorySchema), ...errors },
      },
    },
    async (req) => ok(await adminSubscriptionHistory(deps, req.params.id)),
  );

  r.delete(
    '/admin/subscriptions/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Üyenin aboneliğini iptal eder (kullanıcı kimliğiyle): otomatik yenileme kapanır, premium bitiş tarihine kadar sürer. 409 NOTHING_TO_CANCEL / SUBSCRIPTION_ALREADY_CANCELLED',
        security,
        params: adminSubscriptionUserParamsSchema,
        response: { 200: okEnvelope(adminSubscriptionItemSchema), ...errors, ...conflict },
      },
    },
    async (req) => {
      const { member, message } = await cancelAdminSubscription(deps, auditActor(req), req.params.id);
      return ok(member, { message });
    },
  );

  r.post(
    '/admin/subscriptions/payments/:paymentId/refund',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary:
          'Tamamlanmış bir ödemeyi iade eder (bir kez); ödeme mevcut planı satın aldıysa premium hemen biter. 403 REFUNDS_DISABLED, 409 PAYMENT_ALREADY_REFUNDED / PAYMENT_NOT_REFUNDABLE',
        security,
        params: adminPaymentParamsSchema,
        // 502/503: the payment provider refused or could not be reached (the payments service says which).
        response: {
          200: okEnvelope(adminRefundResultSchema),
          ...errors,
          ...conflict,
          502: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (req) => {
      const { result, message } = await refundAdminPayment(deps, auditActor(req), req.params.paymentId);
      return ok(result, { message });
    },
  );
}
