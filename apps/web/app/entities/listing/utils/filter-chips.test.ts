import { describe, expect, it } from 'vitest';
import type { Facets } from '@kiyasla/contracts/catalog';
import { buildFilterChips, specLabel } from './filter-chips';
import { EMPTY_LISTING_STATE } from './listing-params';

const facets: Facets = {
  brands: [],
  stores: [],
  specs: [{ key: 'storage', label: 'Dahili Depolama', values: [{ value: '256 GB', label: '256 GB', count: 3 }] }],
  price: null,
};

describe('specLabel of a filter chip', () => {
  it("prefers the facet group's label, then the Turkish label, then the key made readable", () => {
    expect(specLabel('storage', facets)).toBe('Dahili Depolama');
    expect(specLabel('wheelSize', facets)).toBe('Tekerlek Boyutu');
    expect(specLabel('pieceCount', null)).toBe('Parça Sayısı');
    expect(specLabel('chargingTime', undefined)).toBe('Charging time');
  });

  it('names the group of a selected specification that the facets do not list', () => {
    const state = { ...EMPTY_LISTING_STATE, specs: [{ key: 'spinSpeed', value: '1400 devir/dk' }] };
    expect(buildFilterChips(state, facets).map((chip) => [chip.group, chip.label])).toEqual([
      ['Sıkma Devri', '1400 devir/dk'],
    ]);
  });
});

describe('the chip of a brand typed in another case', () => {
  it('is labelled as the catalogue spells the brand, and removes the typed value', () => {
    const withBrands: Facets = { ...facets, brands: [{ value: 'Arçelik', label: 'Arçelik', count: 7 }] };
    const state = { ...EMPTY_LISTING_STATE, brands: ['ARÇELİK', 'Nobrand'], page: 2 };
    const chips = buildFilterChips(state, withBrands);
    expect(chips.map((chip) => [chip.group, chip.label])).toEqual([
      ['Marka', 'Arçelik'],
      ['Marka', 'Nobrand'],
    ]);
    expect(chips[0]!.without).toMatchObject({ brands: ['Nobrand'], page: 1 });
  });
});
