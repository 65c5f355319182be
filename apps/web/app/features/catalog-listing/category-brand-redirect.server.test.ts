import { describe, expect, it } from 'vitest';
import { catalogBrandSearch } from './category-brand-redirect.server';

const brands = ['Apple', 'Samsung', 'Arçelik', 'LC Waikiki'].map((value) => ({ value, label: value, count: 1 }));
const moved = (query: string) => catalogBrandSearch(new URLSearchParams(query), brands);

describe('catalogBrandSearch', () => {
  it('spells the brands as the catalogue does, keeping the other parameters in their order', () => {
    expect(moved('brand=apple')).toBe('?brand=Apple');
    expect(moved('sort=price-low&brand=SAMSUNG&page=2&brand=Apple')).toBe(
      '?sort=price-low&brand=Samsung&page=2&brand=Apple',
    );
    expect(moved('brand=ar%C3%87el%C4%B0k')).toBe(`?brand=${encodeURIComponent('Arçelik')}`);
    expect(moved('brand=lc+wa%C4%B1k%C4%B1k%C4%B1')).toBe('?brand=LC+Waikiki');
  });

  it('keeps one of a brand repeated in several cases', () => {
    expect(moved('brand=apple&brand=Apple&brand=APPLE&view=list')).toBe('?brand=Apple&view=list');
  });

  it('leaves an address alone whose brands are spelt as the catalogue does, or fold to none', () => {
    expect(moved('brand=Apple&brand=Samsung')).toBeNull();
    expect(moved('brand=Apple&brand=Apple')).toBeNull();
    expect(moved('brand=nobrand&page=2')).toBeNull();
    expect(moved('brand=apple,samsung')).toBeNull(); // a comma list: not one brand
    expect(moved('page=2')).toBeNull();
  });
});
