import { z } from 'zod';
import { ADVANCED_FILTERS, PRICE_HISTORY_RANGES } from './catalog-constants';
import { AVAILABILITY_VALUES } from './constants';
import { SLUG_OR_ID_MAX_LENGTH, SLUG_OR_ID_PATTERN } from './ids';

// The plain values live in a zod-free module so that browser code can import them without zod.
export {
  ADVANCED_FILTER_LABELS,
  ADVANCED_FILTERS,
  PRICE_HISTORY_RANGES,
  REVIEW_SORTS,
  SPEC_FILTER_KEYS,
  SPEC_LABELS,
  specLabel,
  specRank,
  type AdvancedFilter,
  type PriceHistoryRange,
} from './catalog-constants';

/** A category, subcategory or product address segment: a slug or an id. */
export const slugOrIdSchema = z.string().min(1).max(SLUG_OR_ID_MAX_LENGTH).regex(SLUG_OR_ID_PATTERN);

/** Category as the API returns it (`GET /categories`, `GET /categories/tree`). */
export const categorySchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  image: z.string().nullable(),
  parent: z.string().uuid().nullable(),
  order: z.number().int(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export type CategoryNode = Category & { children: CategoryNode[] };
export const categoryNodeSchema: z.ZodType<CategoryNode> = categorySchema.extend({
  children: z.lazy(() => z.array(categoryNodeSchema)),
});

export const categoryRefSchema = z.object({ _id: z.string().uuid(), name: z.string(), slug: z.string() });

export const cardStoreSchema = z.object({
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  freeShipping: z.boolean(),
  /** Turkish shipping note, e.g. 'Ücretsiz Kargo' or 'Kargo ₺49,90'. */
  shippingLabel: z.string(),
});

export const priceChangeSchema = z.object({
  type: z.enum(['down', 'up']),
  percentage: z.number(),
});

/** The product card shape used by listings, home sections, search results and favorites. */
export const productCardSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  category: categoryRefSchema.nullable(),
  subcategory: categoryRefSchema.nullable(),
  image_url: z.string(),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  currentPrice: z.number().nullable(),
  originalPrice: z.number().nullable(),
  priceChange: priceChangeSchema.nullable(),
  averageRating: z.number(),
  ratingsCount: z.number().int(),
  storeCount: z.number().int(),
  stores: z.array(cardStoreSchema),
  keySpecs: z.object({
    screenSize: z.string().optional(),
    ram: z.string().optional(),
    storage: z.string().optional(),
    camera: z.string().optional(),
    battery: z.string().optional(),
  }),
  availability: z.enum(AVAILABILITY_VALUES),
  isFeatured: z.boolean(),
  createdAt: z.string(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/** A product page of the sitemap (`GET /sitemap/products`): its id and when it last changed (ISO). */
export const sitemapProductSchema = z.object({ _id: z.string().uuid(), lastmod: z.string() });
export type SitemapProduct = z.infer<typeof sitemapProductSchema>;

/**
 * A part of the sitemap's product pages (`GET /sitemap/products`): its number (for
 * `GET /sitemap/products/:part`), how many products it had when cut, and their latest change (ISO).
 */
export const sitemapPartSchema = z.object({
  part: z.number().int().positive(),
  count: z.number().int(),
  lastmod: z.string(),
});
export type SitemapPart = z.infer<typeof sitemapPartSchema>;

/** A store as the API returns it (`GET /stores`, and inside offers). */
export const storeSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  metrics: z.object({ averageRating: z.number().nullable() }),
  offerCount: z.number().int(),
});
export type Store = z.infer<typeof storeSchema>;

/** One store's offer for a product (`GET /products/{id}/prices`, `prices[]` of the detail). */
export const storeOfferSchema = z.object({
  _id: z.string().uuid(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  productUrl: z.string(),
  availability: z.enum(AVAILABILITY_VALUES),
  inStock: z.boolean(),
  isActive: z.boolean(),
  shipping: z.object({ free: z.boolean(), cost: z.number(), estimatedDays: z.number().int().nullable() }),
  shippingLabel: z.string(),
  store: storeSchema.omit({ offerCount: true }),
  updatedAt: z.string(),
  /** When the store last confirmed this offer (a feed that carried it, a hand edit), ISO. */
  confirmedAt: z.string(),
  /**
   * The store has a feed and has not confirmed the offer within its freshness window: shown
   * muted, never the lowest price, not counted among the stores that sell the product.
   */
  stale: z.boolean(),
});
export type StoreOffer = z.infer<typeof storeOfferSchema>;

export const productDetailSchema = productCardSchema.extend({
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
  specifications: z.record(z.string(), z.string()),
  features: z.array(z.string()),
  colors: z.array(z.string()),
  warranty: z.string().nullable(),
  dimensions: z.string().nullable(),
  energyRating: z.string().nullable(),
  certifications: z.array(z.string()),
  releaseDate: z.string().nullable(),
  highestPrice: z.number().nullable(),
  prices: z.array(storeOfferSchema),
  price: z.number().nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const pricePointSchema = z.object({ date: z.string(), price: z.number() });
export const priceHistorySchema = z.object({
  range: z.enum(PRICE_HISTORY_RANGES),
  store: z.string().nullable(),
  /** Daily lowest price (across stores, or of the chosen store), one point per day. */
  points: z.array(pricePointSchema),
  stores: z
    .array(z.object({ _id: z.string().uuid(), name: z.string(), slug: z.string(), points: z.array(pricePointSchema) }))
    .optional(),
  stats: z.object({
    min: z.number().nullable(),
    max: z.number().nullable(),
    avg: z.number().nullable(),
    current: z.number().nullable(),
  }),
  /** The current price is the lowest of the last N days (N ≥ 1), or null without data. */
  lowestInDays: z.number().int().nullable(),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;

export const reviewSchema = z.object({
  _id: z.string().uuid(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  comment: z.string().nullable(),
  helpfulCount: z.number().int(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  distribution: z.record(z.string(), z.number().int()),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** Facets of a listing: computed on the server with OR within a group and AND across groups. */
export const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export const facetsSchema = z.object({
  brands: z.array(facetValueSchema),
  stores: z.array(facetValueSchema),
  specs: z.array(z.object({ key: z.string(), label: z.string(), values: z.array(facetValueSchema) })),
  price: z.object({ min: z.number(), max: z.number() }).nullable(),
  /**
   * Premium advanced filters (ADR 019): how many products of the filtered listing each one keeps
   * (for a selected one, the listing's total). Shown to everyone, usable by premium members.
   */
  advanced: z
    .object(
      Object.fromEntries(ADVANCED_FILTERS.map((f) => [f, z.number().int()])) as Record<
        (typeof ADVANCED_FILTERS)[number],
        z.ZodNumber
      >,
    )
    .optional(),
});
export type Facets = z.infer<typeof facetsSchema>;
