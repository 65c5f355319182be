import { describe, expect, it } from 'vitest';
import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { filterFavorites, nextCompactFavoriteSort, sortCompactFavorites, sortFavorites } from './favorites-view';

function item(
  name: string,
  createdAt: string,
  price: number | null,
  rating: { average: number; count: number } = { average: 0, count: 0 },
  brand = 'Marka',
): FavoriteItem {
  return {
    productId: name,
    createdAt,
    product: {
      _id: name,
      name,
      brand,
      model: null,
      currentPrice: price,
      averageRating: rating.average,
      ratingsCount: rating.count,
    } as FavoriteItem['product'],
  };
}

const kulaklik = item('Kablosuz Kulaklık', '2026-01-03T10:00:00Z', 1500, { average: 4.5, count: 10 }, 'Sony');
const sarj = item('Şarj Aleti', '2026-01-01T10:00:00Z', 300, { average: 3.9, count: 4 }, 'Anker');
const iphone = item('iPhone 15', '2026-01-02T10:00:00Z', null, { average: 0, count: 0 }, 'Apple');
const all = [kulaklik, sarj, iphone];
const names = (items: FavoriteItem[]) => items.map((i) => i.product.name);

describe('favorites search', () => {
  it('folds Turkish letters and case, and needs every word', () => {
    expect(names(filterFavorites(all, 'kulaklik'))).toEqual(['Kablosuz Kulaklık']);
    expect(names(filterFavorites(all, 'SARJ'))).toEqual(['Şarj Aleti']);
    expect(names(filterFavorites(all, 'sony kablosuz'))).toEqual(['Kablosuz Kulaklık']);
    expect(names(filterFavorites(all, 'sony şarj'))).toEqual([]);
  });

  it('matches the brand too and returns everything for a blank query', () => {
    expect(names(filterFavorites(all, 'apple'))).toEqual(['iPhone 15']);
    expect(filterFavorites(all, '   ')).toHaveLength(3);
  });
});

describe('favorites sorting', () => {
  it('sorts by date added, newest first by default, or oldest first', () => {
    expect(names(sortFavorites(all, 'date-desc'))).toEqual(['Kablosuz Kulaklık', 'iPhone 15', 'Şarj Aleti']);
    expect(names(sortFavorites(all, 'date-asc'))).toEqual(['Şarj Aleti', 'iPhone 15', 'Kablosuz Kulaklık']);
  });

  it('sorts by price either way, products without a price last', () => {
    expect(names(sortFavorites(all, 'price-asc'))).toEqual(['Şarj Aleti', 'Kablosuz Kulaklık', 'iPhone 15']);
    expect(names(sortFavorites(all, 'price-desc'))).toEqual(['Kablosuz Kulaklık', 'Şarj Aleti', 'iPhone 15']);
  });

  it('sorts names in Turkish alphabetical order (Ş after S, i before K)', () => {
    expect(names(sortFavorites(all, 'name-asc'))).toEqual(['iPhone 15', 'Kablosuz Kulaklık', 'Şarj Aleti']);
    expect(names(sortFavorites(all, 'name-desc'))).toEqual(['Şarj Aleti', 'Kablosuz Kulaklık', 'iPhone 15']);
  });

  it('compact table: rating column, unrated last; the same column again flips the direction', () => {
    const first = nextCompactFavoriteSort(null, 'rating');
    expect(first).toEqual({ column: 'rating', direction: 'asc' });
    expect(names(sortCompactFavorites(all, first))).toEqual(['Şarj Aleti', 'Kablosuz Kulaklık', 'iPhone 15']);
    const second = nextCompactFavoriteSort(first, 'rating');
    expect(names(sortCompactFavorites(all, second))).toEqual(['Kablosuz Kulaklık', 'Şarj Aleti', 'iPhone 15']);
    expect(nextCompactFavoriteSort(second, 'price')).toEqual({ column: 'price', direction: 'asc' });
    expect(names(sortCompactFavorites(all, null))).toEqual(names(all));
  });
});
