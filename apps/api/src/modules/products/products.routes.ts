import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  facetsSchema,
  PRICE_HISTORY_RANGES,
  priceHistorySchema,
  productCardSchema,
  productDetailSchema,
  REVIEW_SORTS,
  reviewSchema,
  reviewSummarySchema,
  sitemapPartSchema,
  sitemapProductSchema,
  storeOfferSchema,
} from '@kiyasla/contracts/catalog';
import { REVIEW_PAGE_SIZE } from '@kiyasla/contracts/constants';
import { errorEnvelopeSchema, paginationSchema } from '@kiyasla/contracts/envelope';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer';
import { PreparedBody, PreparedReplies, sendPrepared } from '../../lib/prepared-reply';
import { PublicReadCache } from '../../lib/public-read-cache';
import { ok } from '../../lib/reply';
import { listingQueryBase, listingQuerySchema, withPriceRangeCheck } from '@kiyasla/contracts/listing';
import { productProsConsSchema } from '@kiyasla/contracts/comparisons';
import { messages } from '@kiyasla/contracts/messages';
import { requirePlan, requirePremiumForAdvancedFilters } from '../../plugins/policies';
import { getProductProsCons } from '../comparisons/product-pros-cons.service';
import {
  getPriceHistory,
  getProductDetail,
  getProductOffers,
  getProductReviews,
  listProducts,
  listSitemapPart,
  listSitemapParts,
  type ListingResult,
} from './products.service';
import { ViewRecorder } from './view-recorder';
import { slugOrIdSchema } from '@kiyasla/contracts/catalog';
import { wholeNumberParam } from '@kiyasla/contracts/query-number';

const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const listingErrors = { ...errors, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

const productId = z.object({ id: z.string().min(1).max(64) });

const listResponse = z.object({
  success: z.literal(true),
  data: z.array(productCardSchema),
  pagination: paginationSchema,
  facets: facetsSchema.optional(),
});

// Cached listing results (products.service) are answered with their bytes from the first time.
const listingReplies = new PreparedReplies<ListingResult>(({ items, pagination, facets }) => ({
  success: true as const,
  data: items,
  pagination,
  ...(facets ? { facets } : {}),
}));

// Product pages: the hottest public read. Their replies are cached as bytes (a detail is ~6 KB of
// JSON, ~2 KB compressed), per product id, so that a price change drops just that product.
const detailReplies = new PublicReadCache<PreparedBody>(30_000, 20_000, { perProduct: true, name: 'product_detail' });
const offerReplies = new PublicReadCache<PreparedBody>(30_000, 5_000, { perProduct: true, name: 'product_offers' });

// Price-history tabs, per product and asked variant (range, store, per-store lines). Each entry is
// tagged with its product, so the product's price changes drop it as they drop its page. Only
// replies up to HISTORY_KEPT_MAX_BYTES of JSON are kept (the default tab, three months of one line,
// is ~4 KB): per-store lines over years reach megabytes and are answered afresh. With their
// compressed forms, at most ~230 MB.
const HISTORY_KEPT_MAX_BYTES = 32 * 1024;
const historyReplies = new PublicReadCache<PreparedBody>(30_000, 5_000, { name: 'product_price_history' });

/** A reply too large to keep: the load hands it to its callers instead of the cache storing it. */
class UnkeptReply extends Error {
  constructor(readonly body: PreparedBody) {
    super('reply too large to cache');
  }
}

export async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.dbHandle.db;
  const views = new ViewRecorder(db, app.log);
  // The hot replies: written by a compiled serializer (checked against the zod one outside production).
  const serializerCompiler = compiledSerializerCompiler(app.config.env === 'production' ? 'compiled' : 'verify');
  app.addHook('onClose', async () => views.flush());

  r.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Ürün listesi: kategori, marka, mağaza, fiyat ve özellik filtreleri, sıralama, sayfalama',
        description:
          'Çok değerli filtreler parametre tekrarıyla verilir (brand=Apple&brand=Samsung); özellik filtresi spec=<anahtar>:<değer>. Bir grubun değerleri VEYA, gruplar VE ile birleşir. facets=true filtre panelinin sayımlarını da döndürür. Gelişmiş filtreler (freeShipping, inStock, priceDropped, lowestIn6m) yalnızca premium üyeler içindir: diğer çağıranlara 403 PREMIUM_REQUIRED.',
        querystring: listingQuerySchema,
        response: { 200: listResponse, ...listingErrors },
      },
      preHandler: requirePremiumForAdvancedFilters,
      serializerCompiler,
    },
    async (req, reply) => {
      const { category, subcategory, ...q } = req.query;
      const result = await listProducts(
        db,
        { ...(category ? { category } : {}), ...(subcategory ? { subcategory } : {}) },
        { ...q, category, subcategory },
      );
      return listingReplies.send(reply, result);
    },
  );

  r.get(
    '/categories/:idOrSlug/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Bir kategorinin (veya ?parent= ile alt kategorinin) ürünleri, filtreler ve facet’ler',
        params: z.object({ idOrSlug: slugOrIdSchema }),
        querystring: withPriceRangeCheck(listingQueryBase.extend({ parent: slugOrIdSchema.optional() })),
        response: { 200: listResponse, ...listingErrors },
      },
      preHandler: requirePremiumForAdvancedFilters,
      serializerCompiler,
    },
    async (req, reply) => {
      const { parent, ...q } = req.query;
      const scope = parent ? { category: parent, subcategory: req.params.idOrSlug } : { category: req.params.idOrSlug };
      return listingReplies.send(reply, await listProducts(db, scope, q));
    },
  );

  r.get(
    '/sitemap/products',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Site haritasının ürün bölümleri: her bölümdeki ürün sayısı ve sayfalarının son değişme zamanı (ürün ya da fiyatları)',
        response: { 200: z.object({ success: z.literal(true), data: z.array(sitemapPartSchema) }) },
      },
    },
    async () => ok(await listSitemapParts(db)),
  );

  r.get(
    '/sitemap/products/:part',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Site haritasının bir ürün bölümü: her ürün ve sayfasının son değişme zamanı',
        params: z.object({ part: wholeNumberParam(1, 1_000_000) }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(sitemapProductSchema) }), ...errors },
      },
    },
    async (req) => ok(await listSitemapPart(db, req.params.part)),
  );

  r.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Ürün detayı: en düşük fiyat, mağaza fiyatları, fiyat değişimi, özellikler',
        params: productId,
        response: { 200: z.object({ success: z.literal(true), data: productDetailSchema }), ...errors },
      },
      serializerCompiler,
    },
    async (req, reply) => {
      const id = req.params.id.toLowerCase();
      const body = await detailReplies.get(id, async () =>
        PreparedBody.serialize(reply, ok(await getProductDetail(db, id))),
      );
      views.record(id);
      return sendPrepared(reply, body);
    },
  );

  r.get(
    '/products/:id/prices',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Ürünün mağaza teklifleri (aktifler önce, ucuzdan pahalıya)',
        params: productId,
        response: { 200: z.object({ success: z.literal(true), data: z.array(storeOfferSchema) }), ...errors },
      },
      serializerCompiler,
    },
    async (req, reply) => {
      const id = req.params.id.toLowerCase();
      const body = await offerReplies.get(id, async () =>
        PreparedBody.serialize(reply, ok(await getProductOffers(db, id))),
      );
      return sendPrepared(reply, body);
    },
  );

  r.get(
    '/products/:id/price-history',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Günlük en düşük fiyat serisi, min/ortalama/maks ve "son N günün en düşüğü"',
        params: productId,
        querystring: z.object({
          range: z.enum(PRICE_HISTORY_RANGES).default('3m'),
          store: slugOrIdSchema.optional(),
          perStore: z
            .enum(['true', 'false'])
            .optional()
            .transform((v) => v === 'true'),
        }),
        response: { 200: z.object({ success: z.literal(true), data: priceHistorySchema }), ...errors },
      },
    },
    async (req, reply) => {
      const id = req.params.id.toLowerCase();
      const { range, store, perStore } = req.query;
      const body = await historyReplies
        .get(`${id}|${range}|${store ?? ''}|${perStore}`, async (tag) => {
          const prepared = PreparedBody.serialize(reply, ok(await getPriceHistory(db, id, range, store, perStore)));
          tag({ products: [id] });
          if (prepared.json.length > HISTORY_KEPT_MAX_BYTES) throw new UnkeptReply(prepared);
          return prepared;
        })
        .catch((error: unknown) => {
          if (error instanceof UnkeptReply) return error.body;
          throw error;
        });
      return sendPrepared(reply, body);
    },
  );

  r.get(
    '/products/:id/pros-cons',
    {
      onRequest: requirePlan('premium', messages.comparisons.analysisPremiumOnly),
      schema: {
        tags: ['catalog'],
        summary: 'Ürünün avantaj/dezavantaj analizi (premium): fiyatı en yakın benzer ürünlere göre',
        description:
          'Karşılaştırma analizinin ürün sayfası için hali: ürün, aynı alt kategorideki (yoksa kategorideki) fiyatı en yakın en fazla 4 ürünle ölçülür. Oturumsuz çağrıya 401, premium olmayan üyeye 403 PREMIUM_REQUIRED.',
        security: [{ bearerAuth: [] }],
        params: productId,
        response: {
          200: z.object({ success: z.literal(true), data: productProsConsSchema }),
          ...errors,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
        },
      },
    },
    async (req) => ok(await getProductProsCons(db, req.params.id)),
  );

  r.get(
    '/products/:id/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Onaylı ürün yorumları: sıralama, yıldız filtresi, sayfalama ve özet',
        params: productId,
        querystring: z.object({
          page: wholeNumberParam(1, 10_000).default(1),
          limit: wholeNumberParam(1, 50).default(REVIEW_PAGE_SIZE),
          sort: z.enum(REVIEW_SORTS).default('newest'),
          rating: wholeNumberParam(1, 5).optional(),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(reviewSchema),
            pagination: paginationSchema,
            summary: reviewSummarySchema,
          }),
          ...errors,
        },
      },
    },
    async (req) => {
      const { items, pagination, summary } = await getProductReviews(db, req.params.id, req.query);
      return { success: true as const, data: items, pagination, summary };
    },
  );
}
