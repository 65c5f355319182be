import { z } from 'zod';
import { productCardSchema } from './catalog';
import { PREMIUM_WISHLIST_ITEMS } from './constants';
import { wholeNumberParam } from './query-number';

/**
 * Favorites contracts (/api/favorites): a favorite is a product card plus the moment it was
 * added. The free plan's limit is the admin `maxWishlistItems` (GET /config `limits`), premium
 * plans get PREMIUM_WISHLIST_ITEMS; the server enforces both.
 */

// Zod-free, so that browser code can import the codes without zod.
export { FAVORITE_ERROR_CODES } from './favorites-constants';

/** One favorite (`GET /favorites` items, `POST /favorites/{productId}` data). */
export const favoriteItemSchema = z.object({
  productId: z.string(),
  /** The product card: current lowest price, price change, first two stores, key specs. */
  product: productCardSchema,
  /** When the product was added (ISO 8601). */
  createdAt: z.string(),
});
export type FavoriteItem = z.infer<typeof favoriteItemSchema>;

/**
 * `GET /favorites?page&limit`: newest first. The default page holds every favorite a plan can
 * have, so the favorites page can search and sort on the client; `pagination.total` is the count
 * the header badge shows.
 */
export const favoritesQuerySchema = z.object({
  page: wholeNumberParam(1, 10_000).default(1),
  limit: wholeNumberParam(1, PREMIUM_WISHLIST_ITEMS).default(PREMIUM_WISHLIST_ITEMS),
});
export type FavoritesQuery = z.infer<typeof favoritesQuerySchema>;

export const favoritesListSchema = z.array(favoriteItemSchema);

/** `GET /favorites/check/{productId}` data. */
export const favoriteCheckSchema = z.object({ isFavorite: z.boolean() });
export type FavoriteCheck = z.infer<typeof favoriteCheckSchema>;

/** `DELETE /favorites/{productId}` data. */
export const favoriteRemovedSchema = z.object({ productId: z.string(), isFavorite: z.literal(false) });

/** `DELETE /favorites` (clear all) data: how many favorites were removed. */
export const favoritesClearedSchema = z.object({ removed: z.number().int().min(0) });
export type FavoritesCleared = z.infer<typeof favoritesClearedSchema>;
