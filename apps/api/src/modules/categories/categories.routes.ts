import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryNodeSchema, categorySchema, type Category } from '@kiyasla/contracts/catalog';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { PreparedReplies } from '../../lib/prepared-reply';
import { ok } from '../../lib/reply';
import { buildTree, getCategory, listCategories } from './categories.service';
import { slugOrIdSchema } from '@kiyasla/contracts/catalog';

// The category list is cached (categories.service); both answers are made once per cached list.
const listReplies = new PreparedReplies<Category[]>(ok);
const treeReplies = new PreparedReplies<Category[]>((list) => ok(buildTree(list)));

export async function categoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.dbHandle.db;

  r.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Tüm aktif kategoriler (düz liste, üst kategoriler parent: null)',
        response: { 200: okEnvelope(z.array(categorySchema)) },
      },
    },
    async (_req, reply) => listReplies.send(reply, await listCategories(db)),
  );

  r.get(
    '/categories/tree',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Kategori ağacı (üst kategoriler ve alt kategorileri)',
        response: { 200: okEnvelope(z.array(categoryNodeSchema)) },
      },
    },
    async (_req, reply) => treeReplies.send(reply, await listCategories(db)),
  );

  r.get(
    '/categories/:idOrSlug',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Tek kategori: UUID, üst kategori slug’ı ya da ?parent=<slug> ile alt kategori slug’ı',
        params: z.object({ idOrSlug: slugOrIdSchema }),
        querystring: z.object({ parent: slugOrIdSchema.optional() }),
        response: {
          200: okEnvelope(
            categorySchema.extend({
              children: z.array(categoryNodeSchema),
              parentCategory: categorySchema.nullable(),
            }),
          ),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (req) => ok(await getCategory(db, req.params.idOrSlug, req.query.parent)),
  );
}
