/**
 * A product listing's state lives in the URL query, so a listing is shareable and the back
 * button works: `?brand=Apple&spec=storage:256 GB&minPrice=1000&sort=price-low&view=compact&page=2`.
 *
 * Parsing is forgiving (an unknown sort, a page of "abc" or a negative price fall back to the
 * defaults) so a hand-edited address never turns into an API error page.
 */
import { ADVANCED_FILTERS, type AdvancedFilter } from '@kiyasla/contracts/advanced-filters';
import {
  DEFAULT_PRICE_RANGE,
  LISTING_MAX_PAGE,
  LISTING_MAX_PRICE,
  LISTING_PAGE_SIZE,
  SORT_OPTIONS,
  SPEC_FILTER_KEY_PATTERN,
  type ListingSort,
  type SortOption,
} from '@kiyasla/contracts/constants';
import { foldTurkish } from '@kiyasla/contracts/text';

export const VIEW_MODES = ['grid', 'list', 'compact'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** Which sorts a listing offers and which one is its default (left out of the address). */
export interface SortConfig {
  options: readonly ListingSort[];
  fallback: ListingSort;
}

export const DEFAULT_SORT: SortOption = 'popularity';
export const DEFAULT_VIEW: ViewMode = 'grid';

export const CATALOG_SORTS: SortConfig = { options: SORT_OPTIONS, fallback: DEFAULT_SORT };

export interface SpecSelection {
  key: string;
  value: string;
}

export interface ListingState {
  brands: string[];
  stores: string[];
  specs: SpecSelection[];
  /** null = no lower bound (the default 0). */
  minPrice: number | null;
  /** null = no upper bound (the default 100000). */
  maxPrice: number | null;
  /** Premium advanced filters (ADR 019), `freeShipping=true` each; in ADVANCED_FILTERS order. */
  advanced: AdvancedFilter[];
  sort: ListingSort;
  view: ViewMode;
  page: number;
}

export const EMPTY_LISTING_STATE: ListingState = {
  brands: [],
  stores: [],
  specs: [],
  minPrice: null,
  maxPrice: null,
  advanced: [],
  sort: DEFAULT_SORT,
  view: DEFAULT_VIEW,
  page: 1,
};

function unique(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/**
 * A number written in decimal digits ("12", "12.7"), else NaN: `Number` also reads "0x10" as 16,
 * "1e3" as 1000 and "0b11" as 3, an address the shopper never meant and the canonical link would
 * then repeat.
 */
function decimal(raw: string | null): number {
  const text = raw?.trim() ?? '';
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** "abc" → null, "-5" → null, "12.7" → 12: prices are whole lira, as the filter inputs are. */
function parsePrice(raw: string | null): number | null {
  const value = decimal(raw);
  if (!Number.isFinite(value)) return null;
  return Math.min(Math.trunc(value), LISTING_MAX_PRICE);
}

function parseSpec(raw: string): SpecSelection | null {
  const at = raw.indexOf(':');
  if (at <= 0) return null;
  const key = raw.slice(0, at).trim();
  const value = raw.slice(at + 1).trim();
  if (!SPEC_FILTER_KEY_PATTERN.test(key) || !value) return null;
  return { key, value };
}

export function parseListingParams(params: URLSearchParams, sorts: SortConfig = CATALOG_SORTS): ListingState {
  const specs: SpecSelection[] = [];
  for (const raw of params.getAll('spec')) {
    const spec = parseSpec(raw);
    if (spec && !specs.some((s) => s.key === spec.key && s.value === spec.value)) specs.push(spec);
  }

  let minPrice = parsePrice(params.get('minPrice'));
  let maxPrice = parsePrice(params.get('maxPrice'));
  if (minPrice === 0) minPrice = null;
  // Typed the wrong way round: read it as the range the user meant.
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];

  const sortRaw = params.get('sort');
  const sort = sorts.options.find((option) => option === sortRaw) ?? sorts.fallback;
  const viewRaw = params.get('view');
  const view = (VIEW_MODES as readonly string[]).includes(viewRaw ?? '') ? (viewRaw as ViewMode) : DEFAULT_VIEW;
  const pageRaw = decimal(params.get('page'));
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? Math.min(pageRaw, LISTING_MAX_PAGE) : 1;

  return {
    brands: unique(params.getAll('brand')),
    stores: unique(params.getAll('store')),
    specs,
    minPrice,
    maxPrice,
    // `<name>=true`, in ADVANCED_FILTERS order; any other value is no filter.
    advanced: ADVANCED_FILTERS.filter((name) => params.get(name) === 'true'),
    sort,
    view,
    page,
  };
}

/** The address query for a state; defaults are left out so URLs stay short and canonical. */
export function serializeListingParams(state: ListingState, sorts: SortConfig = CATALOG_SORTS): URLSearchParams {
  const params = new URLSearchParams();
  for (const brand of state.brands) params.append('brand', brand);
  for (const spec of state.specs) params.append('spec', `${spec.key}:${spec.value}`);
  for (const store of state.stores) params.append('store', store);
  if (state.minPrice !== null && state.minPrice > 0) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== null) params.set('maxPrice', String(state.maxPrice));
  // Kept in ADVANCED_FILTERS order by the parser and toggleAdvanced, so the address is canonical.
  for (const name of state.advanced) params.set(name, 'true');
  if (state.sort !== sorts.fallback) params.set('sort', state.sort);
  if (state.view !== DEFAULT_VIEW) params.set('view', state.view);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export interface ListingSearchOptions {
  sorts?: SortConfig;
  /** Parameters that are not part of the listing state and lead the query (the search term `q`). */
  keep?: Iterable<[string, string]>;
}

/** "?brand=Apple&page=2", or "" for the default state. */
export function listingSearch(state: ListingState, { sorts, keep = [] }: ListingSearchOptions = {}): string {
  const params = new URLSearchParams([...keep]);
  for (const [key, value] of serializeListingParams(state, sorts)) params.append(key, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The API query for a state (the view is a display choice, not a filter). */
export function listingApiParams(
  state: ListingState,
  options: { limit?: number; facets?: boolean } = {},
): URLSearchParams {
  const params = serializeListingParams({ ...state, view: DEFAULT_VIEW });
  params.set('page', String(state.page));
  params.set('limit', String(options.limit ?? LISTING_PAGE_SIZE));
  params.set('sort', state.sort);
  if (options.facets) params.set('facets', 'true');
  return params;
}

/** The spec's rule: a price filter is active when min is above 0 or max below 100000. */
export function isPriceFilterActive(state: Pick<ListingState, 'minPrice' | 'maxPrice'>): boolean {
  return (
    (state.minPrice ?? DEFAULT_PRICE_RANGE.min) > DEFAULT_PRICE_RANGE.min ||
    (state.maxPrice ?? DEFAULT_PRICE_RANGE.max) < DEFAULT_PRICE_RANGE.max
  );
}

export function activeFilterCount(state: ListingState): number {
  return (
    state.brands.length +
    state.stores.length +
    state.specs.length +
    state.advanced.length +
    (isPriceFilterActive(state) ? 1 : 0)
  );
}

export function hasActiveFilters(state: ListingState): boolean {
  return activeFilterCount(state) > 0;
}

/** Any filter change starts again at page 1 (the old page may not exist any more). */
export function withFilters(state: ListingState, change: Partial<ListingState>): ListingState {
  return { ...state, ...change, page: 1 };
}

export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/**
 * Whether two brand values name one brand: the API matches a brand in any case, folded the
 * Turkish way (`apple`, `ARÇELİK` and `arcelik` are Apple and Arçelik), so the panel does too.
 */
export function sameBrand(a: string, b: string): boolean {
  return a === b || foldTurkish(a) === foldTurkish(b);
}

export function isBrandSelected(brands: readonly string[], brand: string): boolean {
  return brands.some((b) => sameBrand(b, brand));
}

/** Adds a brand, or takes it off in whatever case the address spelt it. */
export function toggleBrand(brands: readonly string[], brand: string): string[] {
  return isBrandSelected(brands, brand) ? brands.filter((b) => !sameBrand(b, brand)) : [...brands, brand];
}

export function toggleSpec(specs: readonly SpecSelection[], key: string, value: string): SpecSelection[] {
  return specs.some((s) => s.key === key && s.value === value)
    ? specs.filter((s) => !(s.key === key && s.value === value))
    : [...specs, { key, value }];
}

export function isSpecSelected(specs: readonly SpecSelection[], key: string, value: string): boolean {
  return specs.some((s) => s.key === key && s.value === value);
}

/** Removes every filter but keeps sort and view: "Tümünü Temizle". */
export function clearFilters(state: ListingState): ListingState {
  return { ...EMPTY_LISTING_STATE, sort: state.sort, view: state.view };
}

/** True when two URLs differ only in the view mode (no refetch needed). */
export function onlyViewChanged(current: URLSearchParams, next: URLSearchParams): boolean {
  const strip = (params: URLSearchParams) => {
    const copy = new URLSearchParams(params);
    copy.delete('view');
    copy.sort();
    return copy.toString();
  };
  return current.get('view') !== next.get('view') && strip(current) === strip(next);
}
