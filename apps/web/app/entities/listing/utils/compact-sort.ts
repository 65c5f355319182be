/**
 * Sorting of the compact table. Spec values are text, so each is reduced to a number first
 * (`parseSpecNumber`); storage is compared in GB.
 * The sort applies to the rows on screen (the current page).
 */
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { parseSpecNumber } from './spec-number';

export const COMPACT_COLUMNS = ['price', 'screenSize', 'storage', 'ram', 'battery', 'camera', 'rating'] as const;
export type CompactColumn = (typeof COMPACT_COLUMNS)[number];
export type SortDirection = 'asc' | 'desc';

export interface CompactSort {
  column: CompactColumn;
  direction: SortDirection;
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
