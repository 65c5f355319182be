/** Business constants of the specification (section 9), shared by both sides. */
export const PRODUCT_NAME = 'Kıyasla';

export const LISTING_PAGE_SIZE = 20;
export const REVIEW_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** The specification's price filter range: a filter is active when min is above it or max below it. */
export const DEFAULT_PRICE_RANGE = { min: 0, max: 100000 } as const;

export const COMPARISON_MIN = 2;
export const DEFAULT_MAX_COMPARISON_ITEMS = 5;
export const DEFAULT_MAX_WISHLIST_ITEMS = 20;
export const PREMIUM_WISHLIST_ITEMS = 500;

export const SORT_OPTIONS = ['popularity', 'price-low', 'price-high', 'rating', 'newest'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** Search results add relevance to the catalogue's sorts, and use it by default. */
export const RELEVANCE_SORT = 'relevance';
export const SEARCH_SORT_OPTIONS = [RELEVANCE_SORT, ...SORT_OPTIONS] as const;
/** Any sort a listing may have: the catalogue's, or relevance on search results. */
export type ListingSort = (typeof SEARCH_SORT_OPTIONS)[number];

/** Bounds of the listing query (`page`, `minPrice`/`maxPrice` in whole lira). */
export const LISTING_MAX_PAGE = 10_000;
/**
 * Prices are kuruş in 32-bit integer columns, so no price exceeds 21 474 836,47 TL: a bound above
 * that overflowed the query's parameter (a 500, found by fuzzing) and could match nothing anyway.
 */
export const LISTING_MAX_PRICE = 20_000_000;
/** A specification filter is `spec=<key>:<value>`; the key is one of these characters. */
export const SPEC_FILTER_KEY_PATTERN = /^[A-Za-z0-9_]+$/;

export const SORT_LABELS: Record<SortOption, string> = {
  popularity: 'Popülerlik',
  'price-low': 'En Düşük Fiyat',
  'price-high': 'En Yüksek Fiyat',
  rating: 'En Yüksek Puan',
  newest: 'En Yeni',
};

export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const PLAN_IDS = ['free', 'monthly-premium', 'yearly-premium', 'lifetime-premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const AVAILABILITY_VALUES = ['in-stock', 'limited', 'out-of-stock', 'pre-order', 'discontinued'] as const;
export type Availability = (typeof AVAILABILITY_VALUES)[number];

/** Slug → display name map of the specification for category and subcategory titles. */
export const CATEGORY_SLUG_NAMES: Record<string, string> = {
  telefon: 'Telefon',
  laptop: 'Laptop',
  tablet: 'Tablet',
  kulaklik: 'Kulaklık',
  televizyon: 'Televizyon',
  kamera: 'Kamera',
  spor: 'Spor',
  'beyaz-esya': 'Beyaz Eşya',
  oyuncak: 'Oyuncak',
  giyim: 'Giyim',
  aksesuar: 'Aksesuar',
};

export const SUBCATEGORY_SLUG_NAMES: Record<string, Record<string, string>> = {
  telefon: {
    premium: 'Premium Telefonlar',
    'orta-segment': 'Orta Segment Telefonlar',
    ekonomik: 'Ekonomik Telefonlar',
    gaming: 'Oyuncu Telefonları',
  },
  laptop: {
    gaming: 'Oyuncu Laptopları',
    is: 'İş Laptopları',
    ultrabook: 'Ultrabook',
    ekonomik: 'Ekonomik Laptoplar',
  },
};
