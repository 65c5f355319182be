import { describe, expect, it } from 'vitest';
import type { Suggestion } from '@kiyasla/contracts/search';
import { emptyBoxGroups, flattenOptions, optionTarget, suggestionGroups } from './search-options';
import { searchHref } from './search-href';

const product: Suggestion = {
  type: 'product',
  _id: '1cc31280-2eb2-4c99-be50-7559e0be7ea1',
  text: 'Apple iPhone 15 256 GB',
  brand: 'Apple',
  image: '/api/media/products/1.svg',
  price: 53548,
  url: '/product/1cc31280-2eb2-4c99-be50-7559e0be7ea1',
};
const category: Suggestion = {
  type: 'category',
  _id: '6f73d7c9-4bfb-46ad-aa4b-faa4e26e0652',
  text: 'Premium Telefonlar',
  parentName: 'Telefon',
  url: '/category/telefon/premium',
};
const brand: Suggestion = { type: 'brand', text: 'Apple', productCount: 57, url: '/search?q=Apple' };

describe('search options', () => {
  it('groups suggestions as categories, brands, products, then "all results"', () => {
    const groups = suggestionGroups([product, brand, category], ' iph ');
    expect(groups.map((g) => [g.id, g.label])).toEqual([
      ['categories', 'Kategoriler'],
      ['brands', 'Markalar'],
      ['products', 'Ürünler'],
      ['all', null],
    ]);
    expect(flattenOptions(groups).at(-1)).toEqual({ kind: 'search', key: 'search', term: 'iph' });
  });

  it('offers recent before trending searches in the empty box, skipping empty groups', () => {
    expect(emptyBoxGroups(['tv'], [{ term: 'laptop', count: 3 }]).map((g) => g.label)).toEqual([
      'Son Aramalar',
      'Popüler Aramalar',
    ]);
    expect(emptyBoxGroups([], [{ term: 'laptop', count: 3 }]).map((g) => g.label)).toEqual(['Popüler Aramalar']);
  });

  it('opens products, categories and brands, and searches terms', () => {
    const [categories, brands, products] = suggestionGroups([product, category, brand], 'x');
    expect(optionTarget(products!.options[0]!)).toEqual({ href: `/product/${product._id}`, searchTerm: null });
    expect(optionTarget(categories!.options[0]!)).toEqual({ href: '/category/telefon/premium', searchTerm: null });
    expect(optionTarget(brands!.options[0]!)).toEqual({ href: '/search?q=Apple', searchTerm: 'Apple' });
    expect(optionTarget({ kind: 'trending', key: 't', term: 'şarj aleti' })).toEqual({
      href: '/search?q=%C5%9Farj%20aleti',
      searchTerm: 'şarj aleti',
    });
  });

  it('encodes the term into /search?q= and does nothing for a blank one', () => {
    expect(searchHref(' kulaklık & kılıf ')).toBe('/search?q=kulakl%C4%B1k%20%26%20k%C4%B1l%C4%B1f');
    expect(searchHref('   ')).toBeNull();
  });
});
