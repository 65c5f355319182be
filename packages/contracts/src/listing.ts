import { z } from 'zod';
import { slugOrIdSchema } from './catalog';
import { ADVANCED_FILTERS, type AdvancedFilter } from './catalog-constants';
import {
  LISTING_MAX_PAGE,
  LISTING_MAX_PRICE,
  LISTING_PAGE_SIZE,
  MAX_PAGE_SIZE,
  SEARCH_SORT_OPTIONS,
  SORT_OPTIONS,
  SPEC_FILTER_KEY_PATTERN,
} from './constants';
import { wholeNumberParam } from './query-number';

/**
 * The listing query shared by /products, /categories/{x}/products and /search. Multi-valued
 * filters repeat the parameter (`brand=Apple&brand=Samsung`; brand and store also accept a
 * comma list); a specification filter is `spec=<key>:<value>`, repeated. Selected values
 * of one group are OR-ed, groups are AND-ed.
 */
const many = (item: z.ZodString) =>
  z
    .union([item, z.array(item)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

const commaList = (values: string[]) => [
  ...new Set(
    values
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/**
 * Whole lira written as plain digits (`1500`, `1500.0`): `Number` would also read `0x10` as 16
 * and `1e3` as 1000, a filter the user never typed.
 */
const price = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'Fiyat rakamlarla yazılmış bir sayı olmalıdır')
  .pipe(z.coerce.number<string>().int().min(0).max(LISTING_MAX_PRICE));
const optionalPrice = z
  .union([z.literal(''), price])
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');
const specFilter = new RegExp(`${SPEC_FILTER_KEY_PATTERN.source.slice(0, -1)}:.+$`);

export const listingQueryBase = z.object({
  category: slugOrIdSchema.optional(),
  subcategory: slugOrIdSchema.optional(),
  featured: flag,
  brand: many(z.string().min(1).max(200)).transform(commaList),
  store: many(z.string().min(1).max(200)).transform(commaList),
  spec: many(z.string().min(3).max(300).regex(specFilter, 'anahtar:değer biçiminde olmalı')),
  minPrice: optionalPrice,
  maxPrice: optionalPrice,
  sort: z.enum(SORT_OPTIONS).default('popularity'),
  page: wholeNumberParam(1, LISTING_MAX_PAGE).default(1),
  limit: wholeNumberParam(1, MAX_PAGE_SIZE).default(LISTING_PAGE_SIZE),
  facets: flag,
  // Premium advanced filters (ADR 019, catalog-constants ADVANCED_FILTERS): 403 without premium.
  freeShipping: flag,
  inStock: flag,
  priceDropped: flag,
  lowestIn6m: flag,
});

/** Adds the cross-field rule of the price range to a listing query schema (base or extended). */
export function withPriceRangeCheck<T extends z.ZodType<{ minPrice?: number; maxPrice?: number }>>(schema: T) {
  return schema.refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'En düşük fiyat en yüksek fiyattan büyük olamaz',
    path: ['minPrice'],
  });
}

export const listingQuerySchema = withPriceRangeCheck(listingQueryBase);

/** The advanced (premium) filters a parsed listing query asks for. */
export function requestedAdvancedFilters(q: Partial<Record<AdvancedFilter, boolean>>): AdvancedFilter[] {
  return ADVANCED_FILTERS.filter((f) => q[f] === true);
}
export type ListingQuery = z.output<typeof listingQuerySchema>;

/** Search-result sorts: relevance (the default) and the catalogue's. */
export const searchSortSchema = z.enum(SEARCH_SORT_OPTIONS).default('relevance');
