import { useCallback } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import clsx from 'clsx';
import type { FilterChip } from '~/entities/listing/utils/filter-chips';
import { FilterDrawer } from '~/entities/listing/components/filter-drawer';
import { FilterPanel } from '~/entities/listing/components/filter-panel';
import {
  activeFilterCount,
  clearFilters,
  listingSearch,
  type ListingState,
} from '~/entities/listing/utils/listing-params';
import {
  ListingNotices,
  ListingEmpty,
  ListingError,
  Pagination,
} from '~/entities/listing/components/lazy-listing-parts';
import { ProductResults } from '~/entities/listing/components/product-results';
import { SkeletonGrid } from '~/entities/listing/components/skeleton-grid';
import { SortSelect } from '~/entities/listing/components/sort-select';
import { useListingState } from '~/entities/listing/hooks/use-listing-state';
import { ViewSwitcher } from '~/entities/listing/components/view-switcher';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { buttonClasses } from '~/components/ui/button-styles';
import { PendingNavigation } from '~/components/ui/pending-navigation';
import { categoryHref } from '~/entities/category/utils/categories';
import { formatNumber } from '~/lib/format';
import type { CategoryPageData } from '../category-page-data';
import { SubcategoryNav } from './subcategory-nav';

/** The category and subcategory listing: header, filters, toolbar, results and pagination. */
export function CategoryListingPage({ data }: { data: CategoryPageData }) {
  const { state, setState } = useListingState();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { listing, categorySlug, subcategorySlug, categoryTitle, subcategoryTitle } = data;
  const facets = listing?.facets ?? null;
  const title = subcategoryTitle ?? categoryTitle;
  const basePath = categoryHref(categorySlug, subcategorySlug ?? undefined);

  // Any listing load (a filter here, or another category) swaps the results for skeletons.
  // Advanced filters: the server leaves the products to the browser (its session), see the route.
  const loading =
    (navigation.state === 'loading' && navigation.location.pathname.startsWith('/category/')) ||
    revalidator.state === 'loading' ||
    data.loadsInBrowser;
  const total = listing?.pagination.total ?? 0;
  const pages = listing?.pagination.pages ?? 0;
  const activeCount = activeFilterCount(state);
  const clearAll = useCallback(() => setState(clearFilters(state)), [setState, state]);

  const description = data.category?.description;
  const crumbs = [
    { label: 'Ana Sayfa', to: '/' },
    { label: categoryTitle, to: categoryHref(categorySlug) },
    ...(subcategoryTitle ? [{ label: subcategoryTitle }] : []),
  ];

  const onFiltersChange = useCallback((next: ListingState) => setState(next), [setState]);
  const removeChip = useCallback((chip: FilterChip) => setState(chip.without), [setState]);
  const pageHref = useCallback((page: number) => `${basePath}${listingSearch({ ...state, page })}`, [basePath, state]);
  const panel = (inDrawer: boolean) => (
    <FilterPanel facets={facets} state={state} onChange={onFiltersChange} showHeading={!inDrawer} />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 pt-5 pb-16 sm:px-6 lg:px-8">
      <PendingNavigation match={(path) => path.startsWith('/product/')} />
      <Breadcrumb items={crumbs} />

      <header className="mt-4 mb-6 space-y-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{title}</h1>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            {description || `${title} modellerinin mağaza fiyatlarını karşılaştırın, fiyat geçmişini izleyin.`}
          </p>
          <p role="status" className="mt-2 text-sm font-semibold text-ink">
            {listing ? `${formatNumber(total)} ürün bulundu` : ''}
          </p>
        </div>
        <SubcategoryNav
          categorySlug={categorySlug}
          subcategories={data.topCategory?.children ?? []}
          currentSlug={subcategorySlug}
        />
      </header>

      <div className="lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)] lg:gap-8">
        <aside aria-label="Filtreler" className={listing ? 'hidden lg:block' : 'hidden'}>
          <div className="sticky top-4 max-h-[calc(100vh-2rem)] overflow-y-auto rounded-2xl border border-line bg-surface p-4 shadow-sm">
            {panel(false)}
          </div>
        </aside>

        <div className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center gap-2 sm:gap-3">
            <FilterDrawer
              activeCount={activeCount}
              total={total}
              onClear={clearAll}
              className={clsx('flex-1 justify-center sm:flex-none lg:hidden', !listing && 'hidden')}
            >
              {panel(true)}
            </FilterDrawer>
            <SortSelect
              value={state.sort}
              onChange={(sort) => setState({ ...state, sort, page: 1 })}
              className="order-last w-full sm:order-none sm:ml-auto sm:w-auto"
            />
            <ViewSwitcher value={state.view} onChange={(view) => setState({ ...state, view })} />
          </div>

          <ListingNotices state={state} facets={facets} onRemove={removeChip} onClearAll={clearAll} />

          {data.premiumRequired ? (
            <ListingError onRemoveAdvanced={() => setState({ ...state, advanced: [], page: 1 })} />
          ) : data.error ? (
            <ListingError message={data.error} onRetry={() => void revalidator.revalidate()} />
          ) : loading ? (
            <SkeletonGrid />
          ) : listing && listing.products.length > 0 ? (
            <ProductResults products={listing.products} view={state.view} caption={`${title} ürünleri`} />
          ) : (
            <ListingEmpty
              filtered={activeCount > 0}
              action={
                activeCount > 0 ? (
                  <button type="button" onClick={clearAll} className={buttonClasses('primary', 'md')}>
                    Tümünü Temizle
                  </button>
                ) : undefined
              }
            />
          )}

          {!data.error && !loading && (
            <Pagination
              className="pt-4"
              page={listing?.pagination.page ?? state.page}
              pages={pages}
              hrefFor={pageHref}
            />
          )}
        </div>
      </div>
    </div>
  );
}
