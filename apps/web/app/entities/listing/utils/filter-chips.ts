import type { Facets } from '@kiyasla/contracts/catalog';
import { ADVANCED_FILTER_LABELS, specLabel as specKeyLabel } from '@kiyasla/contracts/catalog-constants';
import { DEFAULT_PRICE_RANGE } from '@kiyasla/contracts/constants';
import { formatPrice } from '~/lib/format';
import { isPriceFilterActive, sameBrand, withFilters, type ListingState } from './listing-params';

export interface FilterChip {
  id: string;
  /** Group name shown before the value: Marka, Mağaza, Fiyat or the spec's label. */
  group: string;
  label: string;
  /** The listing state with this filter removed (page reset to 1). */
  without: ListingState;
}

const wholePrice = (n: number) => formatPrice(n).replace(/,00$/, '');

export function specLabel(key: string, facets: Facets | null | undefined): string {
  return facets?.specs.find((group) => group.key === key)?.label ?? specKeyLabel(key);
}

export function priceRangeLabel(min: number | null, max: number | null): string {
  const low = min ?? DEFAULT_PRICE_RANGE.min;
  if (max === null) return `${wholePrice(low)} ve üzeri`;
  return `${wholePrice(low)} – ${wholePrice(max)}`;
}

/** One removable chip per selected brand, spec value, store, advanced filter and the price range. */
export function buildFilterChips(state: ListingState, facets: Facets | null | undefined): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const brand of state.brands) {
    const label = facets?.brands.find((b) => sameBrand(b.value, brand))?.label ?? brand;
    chips.push({
      id: `brand:${brand}`,
      group: 'Marka',
      label,
      without: withFilters(state, { brands: state.brands.filter((b) => b !== brand) }),
    });
  }
  for (const spec of state.specs) {
    const group = facets?.specs.find((g) => g.key === spec.key);
    const label = group?.values.find((v) => v.value === spec.value)?.label ?? spec.value;
    chips.push({
      id: `spec:${spec.key}:${spec.value}`,
      group: specLabel(spec.key, facets),
      label,
      without: withFilters(state, {
        specs: state.specs.filter((s) => !(s.key === spec.key && s.value === spec.value)),
      }),
    });
  }
  for (const store of state.stores) {
    const label = facets?.stores.find((s) => s.value === store)?.label ?? store;
    chips.push({
      id: `store:${store}`,
      group: 'Mağaza',
      label,
      without: withFilters(state, { stores: state.stores.filter((s) => s !== store) }),
    });
  }
  for (const name of state.advanced) {
    chips.push({
      id: `advanced:${name}`,
      group: 'Gelişmiş',
      label: ADVANCED_FILTER_LABELS[name],
      without: withFilters(state, { advanced: state.advanced.filter((n) => n !== name) }),
    });
  }
  if (isPriceFilterActive(state)) {
    chips.push({
      id: 'price',
      group: 'Fiyat',
      label: priceRangeLabel(state.minPrice, state.maxPrice),
      without: withFilters(state, { minPrice: null, maxPrice: null }),
    });
  }
  return chips;
}
