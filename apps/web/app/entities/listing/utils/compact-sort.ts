/**
 * Sorting of the compact table. Spec values are text ("6.7 inç", "256 GB", "1 TB",
 * "5000 mAh", "50 MP"), so each is reduced to a number first; storage is compared in GB.
 * The sort applies to the rows on screen (the current page).
 */
import type { ProductCard } from '@kiyasla/contracts/catalog';

export const COMPACT_COLUMNS = ['price', 'screenSize', 'storage', 'ram', 'battery', 'camera', 'rating'] as const;
export type CompactColumn = (typeof COMPACT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export interface CompactSort {
  column: CompactColumn;
  direction: SortDirection;
}

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

export function compactValue(product: ProductCard, column: CompactColumn): number | null {
  switch (column) {
    case 'price':
      return product.currentPrice;
    case 'rating':
      return product.ratingsCount > 0 ? product.averageRating : null;
    default:
      return parseSpecNumber(product.keySpecs[column]);
  }
}

/** Clicking the sorted column again flips the direction; another column starts ascending. */
export function nextCompactSort(current: CompactSort | null, column: CompactColumn): CompactSort {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

/** A sorted copy; rows without a value go last in either direction, ties keep their order. */
export function sortCompactRows<T extends ProductCard>(rows: readonly T[], sort: CompactSort | null): T[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: compactValue(row, sort.column) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      return (a.value - b.value) * sign || a.index - b.index;
    })
    .map(({ row }) => row);
}
