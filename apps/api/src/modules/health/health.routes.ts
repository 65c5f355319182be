import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@kiyasla/contracts/envelope';
import { healthSchema } from '@kiyasla/contracts/health';
import { errorEnvelopeSchema } from '@kiyasla/contracts/envelope';
import { messages } from '@kiyasla/contracts/messages';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Servis ve veritabanı sağlığı',
        response: { 200: okEnvelope(healthSchema), 503: errorEnvelopeSchema },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      try {
        await app.dbHandle.ping();
        return { success: true as const, data: { status: 'ok' as const, database: 'ok' as const } };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ success: false as const, code: 'DATABASE_UNAVAILABLE', message: messages.health.databaseDown });
      }
    },
  );
}
