import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope } from '@kiyasla/contracts/envelope';
import { publicConfigSchema } from '@kiyasla/contracts/public-config';
import { ok } from '../../lib/reply';
import { presentPublicConfig } from './public-config';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Herkese açık site yapılandırması: özellik anahtarları, limitler, şifre kuralı, planlar, bakım durumu',
        response: { 200: okEnvelope(publicConfigSchema) },
      },
    },
    async (_req, reply) => {
      // Short, so an operator's switch reaches browsers quickly; `no-store` is not needed.
      reply.header('cache-control', 'public, max-age=30');
      return ok(presentPublicConfig(await app.settings.all(), app.config));
    },
  );
}
