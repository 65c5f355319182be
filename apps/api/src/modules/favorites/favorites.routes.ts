import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelopeSchema, okEnvelope } from '@kiyasla/contracts/envelope';
import {
  favoriteCheckSchema,
  favoriteItemSchema,
  favoriteRemovedSchema,
  favoritesClearedSchema,
  favoritesListSchema,
  favoritesQuerySchema,
} from '@kiyasla/contracts/favorites';
import { messages } from '@kiyasla/contracts/messages';
import { ok } from '../../lib/reply';
import { currentUser, planLimits, requireFeature, requireUser } from '../../plugins/policies';
import { addFavorite, clearFavorites, isFavorite, listFavorites, removeFavorite } from './favorites.service';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const security = [{ bearerAuth: [] }];
const productParams = z.object({ productId: z.string().min(1).max(100) });

/** Every call needs a session (401) and the admin `enableWishlist` switch (403 WISHLIST_DISABLED). */
const wishlistOn = requireFeature('enableWishlist');

/** /api/favorites: the signed-in user's favorite products. */
export async function favoriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.dbHandle.db };

  // Personal data: never cached by browsers or shared proxies.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get(
    '/favorites',
    {
      onRequest: requireUser,
      preHandler: wishlistOn,
      schema: {
        tags: ['favorites'],
        summary: 'Favoriler: ürün kartı (güncel en düşük fiyat, ilk iki mağaza) ve eklenme zamanı, en yeni önce',
        security,
        querystring: favoritesQuerySchema,
        response: { 200: okEnvelope(favoritesListSchema), ...errors },
      },
    },
    async (req) => {
      const { items, pagination } = await listFavorites(deps, currentUser(req), req.query);
      return ok(items, { pagination });
    },
  );

  r.delete(
    '/favorites',
    {
      onRequest: requireUser,
      preHandler: wishlistOn,
      schema: {
        tags: ['favorites'],
        summary: 'Tüm favorileri temizler',
        security,
        response: { 200: okEnvelope(favoritesClearedSchema), ...errors },
      },
    },
    async (req) =>
      ok({ removed: await clearFavorites(deps, currentUser(req)) }, { message: messages.favorites.cleared }),
  );

  r.get(
    '/favorites/check/:productId',
    {
      onRequest: requireUser,
      preHandler: wishlistOn,
      schema: {
        tags: ['favorites'],
        summary: 'Ürün favorilerde mi (data.isFavorite)',
        security,
        params: productParams,
        response: { 200: okEnvelope(favoriteCheckSchema), ...errors },
      },
    },
    async (req) => ok({ isFavorite: await isFavorite(deps, currentUser(req), req.params.productId) }),
  );

  r.post(
    '/favorites/:productId',
    {
      onRequest: requireUser,
      preHandler: wishlistOn,
      schema: {
        tags: ['favorites'],
        summary:
          "Favorilere ekler (201). 400 FAVORITE_EXISTS 'Product is already in favorites'; 403 FAVORITES_LIMIT " +
          '(ücretsiz plan: yönetici maxWishlistItems, premium: 500); 404 PRODUCT_NOT_FOUND',
        security,
        params: productParams,
        response: { 201: okEnvelope(favoriteItemSchema), ...errors },
      },
    },
    async (req, reply) => {
      const { favorites: limit } = await planLimits(req);
      const item = await addFavorite(deps, currentUser(req), req.params.productId, limit);
      return reply.status(201).send(ok(item, { message: messages.favorites.added }));
    },
  );

  r.delete(
    '/favorites/:productId',
    {
      onRequest: requireUser,
      preHandler: wishlistOn,
      schema: {
        tags: ['favorites'],
        summary: 'Favorilerden çıkarır; favori değilse 404 FAVORITE_NOT_FOUND',
        security,
        params: productParams,
        response: { 200: okEnvelope(favoriteRemovedSchema), ...errors },
      },
    },
    async (req) => {
      const productId = await removeFavorite(deps, currentUser(req), req.params.productId);
      return ok({ productId, isFavorite: false as const }, { message: messages.favorites.removed });
    },
  );
}
