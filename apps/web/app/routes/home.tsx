import { useMemo } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/home';
import type { ProductCard } from '@kiyasla/contracts/catalog';
import { getCategories } from '~/entities/category/api/get-categories';
import { getFeaturedProducts } from '~/features/home/api/get-featured-products';
import { getLatestProducts, splitHomeSections } from '~/features/home/api/get-latest-products';
import { HeroBanner } from '~/features/home/components/hero-banner';
import { PopularCategories } from '~/features/home/components/popular-categories';
import { ProductSection, type ProductSectionState } from '~/features/home/components/product-section';
import { buildCategoryTree, categoryHref } from '~/entities/category/utils/categories';
import { lazyHydrated } from '~/lib/lazy-component';
import { refuseIfRateLimited } from '~/lib/rate-limited';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, SITE_NAME, siteOrigin } from '~/lib/seo';

// The sections below the products are far below the fold: their code is not in the page's
// initial JavaScript; the browser keeps their server HTML and hydrates it once the code arrives.
const LaterSections = lazyHydrated(() =>
  import('~/features/home/components/later-sections').then((m) => m.LaterSections),
);

type Loaded<T> = { ok: true; data: T } | { ok: false };

function settle<T>(result: PromiseSettledResult<T>): Loaded<T> {
  return result.status === 'fulfilled' ? { ok: true, data: result.value } : { ok: false };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const init = { context, signal: request.signal };
  // Each block fails on its own: a broken product call must not blank the whole page.
  const [categories, featured, latest] = await Promise.allSettled([
    getCategories(init),
    getFeaturedProducts(init),
    getLatestProducts(init),
  ]);
  for (const result of [categories, featured, latest])
    if (result.status === 'rejected') refuseIfRateLimited(result.reason);
  return {
    origin: siteOrigin(request),
    categories: settle(categories),
    featured: settle(featured),
    latest: settle(latest),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const url = `${loaderData?.origin ?? ''}/`;
  return [
    { title: DEFAULT_TITLE },
    { name: 'description', content: DEFAULT_DESCRIPTION },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'tr_TR' },
    { property: 'og:title', content: DEFAULT_TITLE },
    { property: 'og:description', content: DEFAULT_DESCRIPTION },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SITE_NAME,
        url,
        inLanguage: 'tr-TR',
        potentialAction: {
          '@type': 'SearchAction',
          target: `${url}search?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, featured, latest } = loaderData;
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  const retry = () => void revalidator.revalidate();

  const tree = useMemo(() => (categories.ok ? buildCategoryTree(categories.data) : []), [categories]);
  const browseHref = tree[0] ? categoryHref(tree[0].slug) : '/category/telefon';
  const sections = latest.ok ? splitHomeSections(latest.data) : null;

  const sectionState = (products: readonly ProductCard[] | undefined): ProductSectionState =>
    products ? { status: 'ready', products } : retrying ? { status: 'loading' } : { status: 'error', onRetry: retry };

  const demoProducts = useMemo(
    () => [...(featured.ok ? featured.data : []), ...(latest.ok ? latest.data : [])],
    [featured, latest],
  );

  return (
    <div className="mx-auto max-w-7xl space-y-14 px-4 pt-6 sm:px-6 lg:space-y-16 lg:px-8">
      <h1 className="sr-only">{DEFAULT_TITLE}</h1>

      <HeroBanner browseHref={browseHref} />

      <PopularCategories
        state={
          categories.ok ? { status: 'ready', categories: tree } : retrying ? { status: 'loading' } : { status: 'error' }
        }
      />

      <ProductSection
        id="one-cikan-urunler"
        title="Öne Çıkan Ürünler"
        description="Editörlerimizin seçtiği, fiyatı takip edilen ürünler"
        state={sectionState(featured.ok ? featured.data : undefined)}
        priority
        hydrateTurn={0}
      />

      <ProductSection
        id="son-eklenen-urunler"
        title="Son Eklenen Ürünler"
        description="Kataloğumuza yeni katılan ürünler"
        viewAllHref={`${browseHref}?sort=newest`}
        state={sectionState(sections?.latest)}
        hydrateTurn={1}
      />

      <ProductSection
        id="populer-urunler"
        title="Popüler Ürünler"
        description="Alışverişçilerin en çok ilgilendiği ürünler"
        viewAllHref={`${browseHref}?sort=popularity`}
        state={sectionState(sections?.popular)}
        hydrateTurn={2}
      />

      <LaterSections
        alertProduct={demoProducts.find((p) => p.currentPrice !== null) ?? null}
        comparisonProducts={latest.ok ? latest.data : demoProducts}
      />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';
