import {
  energyClass,
  firstQuantity,
  largestQuantity,
  resolutionPixels,
  UNITS,
  type Quantity,
  type UnitDef,
} from './spec-values';

/**
 * The premium pros/cons analysis: each product's advantages and disadvantages relative to the
 * other products of the same comparison, computed from prices, ratings, offers and the aligned
 * specifications. For every measure the best value is a pro and the weakest a con; all products
 * tied on a value share it; a measure where every product has the same value, fewer than two
 * products have a readable value, or the values are in different units (mAh against hours) says
 * nothing.
 */

export interface AnalysisInput {
  /** Lowest current price (TRY), null when no store sells it. */
  price: number | null;
  averageRating: number;
  ratingsCount: number;
  /** Active offers. */
  storeCount: number;
  /** Whether an active offer ships free; null without offers. */
  freeShipping: boolean | null;
  warranty: string | null;
  energyRating: string | null;
  specs: Readonly<Record<string, string | null | undefined>>;
}

export interface ProsCons {
  pros: string[];
  cons: string[];
}

type Reading = Quantity;

interface Measure {
  /** Which end is the advantage. */
  better: 'higher' | 'lower';
  read(p: AnalysisInput): Reading | null;
  pro(r: Reading): string;
  con(r: Reading): string;
}

const tryFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });
const ratingFormat = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const fromSpec =
  (key: string, parse: (text: string) => Quantity | null) =>
  (p: AnalysisInput): Reading | null => {
    const value = p.specs[key];
    return typeof value === 'string' && value.trim() ? parse(value) : null;
  };

const first = (units: readonly UnitDef[]) => (text: string) => firstQuantity(text, units);
const largest = (units: readonly UnitDef[]) => (text: string) => largestQuantity(text, units);

const capacityFamilies = new Set(['mAh', 'Wh']);

/** In the order the pros and cons are listed. */
const MEASURES: readonly Measure[] = [
  {
    better: 'lower',
    read: (p) => (p.price === null ? null : { value: p.price, family: 'TRY', text: tryFormat.format(p.price) }),
    pro: (r) => `En düşük fiyat (${r.text})`,
    con: (r) => `En yüksek fiyat (${r.text})`,
  },
  {
    better: 'higher',
    read: (p) =>
      p.ratingsCount > 0
        ? { value: Math.round(p.averageRating * 10) / 10, family: 'rating', text: ratingFormat.format(p.averageRating) }
        : null,
    pro: (r) => `En yüksek puan (${r.text})`,
    con: (r) => `En düşük puan (${r.text})`,
  },
  {
    better: 'higher',
    read: (p) => ({ value: p.storeCount, family: 'stores', text: `${p.storeCount} mağaza` }),
    pro: (r) => `En çok mağazada satılıyor (${r.text})`,
    con: (r) => (r.value === 0 ? 'Şu anda hiçbir mağazada satılmıyor' : `En az mağazada satılıyor (${r.text})`),
  },
  {
    better: 'higher',
    read: (p) => (p.freeShipping === null ? null : { value: p.freeShipping ? 1 : 0, family: 'bool', text: '' }),
    pro: () => 'Ücretsiz kargo seçeneği',
    con: () => 'Ücretsiz kargo seçeneği yok',
  },
  {
    better: 'higher',
    read: fromSpec('battery', first(UNITS.battery)),
    pro: (r) =>
      capacityFamilies.has(r.family) ? `En yüksek batarya kapasitesi (${r.text})` : `En uzun pil ömrü (${r.text})`,
    con: (r) =>
      capacityFamilies.has(r.family) ? `En düşük batarya kapasitesi (${r.text})` : `En kısa pil ömrü (${r.text})`,
  },
  {
    better: 'higher',
    read: fromSpec('storage', first(UNITS.memory)),
    pro: (r) => `En fazla depolama alanı (${r.text})`,
    con: (r) => `En az depolama alanı (${r.text})`,
  },
  {
    better: 'higher',
    read: fromSpec('ram', first(UNITS.memory)),
    pro: (r) => `En fazla RAM (${r.text})`,
    con: (r) => `En az RAM (${r.text})`,
  },
  {
    better: 'higher',
    read: fromSpec('screenSize', first(UNITS.inch)),
    pro: (r) => `En büyük ekran (${r.text})`,
    con: (r) => `En küçük ekran (${r.text})`,
  },
  {
    better: 'higher',
    read: fromSpec('resolution', resolutionPixels),
    pro: (r) => `En yüksek ekran çözünürlüğü (${r.text})`,
    con: (r) => `En düşük ekran çözünürlüğü (${r.text})`,
  },
  {
    better: 'higher',
    read: fromSpec('refreshRate', first(UNITS.hertz)),
    pro: (r) => `En yüksek ekran yenileme hızı (${r.text})`,
    con: (r) => `En düşük ekran yenileme hızı (${r.text})`,
  },
  {
    better: 'higher',
    read: fromSpec('camera', largest(UNITS.megapixel)),
    pro: (r) => `En yüksek kamera çözünürlüğü (${r.text})`,
    con: (r) => `En düşük kamera çözünürlüğü (${r.text})`,
  },
  {
    better: 'higher',
    read: fromSpec('capacity', first(UNITS.capacity)),
    pro: (r) => `En yüksek kapasite (${r.text})`,
    con: (r) => `En düşük kapasite (${r.text})`,
  },
  {
    better: 'lower',
    read: fromSpec('weight', first(UNITS.weight)),
    pro: (r) => `En hafif (${r.text})`,
    con: (r) => `En ağır (${r.text})`,
  },
  {
    better: 'higher',
    read: (p) => (p.warranty ? firstQuantity(p.warranty, UNITS.duration) : null),
    pro: (r) => `En uzun garanti süresi (${r.text})`,
    con: (r) => `En kısa garanti süresi (${r.text})`,
  },
  {
    better: 'higher',
    read: (p) => {
      const text = p.specs.energyClass ?? p.energyRating;
      return text ? energyClass(text) : null;
    },
    pro: (r) => `En verimli enerji sınıfı (${r.text})`,
    con: (r) => `En düşük enerji sınıfı (${r.text})`,
  },
];

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** Pros and cons for each product, in the order given. */
export function analyseProsCons(products: readonly AnalysisInput[]): ProsCons[] {
  const out = products.map((): ProsCons => ({ pros: [], cons: [] }));
  for (const measure of MEASURES) {
    const readings = products.map((p) => measure.read(p));
    const present = readings.filter((r): r is Reading => r !== null);
    if (present.length < 2 || new Set(present.map((r) => r.family)).size !== 1) continue;
    const values = present.map((r) => r.value);
    const high = Math.max(...values);
    const low = Math.min(...values);
    if (same(high, low)) continue;
    const [best, worst] = measure.better === 'higher' ? [high, low] : [low, high];
    readings.forEach((r, i) => {
      const target = out[i];
      if (!r || !target) return;
      if (same(r.value, best)) target.pros.push(measure.pro(r));
      else if (same(r.value, worst)) target.cons.push(measure.con(r));
    });
  }
  return out;
}
