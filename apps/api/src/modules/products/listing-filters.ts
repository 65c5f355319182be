import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { LISTING_PAGE_SIZE, MAX_PAGE_SIZE, SORT_OPTIONS, type SortOption } from '@kiyasla/contracts/constants';

/**
 * Listing filters shared by /products, /categories/{x}/products and /search. Multi-valued
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

const price = z.coerce.number().int().min(0).max(100_000_000);
const slugOrId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/i);

export const listingQueryBase = z.object({
  category: slugOrId.optional(),
  subcategory: slugOrId.optional(),
  featured: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  brand: many(z.string().min(1).max(200)).transform(commaList),
  store: many(z.string().min(1).max(200)).transform(commaList),
  spec: many(
    z
      .string()
      .min(3)
      .max(300)
      .regex(/^[A-Za-z0-9_]+:.+$/, 'anahtar:değer biçiminde olmalı'),
  ),
  minPrice: z
    .union([z.literal(''), price])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  maxPrice: z
    .union([z.literal(''), price])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  sort: z.enum(SORT_OPTIONS).default('popularity'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LISTING_PAGE_SIZE),
  facets: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** Adds the cross-field rule of the price range to a listing query schema (base or extended). */
export function withPriceRangeCheck<T extends z.ZodType<{ minPrice?: number; maxPrice?: number }>>(schema: T) {
  return schema.refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'En düşük fiyat en yüksek fiyattan büyük olamaz',
    path: ['minPrice'],
  });
}

export const listingQuerySchema = withPriceRangeCheck(listingQueryBase);

export type ListingQuery = z.output<typeof listingQuerySchema>;

/** Parsed filters in the units the database uses (kuruş), grouped by specification key. */
/** A full-text condition and its ranking expression, supplied by the search module. */
export interface TextSearch {
  where: SQL;
  rank: SQL;
}

export interface ListingFilters {
  categoryId?: string;
  subcategoryId?: string;
  productIds?: string[];
  featured?: boolean;
  brands: string[];
  stores: string[];
  specs: Map<string, string[]>;
  minPriceKurus?: number;
  maxPriceKurus?: number;
  search?: TextSearch;
}

export interface ListingPage {
  /** `relevance` applies only with a text search; it falls back to popularity otherwise. */
  sort: SortOption | 'relevance';
  page: number;
  limit: number;
}

export function parseSpecFilters(raw: string[]): Map<string, string[]> {
  const specs = new Map<string, string[]>();
  for (const entry of raw) {
    const at = entry.indexOf(':');
    const key = entry.slice(0, at);
    const value = entry.slice(at + 1).trim();
    if (!value) continue;
    const values = specs.get(key) ?? [];
    if (!values.includes(value)) values.push(value);
    specs.set(key, values);
  }
  return specs;
}
