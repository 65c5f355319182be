import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_NOTIFICATION_ERROR_CODES,
  adminNotificationMessages,
  systemNotificationHeadersSchema,
  systemNotificationResultSchema,
  systemNotificationSchema,
} from '@kiyasla/contracts/admin-notifications';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../lib/reply';
import { requireRole } from '../../plugins/policies';
import { auditActor } from '../admin/audit/audit-actor';
import { sendSystemNotification } from './system-notifications';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const m = adminNotificationMessages;

/** POST /api/admin/notifications (admins only): a system notification to all users or one role. */
export async function adminNotificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/admin/notifications',
    {
      onRequest: requireRole('admin'),
      config: {
        validationCodes: {
          [m.idempotencyKeyRequired]: ADMIN_NOTIFICATION_ERROR_CODES.keyRequired,
          [m.idempotencyKeyInvalid]: ADMIN_NOTIFICATION_ERROR_CODES.keyInvalid,
        },
      },
      schema: {
        tags: ['admin'],
        summary:
          'Tüm kullanıcılara ya da bir role sistem bildirimi gönderir (uygulama içi; e-posta/anlık/SMS kullanıcının "Sistem duyuruları" tercihine göre); denetim kaydına yazılır. Idempotency-Key (UUID) zorunludur: aynı anahtarla yinelenen istek aynı gönderimi sürdürür ve aynı sonucu döner, kimseye ikinci kez gitmez. 400 IDEMPOTENCY_KEY_REQUIRED / IDEMPOTENCY_KEY_INVALID, 422 IDEMPOTENCY_KEY_REUSED (anahtar başka bir bildirimin)',
        security: [{ bearerAuth: [] }],
        headers: systemNotificationHeadersSchema,
        body: systemNotificationSchema,
        response: { 201: okEnvelope(systemNotificationResultSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { recipients } = await sendSystemNotification(app.dbHandle.db, auditActor(req), {
        sendId: req.headers['idempotency-key'],
        ...req.body,
      });
      return reply.status(201).send(ok({ recipients }, { message: m.sent(recipients) }));
    },
  );
}
