import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminNotificationMessages,
  systemNotificationResultSchema,
  systemNotificationSchema,
} from '@kiyasla/contracts/admin-notifications';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../lib/reply';
import { requireRole } from '../../plugins/policies';
import { auditActor } from '../admin/audit/audit-actor';
import { sendSystemNotification } from './system-notifications';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/** POST /api/admin/notifications (admins only): a system notification to all users or one role. */
export async function adminNotificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/admin/notifications',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Tüm kullanıcılara ya da bir role sistem bildirimi gönderir (uygulama içi; e-posta/anlık/SMS kullanıcının "Sistem duyuruları" tercihine göre); denetim kaydına yazılır',
        security: [{ bearerAuth: [] }],
        body: systemNotificationSchema,
        response: { 201: okEnvelope(systemNotificationResultSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { recipients } = await sendSystemNotification(app.dbHandle.db, auditActor(req), req.body);
      return reply.status(201).send(ok({ recipients }, { message: adminNotificationMessages.sent(recipients) }));
    },
  );
}
