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

/**
 * Turkish labels of the canonical specification keys (filter groups and the specs tab). The order
 * is the display order of the specs tab, the comparison table and the filter groups, so related
 * keys stay together. Every key of the demo catalog has one (apps/api's seed/spec-labels.test.ts).
 */
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
  dimensions: 'Boyutlar',
  length: 'Uzunluk',
  thickness: 'Kalınlık',
  energyClass: 'Enerji Sınıfı',
  capacity: 'Kapasite',
  coolingType: 'Soğutma Tipi',
  spinSpeed: 'Sıkma Devri',
  programs: 'Program Sayısı',
  noise: 'Gürültü Seviyesi',
  gpu: 'Ekran Kartı',
  panel: 'Panel',
  hdr: 'HDR',
  type: 'Tür',
  material: 'Malzeme',
  size: 'Beden',
  caseSize: 'Kasa Boyutu',
  gender: 'Cinsiyet',
  fit: 'Kalıp',
  season: 'Sezon',
  support: 'Destek Seviyesi',
  ageRange: 'Yaş Aralığı',
  pieceCount: 'Parça Sayısı',
  players: 'Oyuncu Sayısı',
  duration: 'Süre',
  language: 'Dil',
  scale: 'Ölçek',
  range: 'Menzil',
  batteryRequired: 'Gerekli Pil',
  power: 'Güç',
  ports: 'Bağlantı Noktaları',
  technology: 'Teknoloji',
  compatibility: 'Uyumluluk',
  protection: 'Koruma',
  waterResistance: 'Su Dayanıklılığı',
  noiseCancelling: 'Gürültü Engelleme',
  driver: 'Sürücü',
  microphone: 'Mikrofon',
  sensor: 'Sensör',
  lens: 'Lens',
  video: 'Video',
  stabilization: 'Görüntü Sabitleme',
  motor: 'Motor Gücü',
  speed: 'Hız',
  incline: 'Eğim',
  resistance: 'Direnç',
  maxUserWeight: 'Maksimum Kullanıcı Ağırlığı',
  upper: 'Saya',
  midsole: 'Ara Taban',
  drop: 'Topuk-Burun Farkı',
  wheelSize: 'Tekerlek Boyutu',
  frame: 'Kadro',
  gears: 'Vites Sayısı',
  brakes: 'Fren Tipi',
  comfortTemperature: 'Konfor Sıcaklığı',
  insulation: 'Yalıtım',
  fuel: 'Yakıt',
};

const SPEC_RANK = new Map(Object.keys(SPEC_LABELS).map((key, i) => [key, i]));

/** A key's place in the display order (SPEC_LABELS); every key it does not know comes after them all. */
export function specRank(key: string): number {
  return SPEC_RANK.get(key) ?? SPEC_RANK.size;
}

/**
 * The specification keys a listing offers as filter groups (when its products have 2 to 40 values
 * of one): the ones shoppers choose by. A key with many one-off values (dimensions, a headphone's
 * driver, a shoe's upper) is shown on the product and compared, but not offered as a filter.
 */
export const SPEC_FILTER_KEYS: ReadonlySet<string> = new Set([
  'screenSize',
  'ram',
  'storage',
  'camera',
  'battery',
  'processor',
  'refreshRate',
  'resolution',
  'connectivity',
  'os',
  'color',
  'weight',
  'energyClass',
  'capacity',
  'spinSpeed',
  'programs',
  'gpu',
  'panel',
  'hdr',
  'type',
  'material',
  'size',
  'caseSize',
  'gender',
  'fit',
  'season',
  'ageRange',
  'players',
  'power',
  'compatibility',
  'waterResistance',
  'noiseCancelling',
  'microphone',
  'sensor',
  'lens',
  'video',
  'wheelSize',
  'gears',
  'brakes',
]);

/**
 * The label of a specification key: its Turkish label, or for a key SPEC_LABELS does not know (one
 * an operator typed in the product form, one a store feed brought) the key made readable, never
 * translated. A key that is already text ('Ekran Boyutu', 'Garanti Süresi', 'Su geçirmezlik') is
 * shown as it is; an ASCII identifier ('batteryLife', 'usb_ports', 'USBType') is split into words
 * with the first letter capitalised: 'Battery life', 'Usb ports', 'USB type'.
 */
export function specLabel(key: string): string {
  if (Object.hasOwn(SPEC_LABELS, key)) return SPEC_LABELS[key] as string;
  const text = key.trim();
  // Spaces or letters beyond ASCII: written for people already.
  if (/\s|[^\x20-\x7E]/.test(text)) return text;
  const words = text
    .replace(/[-_.]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    // Acronyms ('USB', 'HDMI') stay upper case; the other words read as one phrase.
    .map((word, i) => (i > 0 && !/^[A-Z0-9]+$/.test(word) ? word.toLowerCase() : word));
  const phrase = words.join(' ');
  // ASCII upper-casing on purpose: Turkish rules would turn an English 'inputs' into 'İnputs'.
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

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
