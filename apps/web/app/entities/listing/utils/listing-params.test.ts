import { describe, expect, it } from 'vitest';
import {
  EMPTY_LISTING_STATE,
  activeFilterCount,
  clearFilters,
  isPriceFilterActive,
  listingApiParams,
  listingSearch,
  onlyViewChanged,
  parseListingParams,
  serializeListingParams,
  toggleSpec,
  withFilters,
  type ListingState,
} from './listing-params';
import { toggleAdvanced } from './advanced-filter-state';

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe('listing URL state', () => {
  it('reads filters, sort, view and page from the query', () => {
    const state = parse(
      'brand=Apple&brand=Samsung&spec=storage:256 GB&spec=ram:8 GB&store=teknosa&minPrice=1000&maxPrice=50000&sort=price-low&view=compact&page=2',
    );
    expect(state).toEqual<ListingState>({
      brands: ['Apple', 'Samsung'],
      stores: ['teknosa'],
      specs: [
        { key: 'storage', value: '256 GB' },
        { key: 'ram', value: '8 GB' },
      ],
      minPrice: 1000,
      maxPrice: 50000,
      advanced: [],
      sort: 'price-low',
      view: 'compact',
      page: 2,
    });
  });

  it('round-trips every state through the URL', () => {
    const states: ListingState[] = [
      EMPTY_LISTING_STATE,
      { ...EMPTY_LISTING_STATE, brands: ['Apple'], page: 3 },
      {
        brands: ['Xiaomi', 'Oppo & Co'],
        stores: ['hepsiburada', 'n11'],
        specs: [{ key: 'screenSize', value: '6.7 inç: büyük' }],
        minPrice: 250,
        maxPrice: 99999,
        advanced: ['freeShipping', 'lowestIn6m'],
        sort: 'rating',
        view: 'list',
        page: 7,
      },
    ];
    for (const state of states) {
      const query = serializeListingParams(state).toString();
      expect(parse(query)).toEqual(state);
    }
  });

  it('reads the premium advanced filters as <name>=true flags, in a fixed order, ignoring other values', () => {
    expect(parse('lowestIn6m=true&inStock=true&freeShipping=false&priceDropped=1').advanced).toEqual([
      'inStock',
      'lowestIn6m',
    ]);
    const state = { ...EMPTY_LISTING_STATE, advanced: toggleAdvanced(['priceDropped'], 'freeShipping') };
    expect(state.advanced).toEqual(['freeShipping', 'priceDropped']);
    expect(listingSearch(state)).toBe('?freeShipping=true&priceDropped=true');
    expect(toggleAdvanced(state.advanced, 'priceDropped')).toEqual(['freeShipping']);
    // They count as filters: the page resets, 'Tümünü Temizle' removes them, the API gets them.
    expect(activeFilterCount(state)).toBe(2);
    expect(clearFilters(state).advanced).toEqual([]);
    expect(listingApiParams({ ...state, page: 3 }).get('priceDropped')).toBe('true');
  });

  it('leaves defaults out of the URL', () => {
    expect(listingSearch(EMPTY_LISTING_STATE)).toBe('');
    expect(listingSearch({ ...EMPTY_LISTING_STATE, minPrice: 0, sort: 'popularity', view: 'grid', page: 1 })).toBe('');
    expect(listingSearch({ ...EMPTY_LISTING_STATE, brands: ['Apple'], page: 2 })).toBe('?brand=Apple&page=2');
  });

  it('falls back to defaults for values it cannot use', () => {
    const state = parse('sort=cheapest&view=table&page=abc&minPrice=-4&maxPrice=x&spec=nocolon&spec=bad key:1&brand=');
    expect(state).toEqual(EMPTY_LISTING_STATE);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
  });

  it('reads page and prices only as decimal digits, never as hex, binary or exponent notation', () => {
    for (const written of ['0x10', '0b11', '0o7', '1e1', 'Infinity', '']) {
      expect(parse(`page=${written}`).page, written).toBe(1);
      expect(parse(`minPrice=${written}&maxPrice=${written}`), written).toMatchObject({
        minPrice: null,
        maxPrice: null,
      });
    }
    expect(parse('page=%2012%20&maxPrice=%20900').page).toBe(12);
    expect(parse('maxPrice=%20900').maxPrice).toBe(900);
  });

  it('reads prices as whole lira and swaps a reversed range', () => {
    expect(parse('minPrice=1500.75').minPrice).toBe(1500);
    expect(parse('minPrice=9000&maxPrice=100')).toMatchObject({ minPrice: 100, maxPrice: 9000 });
  });

  it('builds the API query with page, limit, sort and facets but without the view', () => {
    const params = listingApiParams(parse('brand=Apple&view=compact&page=2'), { facets: true });
    expect(params.getAll('brand')).toEqual(['Apple']);
    expect(params.get('page')).toBe('2');
    expect(params.get('limit')).toBe('20');
    expect(params.get('sort')).toBe('popularity');
    expect(params.get('facets')).toBe('true');
    expect(params.has('view')).toBe(false);
  });
});

describe('filter changes', () => {
  it('reset the page to 1 and keep sort and view when cleared', () => {
    const state = parse('brand=Apple&sort=rating&view=list&page=4');
    expect(withFilters(state, { brands: [] }).page).toBe(1);
    expect(clearFilters(state)).toEqual({ ...EMPTY_LISTING_STATE, sort: 'rating', view: 'list' });
  });

  it('toggle spec values on and off', () => {
    const on = toggleSpec([], 'ram', '8 GB');
    expect(on).toEqual([{ key: 'ram', value: '8 GB' }]);
    expect(toggleSpec(on, 'ram', '8 GB')).toEqual([]);
  });

  it('count the price filter only when it narrows the default 0–100000 range', () => {
    expect(isPriceFilterActive({ minPrice: null, maxPrice: null })).toBe(false);
    expect(isPriceFilterActive({ minPrice: 0, maxPrice: 100000 })).toBe(false);
    expect(isPriceFilterActive({ minPrice: 1, maxPrice: null })).toBe(true);
    expect(isPriceFilterActive({ minPrice: null, maxPrice: 99999 })).toBe(true);
    expect(activeFilterCount(parse('brand=A&brand=B&spec=ram:8 GB&maxPrice=5000'))).toBe(4);
  });

  it('know when only the view changed', () => {
    const a = new URLSearchParams('brand=Apple&page=2');
    expect(onlyViewChanged(a, new URLSearchParams('page=2&brand=Apple&view=list'))).toBe(true);
    expect(onlyViewChanged(a, new URLSearchParams('brand=Apple&page=3&view=list'))).toBe(false);
    expect(onlyViewChanged(a, a)).toBe(false);
  });
});
