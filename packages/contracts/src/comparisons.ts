import { z } from 'zod';
import { categoryRefSchema } from './catalog';
import { AVAILABILITY_VALUES, COMPARISON_MIN, MAX_PAGE_SIZE } from './constants';
import { paginationSchema } from './envelope';
import { messages } from './messages';
import { SETTINGS_RANGES } from './settings';
import { stripInvisibleControls } from './text';
import { wholeNumberParam } from './query-number';

/**
 * Comparison contracts (/api/comparisons): the side-by-side comparison of 2..maxComparisonItems
 * products (spec §3 "Comparison item"), saved comparisons, and the premium pros/cons analysis.
 * The most products one comparison may hold is the admin `maxComparisonItems` (GET /config
 * `limits`); saved comparisons per plan are SAVED_COMPARISON_LIMITS of ./plans.
 */

const m = messages.comparisons;

export const COMPARISON_NAME_MAX = 100;
export const COMPARISON_DESCRIPTION_MAX = 500;
export const COMPARISON_TAG_MAX = 30;
export const COMPARISON_TAGS_MAX = 10;
export const COMPARISON_PAGE_SIZE = 10;
/** Sanity bound of a request; the real bound is the admin `maxComparisonItems` (at most 10). */
const PRODUCT_IDS_HARD_MAX = 50;
/**
 * The answer to more ids than the sanity bound: too many, with the highest maximum an admin can
 * set, since the schema cannot know the one set (the service answers a request within the
 * bound with that one).
 */
export const TOO_MANY_PRODUCT_IDS_MESSAGE = m.tooMany(SETTINGS_RANGES.maxComparisonItems.max);

/** Stable error codes of the comparison calls. */
export const COMPARISON_ERROR_CODES = {
  /** 400: fewer than 2 distinct products (message `tooFew`). */
  tooFew: 'COMPARISON_TOO_FEW',
  /**
   * 400: more products than the admin `maxComparisonItems` (message `tooMany(max)`), or than any
   * maximum (TOO_MANY_PRODUCT_IDS_MESSAGE).
   */
  tooMany: 'COMPARISON_TOO_MANY',
  /** 403: saved-comparison limit of the plan reached (message `limitReached(count, limit)`). */
  limit: 'COMPARISON_LIMIT',
  /** 403: the admin switched comparison off (`enableComparison`). */
  disabled: 'COMPARISON_DISABLED',
  /** 404: no such saved comparison, or another user's private one. */
  notFound: 'COMPARISON_NOT_FOUND',
  /** 404: a product id that does not exist or is no longer listed. */
  productNotFound: 'PRODUCT_NOT_FOUND',
} as const;

// ---------------------------------------------------------------------------------------------
// Inputs (§5) — the save dialog reuses these schemas
// ---------------------------------------------------------------------------------------------

/**
 * Tags as the save dialog takes them ("a, b,,c") or as a list: split on commas, trimmed, empties
 * dropped, duplicates (case-insensitive) dropped, first spelling kept.
 */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((t) => t.split(','));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const tag = stripInvisibleControls(raw).trim().replace(/\s+/g, ' ');
    const key = tag.toLocaleLowerCase('tr-TR');
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

export const tagsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => parseTags(v))
  .pipe(
    z
      .array(z.string().max(COMPARISON_TAG_MAX, m.tagTooLong(COMPARISON_TAG_MAX)))
      .max(COMPARISON_TAGS_MAX, m.tooManyTags(COMPARISON_TAGS_MAX)),
  );

/** Distinct product ids in the user's order; at least 2 (the upper bound is an admin setting). */
export const productIdsSchema = z
  .array(z.guid({ error: m.invalidProductId }), { error: m.tooFew })
  .max(PRODUCT_IDS_HARD_MAX, TOO_MANY_PRODUCT_IDS_MESSAGE)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
  .pipe(z.array(z.string()).min(COMPARISON_MIN, m.tooFew));

/** `POST /comparisons/compare`. */
export const compareRequestSchema = z.object({ productIds: productIdsSchema });
export type CompareRequest = z.input<typeof compareRequestSchema>;

// Names, descriptions and tags of public comparisons are read by others: no invisible controls.
const nameSchema = z
  .string({ error: m.nameRequired })
  .overwrite(stripInvisibleControls)
  .trim()
  .min(1, m.nameRequired)
  .max(COMPARISON_NAME_MAX, m.nameTooLong(COMPARISON_NAME_MAX));

/** Blank descriptions are stored as null. */
const descriptionSchema = z
  .string()
  .overwrite(stripInvisibleControls)
  .trim()
  .max(COMPARISON_DESCRIPTION_MAX, m.descriptionTooLong(COMPARISON_DESCRIPTION_MAX))
  .nullable()
  .transform((v) => (v ? v : null));

/** `POST /comparisons` {name, description, productIds, isPublic, tags}. */
export const createComparisonRequestSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.optional().transform((v) => v ?? null),
  productIds: productIdsSchema,
  isPublic: z.boolean().default(false),
  tags: tagsSchema.default([]),
});
export type CreateComparisonRequest = z.input<typeof createComparisonRequestSchema>;
export type CreateComparisonInput = z.output<typeof createComparisonRequestSchema>;

/** `PUT /comparisons/{id}`: any of the fields; absent fields stay as they are. */
export const updateComparisonRequestSchema = z.object({
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
  productIds: productIdsSchema.optional(),
  isPublic: z.boolean().optional(),
  tags: tagsSchema.optional(),
});
export type UpdateComparisonRequest = z.input<typeof updateComparisonRequestSchema>;
export type UpdateComparisonInput = z.output<typeof updateComparisonRequestSchema>;

const page = wholeNumberParam(1, 10_000).default(1);
const limit = wholeNumberParam(1, MAX_PAGE_SIZE).default(COMPARISON_PAGE_SIZE);

/** `GET /comparisons?page&limit` (the caller's own). */
export const comparisonListQuerySchema = z.object({ page, limit });

/**
 * `GET /comparisons/public?page&limit&category&tags`: `category` is a category or subcategory
 * slug or id (a comparison matches when one of its products is in it); `tags` is a comma list or
 * repeated, matched case- and Turkish-accent-insensitively, any of them.
 */
export const publicComparisonsQuerySchema = z.object({
  page,
  limit,
  category: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9-]*$/i)
    .optional(),
  tags: z
    .union([z.string().max(500), z.array(z.string().max(500)).max(COMPARISON_TAGS_MAX)])
    .optional()
    .transform((v) => (v === undefined ? [] : parseTags(v).slice(0, COMPARISON_TAGS_MAX))),
});

// ---------------------------------------------------------------------------------------------
// Comparison result
// ---------------------------------------------------------------------------------------------

/** One store's offer inside a comparison item (active offers only, cheapest first). */
export const comparisonStoreSchema = z.object({
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  shipping: z.object({
    free: z.boolean(),
    cost: z.number(),
    estimatedDays: z.number().int().nullable(),
    /** 'Ücretsiz Kargo' or 'Kargo ₺49,90'. */
    label: z.string(),
  }),
  /** The store's product page ('Mağazaya Git'). */
  url: z.string(),
  inStock: z.boolean(),
});
export type ComparisonStore = z.infer<typeof comparisonStoreSchema>;

/**
 * A product's value for one specification row. Every item of one comparison has the same rows in
 * the same order (the union of the products' specification keys).
 */
export const technicalSpecSchema = z.object({
  key: z.string(),
  /** Turkish label from SPEC_LABELS; for keys it does not know, the key made readable (specLabel). */
  label: z.string(),
  value: z.string().nullable(),
  /** True when the products do not all share one value (a missing value counts as different). */
  differs: z.boolean(),
});
export type TechnicalSpec = z.infer<typeof technicalSpecSchema>;

/** One row of the specifications table: `values[i]` belongs to `products[i]`. */
export const technicalSpecRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(z.string().nullable()),
  differs: z.boolean(),
});
export type TechnicalSpecRow = z.infer<typeof technicalSpecRowSchema>;

/** The comparison item of spec §3. `id` and `_id` are the product id. */
export const comparisonItemSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  image: z.string(),
  /** Lowest active store price (TRY), null when no store sells it now. */
  currentPrice: z.number().nullable(),
  originalPrice: z.number().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  category: categoryRefSchema.nullable(),
  subcategory: categoryRefSchema.nullable(),
  stores: z.array(comparisonStoreSchema),
  features: z.array(z.string()),
  technicalSpecs: z.array(technicalSpecSchema),
  /**
   * Computed advantages and disadvantages against the other products of this comparison, in
   * Turkish ('En düşük fiyat (₺12.499,00)'). Empty unless the caller is premium (`prosConsIncluded`).
   */
  pros: z.array(z.string()),
  cons: z.array(z.string()),
  description: z.string().nullable(),
  releaseDate: z.string().nullable(),
  warranty: z.string().nullable(),
  dimensions: z.string().nullable(),
  colors: z.array(z.string()),
  availability: z.enum(AVAILABILITY_VALUES),
  energyRating: z.string().nullable(),
  certifications: z.array(z.string()),
});
export type ComparisonItem = z.infer<typeof comparisonItemSchema>;

/** The summary cards of the comparison page. */
export const comparisonSummarySchema = z.object({
  /** Lowest and highest current price among the products; null when none has a price. */
  priceRange: z.object({ min: z.number(), max: z.number() }).nullable(),
  /** Mean rating of the products that have ratings, one decimal; null when none has. */
  averageRating: z.number().nullable(),
  /** Distinct stores selling at least one of the products. */
  totalStores: z.number().int(),
  /** The product with the lowest current price (the first one on a tie). */
  cheapestProductId: z.string().nullable(),
});
export type ComparisonSummary = z.infer<typeof comparisonSummarySchema>;

/** `POST /comparisons/compare` data; also the comparison part of a saved comparison's detail. */
export const comparisonResultSchema = z.object({
  products: z.array(comparisonItemSchema),
  technicalSpecs: z.array(technicalSpecRowSchema),
  summary: comparisonSummarySchema,
  /**
   * Whether `pros`/`cons` were computed: only for premium callers. When false the Avantaj/
   * Dezavantaj tab shows the premium upsell (`messages.comparisons.analysisPremiumOnly`).
   */
  prosConsIncluded: z.boolean(),
});
export type ComparisonResult = z.infer<typeof comparisonResultSchema>;

/**
 * `GET /products/{id}/pros-cons` (premium): the product's pros and cons from the comparison
 * analysis, computed against its nearest-priced peers of the same subcategory (or category).
 */
export const productProsConsSchema = z.object({
  productId: z.string().uuid(),
  pros: z.array(z.string()),
  cons: z.array(z.string()),
  /** The products it was measured against, nearest in price first. */
  comparedWith: z.array(
    z.object({
      _id: z.string().uuid(),
      name: z.string(),
      slug: z.string(),
      image: z.string(),
      currentPrice: z.number().nullable(),
    }),
  ),
});
export type ProductProsCons = z.infer<typeof productProsConsSchema>;

// ---------------------------------------------------------------------------------------------
// Saved comparisons
// ---------------------------------------------------------------------------------------------

/** A product of a saved comparison in lists (enough for the sidebar and to load it). */
export const comparisonProductRefSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  currentPrice: z.number().nullable(),
});

const savedComparisonBase = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The product ids as saved, in order (products no longer listed are left out). */
  productIds: z.array(z.string()),
  isPublic: z.boolean(),
  tags: z.array(z.string()),
  /** True when the caller saved it (may edit and delete it). */
  isOwner: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A saved comparison in lists (`GET /comparisons`, `GET /comparisons/public`) and after a write. */
export const savedComparisonSchema = savedComparisonBase.extend({
  products: z.array(comparisonProductRefSchema),
});
export type SavedComparison = z.infer<typeof savedComparisonSchema>;

/** `GET /comparisons/{id}` data: the saved comparison with `products` as full comparison items. */
export const savedComparisonDetailSchema = savedComparisonBase.extend(comparisonResultSchema.shape);
export type SavedComparisonDetail = z.infer<typeof savedComparisonDetailSchema>;

/** `GET /comparisons` data (`data.data` and `data.pagination`, as the screens read them). */
export const savedComparisonPageSchema = z.object({
  data: z.array(savedComparisonSchema),
  pagination: paginationSchema,
});
export type SavedComparisonPage = z.infer<typeof savedComparisonPageSchema>;
