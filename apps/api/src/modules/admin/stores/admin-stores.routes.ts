import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminListQuerySchema,
  adminStoreCreateSchema,
  adminStoreIdParamsSchema,
  adminStoreListQuerySchema,
  adminStoreMessages,
  adminStoreSchema,
  adminStoreUpdateSchema,
  adminUnmatchedParamsSchema,
  feedImportSchema,
  feedMatchRequestSchema,
  feedUnmatchedItemSchema,
} from '@kiyasla/contracts/admin-stores';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { ok } from '../../../lib/reply';
import { requireRole } from '../../../plugins/policies';
import { auditActor } from '../audit/audit-actor';
import {
  createAdminStore,
  deleteAdminStore,
  getAdminStore,
  listAdminStores,
  listStoreImports,
  listStoreUnmatched,
  matchUnmatchedItem,
  updateAdminStore,
} from './admin-stores.service';
import { feedFetchAllow } from '../../feeds/fetch/fetch-allow';
import { imageMirrorOf } from '../../media/mirror-image';
import { feedPullRoutes } from './feed-pull.routes';
import { feedUploadRoutes } from './feed-upload.routes';
import { adminReplies, adminSecurity as security, adminTags as tags } from '../admin-routes';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const conflict = { 409: errorEnvelopeSchema };

/** Stores, feeds and unmatched items are moderators' work as much as admins' (issue 15's split). */
const staff = requireRole('admin', 'moderator');

/** /api/admin/stores: stores with their feed settings, import history and unmatched items (ADR 014). */
export async function adminStoreRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db, fetchAllow: () => feedFetchAllow(app), images: imageMirrorOf(app) };

  adminReplies(app);

  r.get(
    '/admin/stores',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Mağazalar (yönetim): ada göre arama (q), sayfa başına 10, teklif sayıları ve son içe aktarım',
        security,
        querystring: adminStoreListQuerySchema,
        response: { 200: okEnvelope(z.array(adminStoreSchema)), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listAdminStores(deps, req.query);
      return ok(items, { pagination });
    },
  );

  r.post(
    '/admin/stores',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Mağaza oluşturur (201); slug verilmezse addan üretilir. 409 STORE_SLUG_TAKEN',
        security,
        body: adminStoreCreateSchema,
        response: { 201: okEnvelope(adminStoreSchema), ...errors, ...conflict },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(ok(await createAdminStore(deps, auditActor(req), req.body), { message: adminStoreMessages.created })),
  );

  r.get(
    '/admin/stores/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Tek mağaza (yönetim): besleme ayarları, teklif sayıları, son içe aktarım',
        security,
        params: adminStoreIdParamsSchema,
        response: { 200: okEnvelope(adminStoreSchema), ...errors },
      },
    },
    async (req) => ok(await getAdminStore(deps, req.params.id)),
  );

  r.put(
    '/admin/stores/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Mağazayı günceller (gönderilen alanlar); besleme adresi veya aralığı değişince çekim hemen planlanır',
        security,
        params: adminStoreIdParamsSchema,
        body: adminStoreUpdateSchema,
        response: { 200: okEnvelope(adminStoreSchema), ...errors, ...conflict },
      },
    },
    async (req) =>
      ok(await updateAdminStore(deps, auditActor(req), req.params.id, req.body), {
        message: adminStoreMessages.updated,
      }),
  );

  r.delete(
    '/admin/stores/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Teklifi olmayan mağazayı siler; teklifi (fiyat geçmişi) olan mağaza silinmez: 409 STORE_HAS_OFFERS',
        security,
        params: adminStoreIdParamsSchema,
        response: { 200: okEnvelope(z.object({ deleted: z.literal(true) })), ...errors, ...conflict },
      },
    },
    async (req) => {
      await deleteAdminStore(deps, auditActor(req), req.params.id);
      return ok({ deleted: true as const }, { message: adminStoreMessages.deleted });
    },
  );

  r.get(
    '/admin/stores/:id/imports',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Mağazanın besleme içe aktarım geçmişi ve raporları, en yeni önce',
        security,
        params: adminStoreIdParamsSchema,
        querystring: adminListQuerySchema,
        response: { 200: okEnvelope(z.array(feedImportSchema)), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listStoreImports(deps, req.params.id, req.query.page, req.query.limit);
      return ok(items, { pagination });
    },
  );

  r.get(
    '/admin/stores/:id/unmatched',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Ürünle eşleşmeyen besleme kalemleri: eşleştirilmemişler önce, en son görülen önce',
        security,
        params: adminStoreIdParamsSchema,
        querystring: adminListQuerySchema,
        response: { 200: okEnvelope(z.array(feedUnmatchedItemSchema)), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listStoreUnmatched(deps, req.params.id, req.query.page, req.query.limit);
      return ok(items, { pagination });
    },
  );

  r.post(
    '/admin/stores/:id/unmatched/:itemId/match',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          'Eşleşmeyen kalemi bir ürüne eşler; sonraki içe aktarımlar bu eşlemeyi kullanır. 404 PRODUCT_NOT_FOUND, ' +
          '409 UNMATCHED_ALREADY_MATCHED / STORE_PRODUCT_HAS_OFFER',
        security,
        params: adminUnmatchedParamsSchema,
        body: feedMatchRequestSchema,
        response: { 200: okEnvelope(feedUnmatchedItemSchema), ...errors, ...conflict },
      },
    },
    async (req) =>
      ok(await matchUnmatchedItem(deps, auditActor(req), req.params.id, req.params.itemId, req.body.productId), {
        message: adminStoreMessages.matched,
      }),
  );

  // Its own context: it reads request bodies as streams (its own content-type parsers).
  await app.register(feedUploadRoutes);
  await app.register(feedPullRoutes);
}
