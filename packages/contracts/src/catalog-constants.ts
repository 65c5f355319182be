import type { AdvancedFilter } from './advanced-filters';

/**
 * Catalog values that are not schemas: the price-history ranges, the review sorts and the Turkish
 * labels of the specification keys. Kept free of zod so that the web app's public pages can use
 * them without downloading it; ./catalog re-exports them.
 */

export const PRICE_HISTORY_RANGES = ['1m', '3m', '6m', '1y', 'all'] as const;
export type PriceHistoryRange = (typeof PRICE_HISTORY_RANGES)[number];

export const REVIEW_SORTS = ['newest', 'helpful', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'En Yeni',
  helpful: 'En Faydalı',
  rating: 'En Yüksek Puan',
};

/** Turkish labels of the canonical specification keys (filter groups and the specs tab). */
export const SPEC_LABELS: Record<string, string> = {
  screenSize: 'Ekran Boyutu',
  ram: 'RAM',
  storage: 'Depolama',
  battery: 'Batarya',
  camera: 'Kamera',
  processor: 'İşlemci',
  resolution: 'Çözünürlük',
  refreshRate: 'Yenileme Hızı',
  connectivity: 'Bağlantı',
  os: 'İşletim Sistemi',
  color: 'Renk',
  weight: 'Ağırlık',
  energyClass: 'Enerji Sınıfı',
  capacity: 'Kapasite',
  gpu: 'Ekran Kartı',
  panel: 'Panel',
  type: 'Tür',
  material: 'Malzeme',
  size: 'Beden',
  gender: 'Cinsiyet',
  ageRange: 'Yaş Aralığı',
  power: 'Güç',
  noiseCancelling: 'Gürültü Engelleme',
  sensor: 'Sensör',
  lens: 'Lens',
  video: 'Video',
};

// The premium advanced filters (ADR 019): their names live in ./advanced-filters.
export { ADVANCED_FILTERS, type AdvancedFilter } from './advanced-filters';

/** "Price dropped in the last N days": the last move of the lowest price was a drop, this recent. */
export const PRICE_DROP_WINDOW_DAYS = 30;
/** "At its lowest in 6 months": no lower price was on sale within this many days. */
export const LOWEST_PRICE_WINDOW_DAYS = 180;

export const ADVANCED_FILTER_LABELS: Record<AdvancedFilter, string> = {
  freeShipping: 'Ücretsiz Kargo',
  inStock: 'Stokta Olanlar',
  priceDropped: 'Son 30 Günde Fiyatı Düşenler',
  lowestIn6m: 'Son 6 Ayın En Düşük Fiyatında',
};

/**
 * The 403 of a listing that asks for advanced filters without premium. Here rather than in
 * ./messages because that catalogue is part of every page's initial JavaScript (ADR 011) and
 * only the listing's lazily loaded refusal panel shows this one.
 */
export const ADVANCED_FILTERS_PREMIUM_MESSAGE =
  'Premium Gerekli – Gelişmiş filtreler (ücretsiz kargo, stok, fiyat düşüşü, 6 ayın en düşüğü) premium kullanıcılar içindir.';
