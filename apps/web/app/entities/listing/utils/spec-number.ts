/**
 * Spec values are text ("6.7 inç", "256 GB", "1 TB", "5000 mAh", "50 MP"): reduced to a number
 * to order a filter group's values and to sort the compact table. Its own module: the filter
 * panel is in a listing's initial JavaScript, the compact table's sorting is not (ADR 011).
 */
const UNIT_FACTORS: ReadonlyArray<[RegExp, number]> = [
  [/^tb\b/i, 1024],
  [/^gb\b/i, 1],
  [/^mb\b/i, 1 / 1024],
];

/**
 * The first number in a value, with Turkish or English decimals and thousands separators,
 * scaled by a storage unit right after it: "1 TB" → 1024, "6,1 inç" → 6.1, "5.000 mAh" → 5000.
 * Null when there is no number ("Yok", "-", empty).
 */
export function parseSpecNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const match = /(\d+(?:[.,]\d+)*)\s*([A-Za-z]*)/.exec(value);
  if (!match) return null;
  let digits = match[1] ?? '';
  // "5.000" / "1.024,5": dots (or commas) followed by exactly three digits group thousands.
  if (/^\d{1,3}([.]\d{3})+(,\d+)?$/.test(digits)) digits = digits.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits)) digits = digits.replace(/,/g, '');
  else digits = digits.replace(',', '.');
  const number = Number.parseFloat(digits);
  if (!Number.isFinite(number)) return null;
  const unit = match[2] ?? '';
  const factor = UNIT_FACTORS.find(([pattern]) => pattern.test(unit))?.[1] ?? 1;
  return number * factor;
}
