import { useState } from 'react';
import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { Breadcrumb, type BreadcrumbItem } from '~/components/ui/breadcrumb';
import { categoryHref } from '~/lib/categories';
import { PriceHistoryPanel } from './price-history-panel';
import { ProductGallery } from './product-gallery';
import { ProductSummary } from './product-summary';
import { ProductTabs, type TabDefinition } from './product-tabs';
import { ReviewsPanel } from './reviews-panel';
import { SpecificationsPanel } from './specifications-panel';
import { StoreOffers } from './store-offers';

type TabKey = 'ozellikler' | 'fiyat-gecmisi' | 'yorumlar';

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
  const [tab, setTab] = useState<TabKey>('ozellikler');
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set<TabKey>(['ozellikler']));
  const select = (key: TabKey) => {
    setTab(key);
    setVisited((current) => (current.has(key) ? current : new Set([...current, key])));
  };

  const tabs: ReadonlyArray<TabDefinition<TabKey>> = [
    { key: 'ozellikler', label: 'Özellikler', render: () => <SpecificationsPanel product={product} /> },
    { key: 'fiyat-gecmisi', label: 'Fiyat Geçmişi', render: () => <PriceHistoryPanel productId={product._id} /> },
    {
      key: 'yorumlar',
      label: product.ratingsCount > 0 ? `Yorumlar (${product.ratingsCount})` : 'Yorumlar',
      render: () => <ReviewsPanel productId={product._id} />,
    },
  ];

  const showReviews = () => {
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

      <div className="mt-12">
        <StoreOffers offers={product.prices} now={now} />
      </div>

      <section id="urun-bilgileri" aria-label="Ürün bilgileri" className="mt-12 scroll-mt-36">
        <ProductTabs tabs={tabs} selected={tab} visited={visited} onSelect={select} idPrefix="urun" />
      </section>
    </div>
  );
}
