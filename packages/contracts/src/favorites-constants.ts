/** Stable error codes of the favorites calls, for clients that branch on them. */
export const FAVORITE_ERROR_CODES = {
  /** 400, message `messages.favorites.alreadyExists` ('Product is already in favorites'). */
  exists: 'FAVORITE_EXISTS',
  /** 403, message `messages.favorites.limitReached(count, limit)`. */
  limit: 'FAVORITES_LIMIT',
  /** 403: the admin switched favorites off (`enableWishlist`). */
  disabled: 'WISHLIST_DISABLED',
  /** 404: DELETE of a product that is not in the caller's favorites. */
  notFavorite: 'FAVORITE_NOT_FOUND',
  /** 404: the product does not exist or is no longer listed. */
  productNotFound: 'PRODUCT_NOT_FOUND',
} as const;
