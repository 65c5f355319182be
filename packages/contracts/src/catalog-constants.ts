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
