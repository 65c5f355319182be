/**
 * Store feeds: the normalised item every parser (JSON, CSV, Google-Merchant XML) yields, and
 * the stable codes of what a parser refuses. Free of zod so public pages may import it; the
 * import report's schema builds on these later. Format reference: docs/feeds.md.
 */
import { LISTING_MAX_PRICE, type Availability } from './constants';
import { feedMessages } from './feed-messages';

export const FEED_FORMATS = ['json', 'csv', 'xml'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/**
 * `full`: the feed lists every offer of the store, so offers absent from it may be deactivated.
 * `partial`: only the listed offers change. Partial is the default because an absent offer then
 * simply stops being confirmed and turns stale after the store's freshness window, whereas a
 * wrongly assumed `full` (a truncated download) would deactivate offers at once.
 */
export const FEED_MODES = ['full', 'partial'] as const;
export type FeedMode = (typeof FEED_MODES)[number];
export const DEFAULT_FEED_MODE: FeedMode = 'partial';

/** The availability values a feed item may carry: the catalogue's, without `discontinued`. */
export const FEED_AVAILABILITY_VALUES = [
  'in-stock',
  'limited',
  'out-of-stock',
  'pre-order',
] as const satisfies readonly Availability[];
export type FeedAvailability = (typeof FEED_AVAILABILITY_VALUES)[number];

/**
 * Spellings accepted in any format, after trimming, lower-casing and turning spaces into `-`.
 * Google Merchant's `backorder` (orderable now, shipped later) is what the catalogue calls
 * `pre-order`; the Turkish words are what stores type into spreadsheets.
 */
export const FEED_AVAILABILITY_ALIASES: Record<string, FeedAvailability> = {
  'in-stock': 'in-stock',
  in_stock: 'in-stock',
  instock: 'in-stock',
  limited: 'limited',
  'limited-stock': 'limited',
  limited_stock: 'limited',
  'out-of-stock': 'out-of-stock',
  out_of_stock: 'out-of-stock',
  outofstock: 'out-of-stock',
  'pre-order': 'pre-order',
  pre_order: 'pre-order',
  preorder: 'pre-order',
  backorder: 'pre-order',
  stokta: 'in-stock',
  'stokta-var': 'in-stock',
  'sınırlı-stok': 'limited',
  'az-stok': 'limited',
  'stokta-yok': 'out-of-stock',
  tükendi: 'out-of-stock',
  'ön-sipariş': 'pre-order',
};

export interface FeedShipping {
  free: boolean;
  /** TRY; 0 when free. */
  cost?: number;
  estimatedDays?: number;
}

/** One offer as a store states it, after parsing and the parse-level guards. */
export interface FeedItem {
  /** The store's own id of the offer: the key an import updates by. */
  sku: string;
  /** A Kıyasla product id (UUID), the strongest matching key. */
  productId?: string;
  /** GTIN-8/12/13/14 with a valid check digit, digits only. */
  gtin?: string;
  brand?: string;
  model?: string;
  title?: string;
  /** The price a shopper pays, TRY, rounded to kuruş, > 0. */
  price: number;
  /** The struck-through list price, TRY, when the store states one above `price`. */
  originalPrice?: number;
  availability: FeedAvailability;
  /** The offer's page at the store (http or https). */
  url: string;
  shipping?: FeedShipping;
}

/** Length caps of the text fields, in characters. */
export const FEED_FIELD_LIMITS = {
  sku: 128,
  brand: 100,
  model: 200,
  title: 500,
  url: 2048,
} as const;

/**
 * Upper bound of a believable price, TRY: the catalogue's listing bound, below what a kuruş
 * integer column holds (21,474,836.47 TRY), so an item above it is rejected, never written.
 */
export const FEED_MAX_PRICE = LISTING_MAX_PRICE;
export const FEED_MAX_SHIPPING_DAYS = 365;

export type FeedRejectionCode = keyof typeof feedMessages.rejections;
/** Rejections the import makes after parsing (it knows the offer's last price and the whole feed). */
export const FEED_IMPORT_REJECTION_CODES = ['PRICE_JUMP', 'DUPLICATE_SKU', 'DUPLICATE_PRODUCT'] as const;
export type FeedImportRejectionCode = (typeof FEED_IMPORT_REJECTION_CODES)[number];
export const FEED_REJECTION_CODES = Object.keys(feedMessages.rejections) as FeedRejectionCode[];

export type FeedRefusalCode = keyof typeof feedMessages.refusals;
export const FEED_REFUSAL_CODES = Object.keys(feedMessages.refusals) as FeedRefusalCode[];

/** Why one item was not taken; the rest of the feed goes on. */
export interface FeedRejection {
  code: FeedRejectionCode;
  message: string;
  /** The field at fault, when there is one. */
  field?: string;
  /** The offending value or row, shortened, for the report. */
  raw?: string;
}

/** Where an entry sits in the file: `index` counts items from 1; `line` for CSV and XML. */
export interface FeedPosition {
  index: number;
  line?: number;
}

/** What a parser yields per item: the normalised item, or why it was rejected. */
export type FeedEntry =
  | (FeedPosition & { item: FeedItem; sku?: undefined; rejected?: undefined })
  | (FeedPosition & { rejected: FeedRejection; sku?: string; item?: undefined });

export function feedRejectionMessage(code: FeedRejectionCode, field?: string): string {
  const base = feedMessages.rejections[code];
  return field ? `${base} (alan: ${field})` : base;
}

export function feedRefusalMessage(code: FeedRefusalCode, detail?: string): string {
  const base = feedMessages.refusals[code];
  return detail ? `${base} (${detail})` : base;
}
