import { useMemo } from 'react';
import { data, redirect, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/search';
import { PRODUCT_NAME } from '@kiyasla/contracts/constants';
import { onlyViewChanged, parseListingParams, serializeListingParams } from '~/entities/listing/utils/listing-params';
import { loadSearchPage } from '~/features/search/search-page-data';
import { SEARCH_SORTS, searchTermOf } from '~/features/search/search-params';
import { SearchResultsPage } from '~/features/search/components/search-results-page';
import { categoryHref } from '~/entities/category/utils/categories';
import { requireOwnLoaderData } from '~/lib/loader-data-guard';
import { pageTitle } from '~/lib/seo';
import type { loader as layoutLoader } from './site-layout';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await loadSearchPage(url, { context, signal: request.signal });
  if (result.kind === 'redirect') {
    const search = new URLSearchParams(url.search);
    search.set('page', String(result.page));
    // For now (302): the results grow and shrink, and browsers keep a 301 for as long as they like.
    throw redirect(`${url.pathname}?${search}`, 302);
  }
  return data(result.data, { status: result.status });
}

/** Advanced filters need the member's session: the browser loads those results (see the category route). */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  const asked = new URL(request.url).searchParams;
  requireOwnLoaderData(
    request,
    data.q === searchTermOf(asked) &&
      `${serializeListingParams(data.state, SEARCH_SORTS)}` ===
        `${serializeListingParams(parseListingParams(asked, SEARCH_SORTS), SEARCH_SORTS)}`,
  );
  if (!data.loadsInBrowser) return data;
  const { withResultsFromBrowser } = await import('~/features/search/results-in-browser');
  return withResultsFromBrowser(data, request);
}
clientLoader.hydrate = true as const;

/** Switching grid/list/compact changes only the display: no new request. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && onlyViewChanged(currentUrl.searchParams, nextUrl.searchParams))
    return false;
  return defaultShouldRevalidate;
}

// Result pages are endless variations of the catalogue: kept out of the index, links followed.
const ROBOTS = { name: 'robots', content: 'noindex, follow' };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const q = loaderData?.q ?? '';
  if (!q) {
    return [
      { title: pageTitle('Ürün Ara') },
      { name: 'description', content: `${PRODUCT_NAME} ile binlerce ürünün fiyatını arayın ve karşılaştırın.` },
      ROBOTS,
    ];
  }
  const total = loaderData?.results?.pagination.total;
  return [
    { title: `"${q}" araması | ${PRODUCT_NAME}` },
    {
      name: 'description',
      content: `“${q}” için ${total ? `${total} ürünün ` : ''}mağaza fiyatlarını ${PRODUCT_NAME} ile karşılaştırın.`,
    },
    ROBOTS,
  ];
};

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/site-layout');
  const categories = useMemo(
    () =>
      (layout?.categories ?? [])
        .filter((category) => category.parent === null)
        .map((category) => ({ label: category.name, to: categoryHref(category.slug) })),
    [layout],
  );
  return <SearchResultsPage data={loaderData} categories={categories} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';
