import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntrySchema, auditLogQuerySchema } from '@kiyasla/contracts/admin-audit';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../../lib/reply';
import { requireRole } from '../../../plugins/policies';
import { listAudit } from './audit.service';
import { adminReplies } from '../admin-routes';

/** /api/admin/audit-log: admins only (ADR 016). */
export async function adminAuditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.dbHandle;

  adminReplies(app);

  r.get(
    '/admin/audit-log',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary:
          'Denetim kaydı (yalnız yöneticiler): her yönetim yazması, en yeni önce, sayfa başına 10; işlemi yapan (id veya e-posta), işlem, kayıt türü/id ve tarih aralığı (gün, Türkiye saati) süzgeçleri',
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuerySchema,
        response: {
          200: okEnvelope(z.array(auditEntrySchema)),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (req) => {
      const { items, pagination } = await listAudit(db, req.query);
      return ok(items, { pagination });
    },
  );
}
