/**
 * Searching and sorting the favorites page on the client (the list holds every favorite):
 * search matches name, brand and model with Turkish folding ("kulaklik" finds "Kulaklık");
 * sorts are by date added, price or name, and the compact table sorts by name, price or rating.
 */
import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { foldTurkish } from '@kiyasla/contracts/text';

export const FAVORITE_SORTS = ['date-desc', 'date-asc', 'price-asc', 'price-desc', 'name-asc', 'name-desc'] as const;
export type FavoriteSort = (typeof FAVORITE_SORTS)[number];

export const FAVORITE_SORT_LABELS: Record<FavoriteSort, string> = {
  'date-desc': 'En Yeni Eklenen',
  'date-asc': 'En Eski Eklenen',
  'price-asc': 'En Düşük Fiyat',
  'price-desc': 'En Yüksek Fiyat',
  'name-asc': 'İsim (A-Z)',
  'name-desc': 'İsim (Z-A)',
};

export function isFavoriteSort(value: string): value is FavoriteSort {
  return (FAVORITE_SORTS as readonly string[]).includes(value);
}

export type CompactFavoriteColumn = 'name' | 'price' | 'rating';
export interface CompactFavoriteSort {
  column: CompactFavoriteColumn;
  direction: 'asc' | 'desc';
}

const nameCollator = new Intl.Collator('tr-TR', { sensitivity: 'base', numeric: true });

/** Favorites whose name, brand or model contains every word of the query (Turkish-folded). */
export function filterFavorites(items: readonly FavoriteItem[], query: string): FavoriteItem[] {
  const words = foldTurkish(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const { name, brand, model } = item.product;
    const haystack = foldTurkish([name, brand, model ?? ''].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

type Key = (item: FavoriteItem) => number | string | null;

/** A sorted copy; items without a value (no price, no rating) go last either way; ties keep order. */
function sortBy(items: readonly FavoriteItem[], key: Key, direction: 'asc' | 'desc'): FavoriteItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, value: key(item) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        if (a.value === b.value) return a.index - b.index;
        return a.value === null ? 1 : -1;
      }
      const diff =
        typeof a.value === 'string' && typeof b.value === 'string'
          ? nameCollator.compare(a.value, b.value)
          : Number(a.value) - Number(b.value);
      return diff * sign || a.index - b.index;
    })
    .map(({ item }) => item);
}

const addedAt: Key = (item) => {
  const time = Date.parse(item.createdAt);
  return Number.isNaN(time) ? null : time;
};
const price: Key = (item) => item.product.currentPrice;
const name: Key = (item) => item.product.name;
const rating: Key = (item) => (item.product.ratingsCount > 0 ? item.product.averageRating : null);

export function sortFavorites(items: readonly FavoriteItem[], sort: FavoriteSort): FavoriteItem[] {
  switch (sort) {
    case 'date-asc':
      return sortBy(items, addedAt, 'asc');
    case 'price-asc':
      return sortBy(items, price, 'asc');
    case 'price-desc':
      return sortBy(items, price, 'desc');
    case 'name-asc':
      return sortBy(items, name, 'asc');
    case 'name-desc':
      return sortBy(items, name, 'desc');
    default:
      return sortBy(items, addedAt, 'desc');
  }
}

const COMPACT_KEYS: Record<CompactFavoriteColumn, Key> = { name, price, rating };

export function sortCompactFavorites(items: readonly FavoriteItem[], sort: CompactFavoriteSort | null): FavoriteItem[] {
  return sort ? sortBy(items, COMPACT_KEYS[sort.column], sort.direction) : [...items];
}

/** The same column flips the direction; another column starts ascending. */
export function nextCompactFavoriteSort(
  current: CompactFavoriteSort | null,
  column: CompactFavoriteColumn,
): CompactFavoriteSort {
  if (current?.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}
