import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminStatsSchema } from '@kiyasla/contracts/admin-stats';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../../lib/reply';
import { currentUser, requireRole } from '../../../plugins/policies';
import { getAdminStats } from './admin-stats.service';
import { adminReplies } from '../admin-routes';

/** The dashboard is for every operator (ADR 016). */
const staff = requireRole('admin', 'moderator');

/** /api/admin/stats: the dashboard's figures. */
export async function adminStatsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db };

  adminReplies(app);

  r.get(
    '/admin/stats',
    {
      onRequest: staff,
      schema: {
        tags: ['admin'],
        summary:
          'Gösterge paneli: kullanıcı, ürün ve değerlendirme sayıları, son 5 kullanıcı, gelir özeti; eğilimler bu ay ile geçen ayın karşılaştırması (Türkiye saati)',
        security: [{ bearerAuth: [] }],
        response: { 200: okEnvelope(adminStatsSchema), 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (req) => ok(await getAdminStats(deps, currentUser(req))),
  );
}
