import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductCreateSchema,
  adminProductIdParamsSchema,
  adminProductListQuerySchema,
  adminProductMessages,
  adminProductOfferSchema,
  adminProductSchema,
  adminProductUpdateSchema,
} from '@kiyasla/contracts/admin-products';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../../lib/reply';
import { requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import { imageMirrorOf } from '../../media/mirror-image';
import {
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProductOffers,
  listAdminProducts,
  updateAdminProduct,
} from './admin-products.service';
import { adminReplies, adminSecurity as security, adminTags as tags } from '../admin-routes';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const conflict = { 409: errorEnvelopeSchema };
/** A picture named on another site that could not be kept (IMAGE_*, ADR 021). */
const pictureFailed = { 422: errorEnvelopeSchema };

/** The catalog is moderators' work as much as admins' (ADR 016). */
const staff = requireRole('admin', 'moderator');

/** /api/admin/products: the specification's products screen. Prices are not edited here (store offers only). */
export async function adminProductRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db, images: imageMirrorOf(app) };

  adminReplies(app);

  r.get(
    '/admin/products',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Ürünler (yönetim, pasifler dahil): ad, marka, model araması (Türkçe harf duyarsız), kategori ve aktiflik süzgeci, sayfa başına 10, en yeni önce',
        security,
        querystring: adminProductListQuerySchema,
        response: { 200: okEnvelope(z.array(adminProductSchema)), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listAdminProducts(deps, req.query);
      return ok(items, { pagination });
    },
  );

  r.get(
    '/admin/products/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Tek ürün (yönetim). 404 PRODUCT_NOT_FOUND',
        security,
        params: adminProductIdParamsSchema,
        response: { 200: okEnvelope(adminProductSchema), ...errors },
      },
    },
    async (req) => ok(await getAdminProduct(deps, req.params.id)),
  );

  r.get(
    '/admin/products/:id/offers',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Ürünün mağaza teklifleri ve güncellikleri (yönetim): aktifler önce, ucuzdan pahalıya; fiyatlar yalnızca tekliflerden gelir',
        security,
        params: adminProductIdParamsSchema,
        response: { 200: okEnvelope(z.array(adminProductOfferSchema)), ...errors },
      },
    },
    async (req) => ok(await listAdminProductOffers(deps, req.params.id)),
  );

  r.post(
    '/admin/products',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Ürün oluşturur (201); slug verilmezse addan üretilir, en az bir görsel gerekir. Fiyatı mağaza tekliflerinden gelir; başka sitedeki görseller indirilip buradan sunulur. 409 PRODUCT_SLUG_TAKEN / PRODUCT_GTIN_TAKEN, 422 IMAGE_*',
        security,
        body: adminProductCreateSchema,
        response: { 201: okEnvelope(adminProductSchema), ...errors, ...conflict, ...pictureFailed },
      },
    },
    async (req, reply) => {
      const created = await createAdminProduct(deps, auditActor(req), req.body);
      return reply.status(201).send(ok(created, { message: adminProductMessages.created }));
    },
  );

  r.put(
    '/admin/products/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Ürünü formdaki alanlarla günceller; değişiklik herkese açık sayfalara hemen yansır',
        security,
        params: adminProductIdParamsSchema,
        body: adminProductUpdateSchema,
        response: { 200: okEnvelope(adminProductSchema), ...errors, ...conflict, ...pictureFailed },
      },
    },
    async (req) =>
      ok(await updateAdminProduct(deps, auditActor(req), req.params.id, req.body), {
        message: adminProductMessages.updated,
      }),
  );

  r.delete(
    '/admin/products/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Ürünü siler; mağaza teklifi, değerlendirmesi, favorisi veya fiyat alarmı olan ürün silinmez: 409 PRODUCT_IN_USE (pasif yapılabilir)',
        security,
        params: adminProductIdParamsSchema,
        response: { 200: okEnvelope(z.object({ deleted: z.literal(true) })), ...errors, ...conflict },
      },
    },
    async (req) => {
      await deleteAdminProduct(deps, auditActor(req), req.params.id);
      return ok({ deleted: true as const }, { message: adminProductMessages.deleted });
    },
  );
}
