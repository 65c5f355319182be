import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeSchema } from '@kiyasla/contracts/catalog';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../lib/reply';
import { getStore, listStores } from './stores.service';

export async function storeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.dbHandle.db;

  r.get(
    '/stores',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Aktif mağazalar (ad, logo, web sitesi, puan, teklif sayısı)',
        response: { 200: okEnvelope(z.array(storeSchema)) },
      },
    },
    async () => ok(await listStores(db)),
  );

  r.get(
    '/stores/:idOrSlug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Tek mağaza (UUID veya slug)',
        params: z.object({
          idOrSlug: z
            .string()
            .min(1)
            .max(100)
            .regex(/^[a-z0-9-]+$/i),
        }),
        response: { 200: okEnvelope(storeSchema), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (req) => ok(await getStore(db, req.params.idOrSlug)),
  );
}
