/** Business constants of the specification (section 9), shared by both sides. */
export const PRODUCT_NAME = 'Kıyasla';

export const LISTING_PAGE_SIZE = 20;
export const REVIEW_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const HOME_PRODUCT_FETCH = 8;
export const HOME_SECTION_SIZE = 4;
export const FEATURED_PRODUCT_COUNT = 4;
export const POPULAR_CATEGORY_COUNT = 8;
export const BANNER_SLIDE_COUNT = 3;
export const BANNER_INTERVAL_MS = 5000;
export const SKELETON_CARD_COUNT = 6;
export const PAGINATION_WINDOW = 5;
export const PREMIUM_FEATURES_SHOWN = 6;

export const TOAST_ENTER_DELAY_MS = 10;
export const TOAST_DURATION_MS = 5000;
export const TOAST_ERROR_DURATION_MS = 7000;
export const TOAST_EXIT_MS = 300;

export const BADGE_CAP = 99;

export const DEFAULT_PRICE_RANGE = { min: 0, max: 100000 } as const;

export const COMPARISON_MIN = 2;
export const DEFAULT_MAX_COMPARISON_ITEMS = 5;
export const DEFAULT_MAX_WISHLIST_ITEMS = 20;
export const PREMIUM_WISHLIST_ITEMS = 500;

export const SORT_OPTIONS = ['popularity', 'price-low', 'price-high', 'rating', 'newest'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

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
