import type { ReadTags } from '../../lib/public-read-cache';
import type { ListingFilters } from './listing-filters';

/**
 * Sorts whose order does not read prices: a price change can reorder a page of these only by
 * changing what the page shows of its own products.
 */
const PRICE_FREE_SORTS: ReadonlySet<string> = new Set(['popularity', 'rating', 'newest', 'relevance']);

/**
 * Filters whose matches do not depend on offers or prices (the product row alone: its category,
 * brand, specifications, featured flag, its search text). Anything else — a price range, a
 * store (an offer that counts), an advanced filter, and any filter added later until it is
 * listed here — makes the listing depend on prices.
 */
const PRICE_FREE_FILTERS: ReadonlySet<string> = new Set([
  'categoryId',
  'subcategoryId',
  'productIds',
  'featured',
  'brands',
  'specs',
  'search',
]);

function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map || value instanceof Set) return value.size > 0;
  return true;
}

/**
 * What can change a listing page (or a search results page) once loaded, for the public read
 * cache (lib/public-read-cache.ts, ADR 010). It always names the products the page shows: a
 * change of one of them drops the page at once. A page whose matches, count and order do not
 * read prices changes with nothing else. Otherwise (a price sort, a price-dependent filter,
 * facets with their price bounds and store counts) a price change of another product of its
 * category or subcategory — of any product, for a page of the whole catalog — can move a product
 * into or out of it, reorder it or change its counts: such a change reaches it within the cache's
 * bound (PRICE_ORDER_STALENESS_MS).
 */
export function listingReadTags(
  filters: ListingFilters,
  query: { sort: string; facets?: boolean | undefined },
  shownProductIds: readonly string[],
): ReadTags {
  const priceFree =
    PRICE_FREE_SORTS.has(query.sort) &&
    !query.facets &&
    Object.entries(filters).every(([key, value]) => !isSet(value) || PRICE_FREE_FILTERS.has(key));
  const products = shownProductIds;
  if (priceFree) return { products };
  if (filters.subcategoryId) return { products, categories: [filters.subcategoryId] };
  if (filters.categoryId) return { products, categories: [filters.categoryId] };
  return { products, global: true };
}
