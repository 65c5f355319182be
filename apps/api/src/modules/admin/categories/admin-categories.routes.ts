import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategoryCreateSchema,
  adminCategoryIdParamsSchema,
  adminCategoryListQuerySchema,
  adminCategoryMessages,
  adminCategorySchema,
  adminCategoryUpdateSchema,
} from '@kiyasla/contracts/admin-categories';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../../lib/reply';
import { requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import {
  createAdminCategory,
  deleteAdminCategory,
  getAdminCategory,
  listAdminCategories,
  updateAdminCategory,
} from './admin-categories.service';
import { adminReplies, adminSecurity as security, adminTags as tags } from '../admin-routes';
import { imageMirrorOf } from '../../media/mirror-image';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const conflict = { 409: errorEnvelopeSchema };

/** The catalog is moderators' work as much as admins' (ADR 016). */
const staff = requireRole('admin', 'moderator');

/** /api/admin/categories: the specification's categories screen and the product form's dropdown. */
export async function adminCategoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db, images: imageMirrorOf(app) };

  adminReplies(app);

  r.get(
    '/admin/categories',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Kategoriler (yönetim, pasifler dahil): ağaç sırasında, ad veya slug araması, sayfa başına 10 (ürün formu için 100)',
        security,
        querystring: adminCategoryListQuerySchema,
        response: { 200: okEnvelope(z.array(adminCategorySchema)), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listAdminCategories(deps, req.query);
      return ok(items, { pagination });
    },
  );

  r.get(
    '/admin/categories/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Tek kategori (yönetim). 404 CATEGORY_NOT_FOUND',
        security,
        params: adminCategoryIdParamsSchema,
        response: { 200: okEnvelope(adminCategorySchema), ...errors },
      },
    },
    async (req) => ok(await getAdminCategory(deps, req.params.id)),
  );

  r.post(
    '/admin/categories',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Kategori oluşturur (201); slug verilmezse addan üretilir (Türkçe harfler çevrilir), SEO başlığı boşsa ad. 409 CATEGORY_SLUG_TAKEN',
        security,
        body: adminCategoryCreateSchema,
        response: { 201: okEnvelope(adminCategorySchema), ...errors, ...conflict },
      },
    },
    async (req, reply) => {
      const created = await createAdminCategory(deps, auditActor(req), req.body);
      return reply.status(201).send(ok(created, { message: adminCategoryMessages.created }));
    },
  );

  r.put(
    '/admin/categories/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Kategoriyi günceller (gönderilen alanlar). Üst kategori bir ana kategori olmalı; taşınan kategorinin ürünleri yeni yerine geçer. 409 CATEGORY_SLUG_TAKEN / CATEGORY_PARENT_HAS_CHILDREN',
        security,
        params: adminCategoryIdParamsSchema,
        body: adminCategoryUpdateSchema,
        response: { 200: okEnvelope(adminCategorySchema), ...errors, ...conflict },
      },
    },
    async (req) =>
      ok(await updateAdminCategory(deps, auditActor(req), req.params.id, req.body), {
        message: adminCategoryMessages.updated,
      }),
  );

  r.delete(
    '/admin/categories/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Kategoriyi siler; ürünü veya alt kategorisi olan kategori silinmez: 409 CATEGORY_HAS_PRODUCTS (mesaj ürün sayısını söyler) / CATEGORY_HAS_CHILDREN',
        security,
        params: adminCategoryIdParamsSchema,
        response: { 200: okEnvelope(z.object({ deleted: z.literal(true) })), ...errors, ...conflict },
      },
    },
    async (req) => {
      await deleteAdminCategory(deps, auditActor(req), req.params.id);
      return ok({ deleted: true as const }, { message: adminCategoryMessages.deleted });
    },
  );
}
