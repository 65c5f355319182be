/**
 * The premium advanced filters of a listing (ADR 019), each a `<name>=true` query parameter of
 * /products, /categories/{x}/products and /search. Sent by a caller without an active premium
 * plan, the listing answers 403 PREMIUM_REQUIRED. A module of its own, free of zod and of the
 * other catalog constants, because the listing pages' initial JavaScript carries it (ADR 011).
 */
export const ADVANCED_FILTERS = ['freeShipping', 'inStock', 'priceDropped', 'lowestIn6m'] as const;
export type AdvancedFilter = (typeof ADVANCED_FILTERS)[number];
