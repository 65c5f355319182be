import { data, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/category';
import { PRODUCT_NAME } from '@kiyasla/contracts/constants';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { onlyViewChanged, parseListingParams, serializeListingParams } from '~/entities/listing/utils/listing-params';
import { loadCategoryPage } from '~/features/catalog-listing/category-page-data';
import { CategoryListingPage } from '~/features/catalog-listing/components/category-listing-page';
import { categoryHref } from '~/entities/category/utils/categories';
import { lazyHydrated } from '~/lib/lazy-component';
import { requireOwnLoaderData } from '~/lib/loader-data-guard';
import { breadcrumbJsonLd, pageMeta, pageTitle, siteOrigin } from '~/lib/seo';

// Rarely shown: its code arrives once the page is idle (hydrated then when the server rendered it).
const CategoryNotFound = lazyHydrated(
  () => import('~/features/catalog-listing/components/category-not-found').then((m) => m.CategoryNotFound),
  { clientPreload: 'idle' },
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await loadCategoryPage(params.categorySlug, params.subcategorySlug, url, {
    context,
    signal: request.signal,
  });
  // A misspelt slug is moved for good (301); a page past the end only for now (302): the
  // listing grows and shrinks, and browsers keep a 301 for as long as they like.
  if (result.kind === 'moved') throw redirect(result.location, 301);
  if (result.kind === 'redirect') {
    const search = new URLSearchParams(url.search);
    search.set('page', String(result.page));
    throw redirect(`${url.pathname}?${search}`, 302);
  }
  return data({ ...result.data, origin: siteOrigin(request) }, { status: result.status });
}

/**
 * Premium advanced filters need the member's session, which only the browser holds (ADR 009):
 * with them in the address the server's loader answers everything but the products and the
 * browser fetches those with its token (the server rendered the page around skeletons). At
 * hydration serverLoader() is the data the server rendered with, without a request.
 */
export async function clientLoader({ serverLoader, request, params }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  const asked = parseListingParams(new URL(request.url).searchParams);
  requireOwnLoaderData(
    request,
    data.categorySlug === params.categorySlug &&
      data.subcategorySlug === (params.subcategorySlug ?? null) &&
      `${serializeListingParams(data.state)}` === `${serializeListingParams(asked)}`,
  );
  if (!data.loadsInBrowser) return data;
  const { withListingFromBrowser } = await import('~/features/catalog-listing/listing-in-browser');
  return withListingFromBrowser(data, request);
}
clientLoader.hydrate = true as const;

/** Switching grid/list/compact changes only the display: no new request. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && onlyViewChanged(currentUrl.searchParams, nextUrl.searchParams))
    return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  // Not found, the error boundary's failure and the failures below: out of the index, no canonical link.
  if (!loaderData || loaderData.status === 'not-found') {
    return [{ title: pageTitle(catalogMessages.categoryNotFound) }, { name: 'robots', content: 'noindex' }];
  }
  const { origin, categorySlug, subcategorySlug, categoryTitle, subcategoryTitle, listing, state } = loaderData;
  const name = subcategoryTitle ?? categoryTitle;
  const path = categoryHref(categorySlug, subcategorySlug ?? undefined);
  const paged = state.page > 1 ? ` – Sayfa ${state.page}` : '';
  const title = `${name} fiyatları ve modelleri${paged} | ${PRODUCT_NAME}`;
  const total = listing?.pagination.total;
  const description =
    `${name} fiyatları ve modelleri${paged}: ${total ? `${total} ürünü ` : ''}mağazalar arasında karşılaştırın, ` +
    `fiyat geçmişini inceleyin ve en ucuz ${name} fiyatını ${PRODUCT_NAME} ile bulun.`;
  // A failure (the products' 'Hata' panel, premium filters refused), or a later page of a
  // filtered or re-sorted listing (`variantPage`, category-page-data.ts, whose links are followed).
  if (loaderData.error || loaderData.premiumRequired || loaderData.variantPage) {
    const robots = loaderData.variantPage && !loaderData.error ? 'noindex, follow' : 'noindex';
    return [{ title }, { name: 'description', content: description }, { name: 'robots', content: robots }];
  }
  // Filtered, sorted or re-viewed variants of page 1 point at the plain listing; the page is kept (ADR 007).
  const canonical = `${origin}${path}${state.page > 1 ? `?page=${state.page}` : ''}`;
  const crumbs = [
    { name: 'Ana Sayfa', path: '/' },
    { name: categoryTitle, path: categoryHref(categorySlug) },
    ...(subcategoryTitle ? [{ name: subcategoryTitle, path }] : []),
  ];
  return [...pageMeta({ title, description, url: canonical }), { 'script:ld+json': breadcrumbJsonLd(origin, crumbs) }];
};

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === 'not-found') return <CategoryNotFound />;
  // A new category remounts the page (fresh drawer and table state); filters within it do not.
  return (
    <CategoryListingPage key={`${loaderData.categorySlug}/${loaderData.subcategorySlug ?? ''}`} data={loaderData} />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';
