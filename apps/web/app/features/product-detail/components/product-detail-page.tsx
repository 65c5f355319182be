import { Suspense, useState } from 'react';
import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { Breadcrumb, type BreadcrumbItem } from '~/components/ui/breadcrumb';
import { Skeleton } from '~/components/ui/skeleton';
import { useAuth } from '~/entities/session/auth-context';
import { categoryHref } from '~/entities/category/utils/categories';
import { lazyComponent, lazyHydrated } from '~/lib/lazy-component';
import { ProductGallery } from './product-gallery';
import { ProductSummary } from './product-summary';
import { ProductTabs, type TabDefinition } from './product-tabs';
import { SpecificationsPanel } from './specifications-panel';

// The price history and reviews tabs render only once opened: their code is fetched when the
// tabs are approached (pointer or keyboard), not with the page.
const PriceHistoryPanel = lazyComponent(() => import('./price-history-panel').then((m) => m.PriceHistoryPanel));
const ReviewsPanel = lazyComponent(() => import('./reviews-panel').then((m) => m.ReviewsPanel));
const ProsConsPanel = lazyComponent(() => import('./pros-cons-panel').then((m) => m.ProsConsPanel));

// The house-ad slot (free and anonymous visitors): server-rendered, its code after the first paint.
const HouseAd = lazyHydrated(() => import('~/entities/promotions/components/house-ad').then((m) => m.HouseAd));

// The store offers come after the gallery and summary (below the fold on phones): their code
// arrives after the first paint, and the server HTML is hydrated then. Compared by the instant,
// not the Date object, so that re-renders of the page do not disturb the pending hydration.
const StoreOffers = lazyHydrated(() => import('./store-offers').then((m) => m.StoreOffers), {
  areEqual: (before, after) => before.offers === after.offers && before.now.getTime() === after.now.getTime(),
});

// The alert panel is for non-free plans only, so it renders in the browser once the session is
// known, and its code (the form) is fetched then.
const ProductAlertPanel = lazyComponent(() => import('./product-alert-panel').then((m) => m.ProductAlertPanel));

function preloadTabPanels() {
  void PriceHistoryPanel.preload().catch(() => undefined);
  void ReviewsPanel.preload().catch(() => undefined);
  void ProsConsPanel.preload().catch(() => undefined);
}

function PanelPlaceholder() {
  return (
    <div role="status" aria-label="Yükleniyor">
      <Skeleton className="h-72 w-full rounded-xl sm:h-80" />
    </div>
  );
}

type TabKey = 'ozellikler' | 'fiyat-gecmisi' | 'yorumlar' | 'avantajlar';

export function productBreadcrumb(product: ProductDetail): BreadcrumbItem[] {
  const items: BreadcrumbItem[] = [{ label: 'Ana Sayfa', to: '/' }];
  if (product.category) {
    items.push({ label: product.category.name, to: categoryHref(product.category.slug) });
    if (product.subcategory) {
      items.push({
        label: product.subcategory.name,
        to: categoryHref(product.category.slug, product.subcategory.slug),
      });
    }
  }
  items.push({ label: product.name });
  return items;
}

/** The product page: gallery and summary, every store's price, then the tabs. */
export function ProductDetailPage({ product, now }: { product: ProductDetail; now: Date }) {
  const { status, user } = useAuth();
  const [tab, setTab] = useState<TabKey>('ozellikler');
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set<TabKey>(['ozellikler']));
  const select = (key: TabKey) => {
    setTab(key);
    setVisited((current) => (current.has(key) ? current : new Set([...current, key])));
  };

  const tabs: ReadonlyArray<TabDefinition<TabKey>> = [
    { key: 'ozellikler', label: 'Özellikler', render: () => <SpecificationsPanel product={product} /> },
    {
      key: 'fiyat-gecmisi',
      label: 'Fiyat Geçmişi',
      render: () => (
        <Suspense fallback={<PanelPlaceholder />}>
          <PriceHistoryPanel productId={product._id} />
        </Suspense>
      ),
    },
    {
      key: 'yorumlar',
      label: product.ratingsCount > 0 ? `Yorumlar (${product.ratingsCount})` : 'Yorumlar',
      render: () => (
        <Suspense fallback={<PanelPlaceholder />}>
          <ReviewsPanel productId={product._id} />
        </Suspense>
      ),
    },
    {
      key: 'avantajlar',
      label: 'Avantaj/Dezavantaj',
      render: () => (
        <Suspense fallback={<PanelPlaceholder />}>
          <ProsConsPanel productId={product._id} />
        </Suspense>
      ),
    },
  ];

  const showReviews = () => {
    preloadTabPanels();
    select('yorumlar');
    document.getElementById('urun-bilgileri')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 pt-5 pb-16 sm:px-6 lg:px-8">
      <Breadcrumb items={productBreadcrumb(product)} />

      <div className="mt-5 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-10">
        <ProductGallery product={product} />
        <ProductSummary product={product} onShowReviews={showReviews} />
      </div>

      {status === 'authenticated' && user?.isPremium && (
        <div className="mt-8">
          <Suspense fallback={null}>
            <ProductAlertPanel productId={product._id} productName={product.name} currentPrice={product.currentPrice} />
          </Suspense>
        </div>
      )}

      <div className="mt-12">
        <StoreOffers offers={product.prices} now={now} />
      </div>

      <HouseAd placement="product" className="mt-10 block" />

      <section
        id="urun-bilgileri"
        aria-label="Ürün bilgileri"
        className="mt-12 scroll-mt-36"
        onPointerEnter={preloadTabPanels}
        onFocus={preloadTabPanels}
      >
        <ProductTabs tabs={tabs} value={tab} visited={visited} onChange={select} />
      </section>
    </div>
  );
}
