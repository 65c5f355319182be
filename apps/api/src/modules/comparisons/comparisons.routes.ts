import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMPARISON_ERROR_CODES,
  compareRequestSchema,
  comparisonListQuerySchema,
  comparisonResultSchema,
  createComparisonRequestSchema,
  publicComparisonsQuerySchema,
  savedComparisonDetailSchema,
  savedComparisonPageSchema,
  savedComparisonSchema,
  TOO_MANY_PRODUCT_IDS_MESSAGE,
  updateComparisonRequestSchema,
} from '@kiyasla/contracts/comparisons';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import { messages } from '@kiyasla/contracts/messages';
import { ok } from '../../lib/reply';
import { errorResponses } from '../../plugins/error-handler';
import {
  currentUser,
  optionalUser,
  planLimits,
  requireFeature,
  requireUser,
  requireUserTo,
} from '../../plugins/policies';
import {
  compareProducts,
  createComparison,
  deleteComparison,
  getComparison,
  listOwnComparisons,
  listPublicComparisons,
  updateComparison,
} from './comparisons.service';

const m = messages.comparisons;
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.string().min(1).max(100) });

/** Saving needs a session; a visitor without one is told so in the words of spec §5. */
const requireUserToSave = requireUserTo(m.loginRequired);
/** Every call: 403 COMPARISON_DISABLED while the admin has comparison switched off. */
const comparisonOn = requireFeature('enableComparison');

/**
 * /api/comparisons: side-by-side comparison (open to visitors), saved comparisons (own, public),
 * and the premium pros/cons analysis, which `POST /comparisons/compare` and `GET /comparisons/{id}`
 * include for premium callers only.
 */
export async function comparisonRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db, settings: app.settings };

  // A schema failure answers with the rule's own Turkish message ('En az 2 ürün seçmelisiniz',
  // 'Karşılaştırma adı gereklidir') rather than a generic one.
  errorResponses(app, {
    validationMessage: 'first-field',
    validationCodes: {
      [m.tooFew]: COMPARISON_ERROR_CODES.tooFew,
      [TOO_MANY_PRODUCT_IDS_MESSAGE]: COMPARISON_ERROR_CODES.tooMany,
    },
  });

  r.post(
    '/comparisons/compare',
    {
      onRequest: optionalUser,
      preHandler: comparisonOn,
      schema: {
        tags: ['comparisons'],
        summary:
          '2..maxComparisonItems ürünü karşılaştırır (ziyaretçiler de). Avantaj/dezavantaj analizi (pros/cons) yalnızca ' +
          'premium kullanıcılar için hesaplanır; diğerlerinde boş listeler ve prosConsIncluded=false döner',
        body: compareRequestSchema,
        response: { 200: okEnvelope(comparisonResultSchema), ...errors },
      },
    },
    async (req) => ok(await compareProducts(deps, req.user, req.body.productIds)),
  );

  r.get(
    '/comparisons/public',
    {
      onRequest: optionalUser,
      preHandler: comparisonOn,
      schema: {
        tags: ['comparisons'],
        summary: 'Herkese açık kayıtlı karşılaştırmalar, en yeni önce (kategori ve etiket filtreli)',
        querystring: publicComparisonsQuerySchema,
        response: { 200: okEnvelope(savedComparisonPageSchema), ...errors },
      },
    },
    async (req) => {
      const page = await listPublicComparisons(deps, req.user, req.query);
      return ok(page, { pagination: page.pagination });
    },
  );

  r.get(
    '/comparisons',
    {
      onRequest: requireUser,
      preHandler: comparisonOn,
      schema: {
        tags: ['comparisons'],
        summary: 'Kullanıcının kayıtlı karşılaştırmaları (data.data ve data.pagination)',
        security,
        querystring: comparisonListQuerySchema,
        response: { 200: okEnvelope(savedComparisonPageSchema), ...errors },
      },
    },
    async (req) => {
      const page = await listOwnComparisons(deps, currentUser(req), req.query);
      return ok(page, { pagination: page.pagination });
    },
  );

  r.post(
    '/comparisons',
    {
      onRequest: requireUserToSave,
      preHandler: comparisonOn,
      schema: {
        tags: ['comparisons'],
        summary:
          'Karşılaştırmayı kaydeder (201). Aynı karşılaştırma (bütün alanları aynı) yeniden gönderilirse ' +
          'kayıtlı olanı döner (200), ikinci kez kaydetmez. Plan limiti: ücretsiz 3, aylık 10, yıllık ve ' +
          'ömür boyu sınırsız (403 COMPARISON_LIMIT)',
        security,
        body: createComparisonRequestSchema,
        response: { 200: okEnvelope(savedComparisonSchema), 201: okEnvelope(savedComparisonSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { savedComparisons: limit } = await planLimits(req);
      const { saved, created } = await createComparison(deps, currentUser(req), req.body, limit);
      return reply.status(created ? 201 : 200).send(ok(saved, { message: m.saved }));
    },
  );

  r.get(
    '/comparisons/:id',
    {
      onRequest: optionalUser,
      preHandler: comparisonOn,
      schema: {
        tags: ['comparisons'],
        summary:
          'Kayıtlı karşılaştırma (kendi veya herkese açık): data.products tam karşılaştırma öğeleri; başkasının ' +
          'gizli karşılaştırması 404',
        params: idParams,
        response: { 200: okEnvelope(savedComparisonDetailSchema), ...errors },
      },
    },
    async (req) => ok(await getComparison(deps, req.user, req.params.id)),
  );

  r.put(
    '/comparisons/:id',
    {
      onRequest: requireUser,
      preHandler: comparisonOn,
      schema: {
        tags: ['comparisons'],
        summary: 'Kendi karşılaştırmasını günceller (alanlardan herhangi biri)',
        security,
        params: idParams,
        body: updateComparisonRequestSchema,
        response: { 200: okEnvelope(savedComparisonSchema), ...errors },
      },
    },
    async (req) => ok(await updateComparison(deps, currentUser(req), req.params.id, req.body), { message: m.updated }),
  );

  r.delete(
    '/comparisons/:id',
    {
      onRequest: requireUser,
      preHandler: comparisonOn,
      schema: {
        tags: ['comparisons'],
        summary: 'Kendi karşılaştırmasını siler',
        security,
        params: idParams,
        response: { 200: okEnvelope(z.null()), ...errors },
      },
    },
    async (req) => {
      await deleteComparison(deps, currentUser(req), req.params.id);
      return ok(null, { message: m.deleted });
    },
  );
}
