import { useCallback, useMemo } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import clsx from 'clsx';
import type { FilterChip } from '~/entities/listing/utils/filter-chips';
import { FilterDrawer } from '~/entities/listing/components/filter-drawer';
import { FilterPanel } from '~/entities/listing/components/filter-panel';
import { activeFilterCount, clearFilters, type ListingState } from '~/entities/listing/utils/listing-params';
import { ListingNotices, ListingError, Pagination } from '~/entities/listing/components/lazy-listing-parts';
import { ProductResults } from '~/entities/listing/components/product-results';
import { SkeletonGrid } from '~/entities/listing/components/skeleton-grid';
import { SortSelect } from '~/entities/listing/components/sort-select';
import { useListingState } from '~/entities/listing/hooks/use-listing-state';
import { ViewSwitcher } from '~/entities/listing/components/view-switcher';
import { searchHref } from '~/entities/search-box/utils/search-href';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { PendingNavigation } from '~/components/ui/pending-navigation';
import { formatNumber } from '~/lib/format';
import { lazyHydrated } from '~/lib/lazy-component';
import type { SearchPageData } from '../search-page-data';
import { SEARCH_KEPT_PARAMS, SEARCH_SORTS, searchPageHref, searchTermOf } from '../search-params';
import type { TermLink } from './term-links';

const LISTING_OPTIONS = { sorts: SEARCH_SORTS, keep: SEARCH_KEPT_PARAMS };

// The prompt (no term), the spelling note and the no-results page are not what a search usually
// shows: their code arrives once the page is idle; when the server rendered one, it is hydrated
// when it arrives.

const SearchPrompt = lazyHydrated(() => import('./search-prompt').then((m) => m.SearchPrompt), {
  clientPreload: 'idle',
});
const DidYouMean = lazyHydrated(() => import('./did-you-mean').then((m) => m.DidYouMean), {
  clientPreload: 'idle',
});
const SearchEmpty = lazyHydrated(() => import('./search-empty').then((m) => m.SearchEmpty), {
  clientPreload: 'idle',
});

/**
 * The search results: the term, the count and the spelling note, then the same filters, sort,
 * views and pagination as a category listing. A blank term shows a prompt; a search without
 * hits shows 'Sonuç Bulunamadı' with tips.
 */
export function SearchResultsPage({
  data,
  categories,
}: {
  data: SearchPageData;
  /** Top-level categories, offered when there is nothing to show. */
  categories: readonly TermLink[];
}) {
  const { state, setState } = useListingState(LISTING_OPTIONS);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { results, error } = data;
  const facets = results?.facets ?? null;

  // Another search (or a filter of this one) is loading: skeletons, and its term at once.
  const pendingSearch =
    navigation.state === 'loading' && navigation.location.pathname === '/search' ? navigation.location : null;
  const loading = pendingSearch !== null || revalidator.state === 'loading' || data.loadsInBrowser;
  const q = pendingSearch ? searchTermOf(new URLSearchParams(pendingSearch.search)) : data.q;

  const onFiltersChange = useCallback((next: ListingState) => setState(next), [setState]);
  const removeChip = useCallback((chip: FilterChip) => setState(chip.without), [setState]);
  const pageHref = useCallback((page: number) => searchPageHref(data.q, { ...state, page }), [data.q, state]);
  const activeCount = activeFilterCount(state);
  const clearAll = useCallback(() => setState(clearFilters(state)), [setState, state]);
  const total = results?.pagination.total ?? 0;
  const trending = useMemo(
    () =>
      data.trending.flatMap(({ term }) => {
        const to = searchHref(term);
        return to ? [{ label: term, to }] : [];
      }),
    [data.trending],
  );

  if (!q) {
    return (
      <div className="mx-auto max-w-7xl px-4 pt-5 pb-16 sm:px-6 lg:px-8">
        <Breadcrumb items={[{ label: 'Ana Sayfa', to: '/' }, { label: 'Arama' }]} />
        <SearchPrompt trending={trending} categories={categories} />
      </div>
    );
  }

  const nothingFound = !loading && !error && results !== null && total === 0;
  // The filters on screen belong to the previous term until the new one has loaded.
  const switchingTerm = pendingSearch !== null && q !== data.q;
  const panel = (inDrawer: boolean) => (
    <FilterPanel
      facets={facets}
      state={state}
      onChange={onFiltersChange}
      showHeading={!inDrawer}
      className={clsx('transition-opacity', switchingTerm && 'pointer-events-none opacity-50')}
    />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 pt-5 pb-16 sm:px-6 lg:px-8">
      <PendingNavigation match={(path) => path.startsWith('/product/')} />
      <Breadcrumb items={[{ label: 'Ana Sayfa', to: '/' }, { label: 'Arama' }]} />

      <header className="mt-4 mb-6 space-y-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight break-words text-ink sm:text-3xl">
            <span className="mb-0.5 block text-sm font-medium tracking-normal text-muted">Arama sonuçları</span>“{q}”
          </h1>
          <p role="status" className="mt-2 text-sm font-semibold text-ink">
            {loading
              ? 'Aranıyor…'
              : results
                ? `${formatNumber(total)}${results.totalIsLowerBound ? '+' : ''} ürün bulundu`
                : ''}
          </p>
        </div>
        {!loading && results && <DidYouMean query={results.query} correctedQuery={results.correctedQuery} />}
      </header>

      {error && !loading ? (
        <ListingError message={error} onRetry={() => void revalidator.revalidate()} />
      ) : nothingFound && activeCount === 0 ? (
        <SearchEmpty q={q} categories={categories} trending={trending} />
      ) : (
        <div className="lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)] lg:gap-8">
          <aside aria-label="Filtreler" className="hidden lg:block">
            <div className="sticky top-4 max-h-[calc(100vh-2rem)] overflow-y-auto rounded-2xl border border-line bg-surface p-4 shadow-sm">
              {panel(false)}
            </div>
          </aside>

          <div className="min-w-0 space-y-4">
            <div className="flex flex-wrap items-center gap-2 sm:gap-3">
              <FilterDrawer
                activeCount={activeCount}
                total={total}
                totalIsLowerBound={results?.totalIsLowerBound ?? false}
                onClear={clearAll}
                className="flex-1 justify-center sm:flex-none lg:hidden"
              >
                {panel(true)}
              </FilterDrawer>
              <SortSelect
                value={state.sort}
                options={SEARCH_SORTS.options}
                onChange={(sort) => setState({ ...state, sort, page: 1 })}
                className="order-last w-full sm:order-none sm:ml-auto sm:w-auto"
              />
              <ViewSwitcher value={state.view} onChange={(view) => setState({ ...state, view })} />
            </div>

            <ListingNotices state={state} facets={facets} onRemove={removeChip} onClearAll={clearAll} />

            {data.premiumRequired ? (
              <ListingError onRemoveAdvanced={() => setState({ ...state, advanced: [], page: 1 })} />
            ) : loading ? (
              <SkeletonGrid />
            ) : results && results.products.length > 0 ? (
              <ProductResults products={results.products} view={state.view} caption={`“${q}” arama sonuçları`} />
            ) : (
              <SearchEmpty q={q} onClearFilters={clearAll} categories={categories} trending={trending} />
            )}

            {!loading && results && (
              <Pagination
                className="pt-4"
                page={results.pagination.page}
                pages={results.pagination.pages}
                hrefFor={pageHref}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
