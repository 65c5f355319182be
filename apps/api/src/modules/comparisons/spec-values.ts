/**
 * Reads measurable quantities out of free-text specification values ('6.7 inç', '256 GB',
 * '1 TB', '5000 mAh', '50 MP', '1.300 mAh (~166 dk)', '2868 x 1320'). A quantity carries a unit
 * family: values are only ever compared within one family, so '5000 mAh' is never ranked
 * against '30 saat'.
 */

export interface Quantity {
  /** In the family's base unit (GB, grams, hours, ...). */
  value: number;
  family: string;
  /** The number as the product states it and the unit ('5000 mAh'), for the pros/cons wording. */
  text: string;
}

export interface UnitDef {
  /** Alternatives of the unit's spelling, as a regex source (matched case-insensitively). */
  pattern: string;
  family: string;
  /** How the unit is written in pros/cons ('gün' for 'güne', 'inç' for '"'). */
  label: string;
  /** Multiplier to the family's base unit. */
  factor: number;
  /**
   * Whole-number units (mAh, Hz, shots): a separator followed by exactly three digits is a
   * thousands separator ('5.000 mAh' is 5000), never a decimal point.
   */
  whole?: boolean;
}

const LETTER = 'a-zçğıöşüâîû';
const NUMBER = String.raw`(\d+(?:[.,]\d+)*)`;

/** '6,7' and '6.7' are 6.7; '5.000' and '1.234.567' are thousands in whole units. */
export function parseNumber(raw: string, whole = false): number | null {
  let s = raw;
  const grouped = /^\d{1,3}(?:[.,]\d{3})+$/.test(s);
  if (grouped && (whole || /[.,].*[.,]/.test(s))) {
    s = s.replace(/[.,]/g, '');
  } else {
    // One decimal separator at most: '1,5' and '1.5' alike; anything else is not a number.
    if ((s.match(/[.,]/g) ?? []).length > 1) return null;
    s = s.replace(',', '.');
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

function unitRegex(units: readonly UnitDef[]): RegExp {
  const alternatives = units.map((u, i) => `(?<u${i}>${u.pattern})`).join('|');
  return new RegExp(String.raw`${NUMBER}\s*(?:${alternatives})(?![${LETTER}])`, 'giu');
}

function matches(text: string, units: readonly UnitDef[]): Quantity[] {
  const out: Quantity[] = [];
  for (const match of text.matchAll(unitRegex(units))) {
    const index = units.findIndex((_, i) => match.groups?.[`u${i}`] !== undefined);
    const unit = units[index];
    const raw = match[1];
    if (!unit || raw === undefined) continue;
    const n = parseNumber(raw, unit.whole);
    if (n === null) continue;
    out.push({ value: n * unit.factor, family: unit.family, text: `${raw} ${unit.label}` });
  }
  return out;
}

/** The first quantity with one of `units` in `text`, or null. */
export function firstQuantity(text: string, units: readonly UnitDef[]): Quantity | null {
  return matches(text, units)[0] ?? null;
}

/** The largest quantity of the first-found family (the main camera of '48 MP + 12 MP'). */
export function largestQuantity(text: string, units: readonly UnitDef[]): Quantity | null {
  const found = matches(text, units);
  const family = found[0]?.family;
  const same = found.filter((q) => q.family === family);
  return same.reduce<Quantity | null>((best, q) => (best === null || q.value > best.value ? q : best), null);
}

/** Pixel count of a 'W x H' resolution ('2868 x 1320', '1920×1080'). */
export function resolutionPixels(text: string): Quantity | null {
  const match = /(\d{3,5})\s*[x×]\s*(\d{3,5})/i.exec(text);
  if (!match?.[1] || !match[2]) return null;
  return { value: Number(match[1]) * Number(match[2]), family: 'px', text: match[0].replace(/\s*[x×]\s*/i, ' x ') };
}

/** EU energy classes: A+++ best, G worst (both the old '+' scale and the 2021 A–G scale). */
export function energyClass(text: string): Quantity | null {
  const match = /^\s*([A-G])(\+{0,3})(?![A-Za-z])/i.exec(text);
  if (!match?.[1]) return null;
  const letter = match[1].toUpperCase();
  const rank = 'GFEDCBA'.indexOf(letter) * 10 + (match[2]?.length ?? 0);
  return { value: rank, family: 'energy', text: `${letter}${match[2] ?? ''}` };
}

export const UNITS = {
  inch: [{ pattern: String.raw`inç|inch|in|"|''|”`, family: 'inch', label: 'inç', factor: 1 }],
  memory: [
    { pattern: 'TB', family: 'GB', label: 'TB', factor: 1024 },
    { pattern: 'GB', family: 'GB', label: 'GB', factor: 1 },
    { pattern: 'MB', family: 'GB', label: 'MB', factor: 1 / 1024, whole: true },
  ],
  battery: [
    { pattern: 'mAh', family: 'mAh', label: 'mAh', factor: 1, whole: true },
    { pattern: 'Wh', family: 'Wh', label: 'Wh', factor: 1 },
    { pattern: 'saat(?:e|lik)?|sa', family: 'hours', label: 'saat', factor: 1 },
    { pattern: 'gün(?:e|lük)?', family: 'hours', label: 'gün', factor: 24 },
    { pattern: 'hafta(?:ya|lık)?', family: 'hours', label: 'hafta', factor: 24 * 7 },
    { pattern: 'ay(?:a|lık)?', family: 'hours', label: 'ay', factor: 24 * 30 },
    { pattern: 'çekim', family: 'shots', label: 'çekim', factor: 1, whole: true },
  ],
  megapixel: [{ pattern: 'MP|megapiksel', family: 'MP', label: 'MP', factor: 1 }],
  hertz: [{ pattern: 'Hz', family: 'Hz', label: 'Hz', factor: 1, whole: true }],
  weight: [
    { pattern: 'kg', family: 'g', label: 'kg', factor: 1000 },
    { pattern: 'gr|g', family: 'g', label: 'g', factor: 1 },
  ],
  capacity: [
    { pattern: 'L|lt|litre', family: 'L', label: 'L', factor: 1 },
    { pattern: 'kg', family: 'kg', label: 'kg', factor: 1 },
    { pattern: 'kişilik|kişi', family: 'persons', label: 'kişilik', factor: 1 },
    { pattern: 'mAh', family: 'mAh', label: 'mAh', factor: 1, whole: true },
  ],
  duration: [
    { pattern: 'yıl', family: 'months', label: 'yıl', factor: 12 },
    { pattern: 'ay', family: 'months', label: 'ay', factor: 1 },
  ],
} as const satisfies Record<string, readonly UnitDef[]>;
