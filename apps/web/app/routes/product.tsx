import { data, useLocation } from 'react-router';
import type { Route } from './+types/product';
import { PRODUCT_NAME } from '@kiyasla/contracts/constants';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { ListingError } from '~/entities/listing/components/lazy-listing-parts';
import { PendingNavigation } from '~/components/ui/pending-navigation';
import { getProduct } from '~/features/product-detail/api/get-product';
import { ProductDetailPage, productBreadcrumb } from '~/features/product-detail/components/product-detail-page';
import { productJsonLd } from '~/features/product-detail/utils/product-json-ld';
import { isApiError } from '~/lib/api-client';
import { formatPrice } from '~/lib/format';
import { lazyHydrated } from '~/lib/lazy-component';
import { refuseIfRateLimited } from '~/lib/rate-limited';
import { absoluteUrl, breadcrumbJsonLd, pageMeta, pageTitle, siteOrigin, truncateText } from '~/lib/seo';

// Rarely shown: its code arrives once the page is idle (hydrated then when the server rendered it).
const ProductNotFound = lazyHydrated(
  () => import('~/features/product-detail/components/product-not-found').then((m) => m.ProductNotFound),
  { clientPreload: 'idle' },
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  // One clock for the server render and hydration: "2 saat önce" must read the same in both.
  const now = new Date().toISOString();
  try {
    const product = await getProduct(params.id, { context, signal: request.signal });
    return { status: 'ok' as const, product, origin, now };
  } catch (error) {
    refuseIfRateLimited(error);
    if (isApiError(error) && (error.status === 404 || error.status === 400)) {
      return data({ status: 'not-found' as const, product: null, origin, now }, { status: 404 });
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const status = isApiError(error) && error.status >= 500 ? error.status : 500;
    return data({ status: 'error' as const, product: null, origin, now }, { status });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const product = loaderData?.product;
  if (!loaderData || !product) {
    const title = loaderData?.status === 'error' ? catalogMessages.productLoadError : catalogMessages.productNotFound;
    return [{ title: pageTitle(title) }, { name: 'robots', content: 'noindex' }];
  }
  const { origin } = loaderData;
  const url = `${origin}/product/${encodeURIComponent(product._id)}`;
  const price = product.currentPrice !== null ? formatPrice(product.currentPrice) : null;
  const description = truncateText(
    `${product.name} fiyatları: ${product.storeCount} mağazada${price ? ` en düşük ${price}` : ''}. ` +
      `Fiyat geçmişi, teknik özellikler ve kullanıcı yorumlarıyla ${PRODUCT_NAME}'da karşılaştırın.` +
      (product.shortDescription ? ` ${product.shortDescription}` : ''),
    300,
  );
  const tags: ReturnType<Route.MetaFunction> = [
    ...pageMeta({
      title: `${product.name} fiyatları | ${PRODUCT_NAME}`,
      description,
      url,
      image: product.image_url ? absoluteUrl(origin, product.image_url) : null,
      type: 'product',
    }),
  ];
  if (product.currentPrice !== null) {
    tags.push(
      { property: 'product:price:amount', content: product.currentPrice.toFixed(2) },
      { property: 'product:price:currency', content: 'TRY' },
    );
  }
  tags.push(
    { 'script:ld+json': productJsonLd(product, origin, url) },
    {
      'script:ld+json': breadcrumbJsonLd(
        origin,
        productBreadcrumb(product).map((item) => ({ name: item.label, path: item.to })),
      ),
    },
  );
  return tags;
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const pending = <PendingNavigation match={(path) => path.startsWith('/product/') && path !== location.pathname} />;
  if (loaderData.status === 'not-found') return <ProductNotFound />;
  if (loaderData.status === 'error' || !loaderData.product) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <ListingError message={catalogMessages.productLoadError} onRetry={() => window.location.reload()} />
      </div>
    );
  }
  return (
    <>
      {pending}
      <ProductDetailPage key={loaderData.product._id} product={loaderData.product} now={new Date(loaderData.now)} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';
