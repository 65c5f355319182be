import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { facetsSchema, productCardSchema } from '@kiyasla/contracts/catalog';
import { errorEnvelopeSchema, okEnvelope, paginationSchema } from '@kiyasla/contracts/envelope';
import { suggestionSchema, trendingSchema, type Suggestion } from '@kiyasla/contracts/search';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer';
import { PreparedReplies } from '../../lib/prepared-reply';
import { ok } from '../../lib/reply';
import { listingQueryBase, searchSortSchema, withPriceRangeCheck } from '@kiyasla/contracts/listing';
import { parseQuery } from './search-query';
import { SearchLogger } from './search-log';
import { searchProducts, suggest, trending, type SearchResult } from './search.service';
import { clientIp } from '../../lib/client-identity';
import { requirePremiumForAdvancedFilters } from '../../plugins/policies';

const queryText = z
  .string()
  .max(500, 'Arama terimi en fazla 500 karakter olabilir')
  .transform((v) => v.trim());

// Cached results and suggestions (search.service) are answered with their bytes from the first time.
const searchReplies = new PreparedReplies<SearchResult>((result) => ({
  success: true as const,
  data: result.items,
  pagination: result.pagination,
  ...(result.facets ? { facets: result.facets } : {}),
  query: result.query,
  correctedQuery: result.correctedQuery,
  totalIsLowerBound: result.totalIsLowerBound,
}));
const suggestionReplies = new PreparedReplies<Suggestion[]>(ok);

export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.dbHandle.db;
  const searchLog = new SearchLogger(db, app.log);
  app.addHook('onClose', async () => searchLog.flush());

  r.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Ürün araması: Türkçe harf duyarsız, yazım hatasına toleranslı; liste filtreleri ve facet’ler',
        querystring: withPriceRangeCheck(
          listingQueryBase.extend({
            q: queryText.default(''),
            sort: searchSortSchema,
          }),
        ),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(productCardSchema),
            pagination: paginationSchema,
            facets: facetsSchema.optional(),
            query: z.string(),
            correctedQuery: z.string().nullable(),
            // pagination.total is a lower bound ("10.000+"): too many matches to count per request.
            totalIsLowerBound: z.boolean(),
          }),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
      // The listing's premium advanced filters, refused the same way (ADR 019).
      preHandler: requirePremiumForAdvancedFilters,
      // The hot reply: a compiled serializer (checked against the zod one outside production).
      serializerCompiler: compiledSerializerCompiler(app.config.env === 'production' ? 'compiled' : 'verify'),
    },
    async (req, reply) => {
      const { q, ...input } = req.query;
      const result = await searchProducts(db, q, input);
      // Trending should show what shoppers found, so a corrected typo is logged corrected.
      if (input.page === 1) {
        searchLog.record(
          parseQuery(result.correctedQuery ?? q).normalized,
          result.pagination.total,
          clientIp(req, app.internalToken),
        );
      }
      return searchReplies.send(reply, result);
    },
  );

  r.get(
    '/search/suggestions',
    {
      schema: {
        tags: ['search'],
        summary: 'Yazarken öneriler: ürün, kategori ve marka (sayısı yönetim ayarlarından, varsayılan 8)',
        querystring: z.object({ q: queryText.default('') }),
        response: { 200: okEnvelope(z.array(suggestionSchema)), 400: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const { searchSuggestionLimit } = await app.settings.group('api');
      return suggestionReplies.send(reply, await suggest(db, req.query.q, searchSuggestionLimit));
    },
  );

  r.get(
    '/search/trending',
    {
      schema: {
        tags: ['search'],
        summary: 'Son 7 günün en çok aranan terimleri (boş veritabanında seçilmiş liste)',
        response: { 200: okEnvelope(z.array(trendingSchema)) },
      },
    },
    async () => ok(await trending(db, (await app.settings.group('api')).trendingSearchLimit)),
  );
}
