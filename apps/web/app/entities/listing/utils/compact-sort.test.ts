import { describe, expect, it } from 'vitest';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { testProductCard } from '~/test/fixtures';
import { nextCompactSort, sortCompactRows } from './compact-sort';
import { parseSpecNumber } from './spec-number';

const row = (name: string, over: Partial<ProductCard> = {}): ProductCard =>
  testProductCard(0, {
    _id: `00000000-0000-4000-8000-${name.padStart(12, '0')}`,
    name,
    slug: name,
    image_url: '',
    averageRating: 0,
    ratingsCount: 0,
    ...over,
  });

describe('parseSpecNumber', () => {
  it.each([
    ['6.7 inç', 6.7],
    ['6,1"', 6.1],
    ['256 GB', 256],
    ['1 TB', 1024],
    ['2TB', 2048],
    ['512 MB', 0.5],
    ['5000 mAh', 5000],
    ['5.000 mAh', 5000],
    ['50 MP', 50],
    ['48 MP + 12 MP', 48],
    ['24.2 MP', 24.2],
    ['3.0 inç (döner)', 3],
  ])('%s → %d', (text, expected) => {
    expect(parseSpecNumber(text)).toBeCloseTo(expected);
  });

  it('is null without a number', () => {
    expect(parseSpecNumber('Yok')).toBeNull();
    expect(parseSpecNumber('')).toBeNull();
    expect(parseSpecNumber(undefined)).toBeNull();
  });
});

describe('nextCompactSort', () => {
  it('starts a new column ascending and toggles the same column', () => {
    const first = nextCompactSort(null, 'price');
    expect(first).toEqual({ column: 'price', direction: 'asc' });
    const second = nextCompactSort(first, 'price');
    expect(second).toEqual({ column: 'price', direction: 'desc' });
    expect(nextCompactSort(second, 'price')).toEqual({ column: 'price', direction: 'asc' });
    expect(nextCompactSort(second, 'storage')).toEqual({ column: 'storage', direction: 'asc' });
  });
});

describe('sortCompactRows', () => {
  const rows = [
    row('a', { keySpecs: { storage: '512 GB' }, currentPrice: 30 }),
    row('b', { keySpecs: { storage: '1 TB' }, currentPrice: 10 }),
    row('c', { keySpecs: {}, currentPrice: null }),
    row('d', { keySpecs: { storage: '128 GB' }, currentPrice: 20 }),
  ];
  const names = (list: ProductCard[]) => list.map((p) => p.name);

  it('sorts storage numerically with TB as 1024 GB', () => {
    expect(names(sortCompactRows(rows, { column: 'storage', direction: 'asc' }))).toEqual(['d', 'a', 'b', 'c']);
    expect(names(sortCompactRows(rows, { column: 'storage', direction: 'desc' }))).toEqual(['b', 'a', 'd', 'c']);
  });

  it('sorts by price and keeps rows without a value last', () => {
    expect(names(sortCompactRows(rows, { column: 'price', direction: 'asc' }))).toEqual(['b', 'd', 'a', 'c']);
    expect(names(sortCompactRows(rows, { column: 'price', direction: 'desc' }))).toEqual(['a', 'd', 'b', 'c']);
  });

  it('treats unrated products as having no rating', () => {
    const rated = [
      row('x', { averageRating: 0, ratingsCount: 0 }),
      row('y', { averageRating: 4.5, ratingsCount: 3 }),
      row('z', { averageRating: 3.2, ratingsCount: 9 }),
    ];
    expect(names(sortCompactRows(rated, { column: 'rating', direction: 'desc' }))).toEqual(['y', 'z', 'x']);
  });

  it('leaves the order alone without a sort and never mutates the input', () => {
    const copy = [...rows];
    expect(names(sortCompactRows(rows, null))).toEqual(['a', 'b', 'c', 'd']);
    sortCompactRows(rows, { column: 'price', direction: 'asc' });
    expect(rows).toEqual(copy);
  });
});
