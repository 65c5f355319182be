import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAnalyticsSchema,
  analyticsDownloadQuerySchema,
  analyticsExportQuerySchema,
  analyticsExportSchema,
  analyticsMessages,
  analyticsQuerySchema,
} from '@kiyasla/contracts/admin-analytics';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { AppError } from '../../../lib/errors';
import { ok } from '../../../lib/reply';
import { requireRole } from '../../../plugins/policies';
import {
  analyticsCsv,
  analyticsExportLink,
  exportLinkValid,
  getAnalytics,
  type AnalyticsDeps,
} from './admin-analytics.service';
import { adminReplies, adminSecurity as security, adminTags as tags } from '../admin-routes';

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
/** The specification lets both operator roles view and export analytics (ADR 016: like the dashboard). */
const staff = requireRole('admin', 'moderator');

/** /api/admin/analytics: the analytics page's figures and their CSV export. */
export async function adminAnalyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: AnalyticsDeps = {
    db: app.dbHandle.db,
    jwtSecret: app.config.jwtSecret,
    figures: () => app.metrics.figures(),
    maintenanceActive: async () => (await app.maintenance()).active,
  };
  adminReplies(app);

  r.get(
    '/admin/analytics',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Analitik: kullanıcı, ürün, gelir ve sistem göstergeleri (dönem: today, week, month, year; varsayılan month)',
        security,
        querystring: analyticsQuerySchema,
        response: { 200: okEnvelope(adminAnalyticsSchema), ...errors },
      },
    },
    async (req) => ok(await getAnalytics(deps, req.query.period)),
  );

  r.get(
    '/admin/analytics/export',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Analitik dışa aktarma bağlantısı (data.downloadUrl, 5 dakika geçerli): CSV, UTF-8 BOM',
        security,
        querystring: analyticsExportQuerySchema,
        response: { 200: okEnvelope(analyticsExportSchema), ...errors },
      },
    },
    async (req) => ok(analyticsExportLink(deps.jwtSecret, req.query.period)),
  );

  r.get(
    '/admin/analytics/export/download',
    {
      schema: {
        tags,
        summary: 'İmzalı bağlantıyla analitik CSV dosyası; süresi dolan veya bozuk imza 403',
        querystring: analyticsDownloadQuerySchema,
        response: { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const { period, expires, signature } = req.query;
      if (!exportLinkValid(deps.jwtSecret, period, expires, signature)) {
        throw new AppError(403, 'EXPORT_LINK_INVALID', analyticsMessages.exportLinkInvalid);
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kiyasla-analitik-${period}-${day}.csv"`)
        .send(analyticsCsv(await getAnalytics(deps, period)) as never);
    },
  );
}
