import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Facets } from '@kiyasla/contracts/catalog';
import { mockFetch } from '~/test/api-mock';
import { isolateEachTest } from '~/test/isolation';
import { renderWithProviders } from '~/test/render-with-providers';
import { EMPTY_LISTING_STATE, type ListingState } from '../utils/listing-params';
import { FilterPanel } from './filter-panel';

mockFetch();
isolateEachTest();

const facets: Facets = {
  brands: [
    { value: 'Apple', label: 'Apple', count: 21 },
    { value: 'Samsung', label: 'Samsung', count: 18 },
    { value: 'Arçelik', label: 'Arçelik', count: 7 },
    { value: 'LC Waikiki', label: 'LC Waikiki', count: 3 },
  ],
  stores: [],
  specs: [],
  price: null,
};

function panel(brands: string[]) {
  const onChange = vi.fn<(next: ListingState) => void>();
  renderWithProviders(
    <FilterPanel facets={facets} state={{ ...EMPTY_LISTING_STATE, brands, page: 3 }} onChange={onChange} />,
    {
      auth: false,
    },
  );
  const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
  return { onChange, box };
}

describe('the brand group of the filter panel with a brand typed in another case', () => {
  it.each([
    [['apple'], 'Apple'],
    [['SAMSUNG'], 'Samsung'],
    [['ARÇELİK'], 'Arçelik'],
    [['arcelik'], 'Arçelik'],
    [['lc waıkıkı'], 'LC Waikiki'],
  ])('%j shows %s as chosen', (brands, shown) => {
    const { box } = panel(brands);
    expect(box(shown).checked).toBe(true);
    for (const other of facets.brands.filter((b) => b.value !== shown)) expect(box(other.value).checked).toBe(false);
  });

  it('unticking it takes the typed value off (page back to 1); ticking another adds that one', () => {
    const { box, onChange } = panel(['apple', 'Samsung']);
    fireEvent.click(box('Apple'));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ brands: ['Samsung'], page: 1 }));
    fireEvent.click(box('Arçelik'));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ brands: ['apple', 'Samsung', 'Arçelik'], page: 1 }),
    );
  });
});
