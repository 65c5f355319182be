import { Link } from 'react-router';
import { Camera, Cpu, HardDrive, MonitorSmartphone, Store, Truck, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { RatingStars } from '~/components/ui/rating-stars';
import { Skeleton } from '~/components/ui/skeleton';
import { discountPercent, formatPrice } from '~/lib/format';
import { CompareButton } from '~/entities/comparison-list/components/compare-button';
import { PriceChangeBadge } from './price-change-badge';
import { productHref } from '../utils/product-href';
import { FavoriteButton } from '~/entities/favorites/components/favorite-button';
import { AlertButton } from '~/entities/price-alerts/components/alert-button';

type SpecKey = 'screenSize' | 'ram' | 'storage' | 'camera';

/** The four key specs a card may show, in this order, when present. */
const KEY_SPECS: ReadonlyArray<{ key: SpecKey; label: string; icon: LucideIcon }> = [
  { key: 'screenSize', label: 'Ekran', icon: MonitorSmartphone },
  { key: 'ram', label: 'RAM', icon: Cpu },
  { key: 'storage', label: 'Depolama', icon: HardDrive },
  { key: 'camera', label: 'Kamera', icon: Camera },
];

export interface ProductCardProps {
  product: ProductCardData;
  /** Heading level of the product name, so cards fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Above-the-fold images load eagerly; the rest lazily. */
  priority?: boolean;
  className?: string;
}

export function DiscountBadge({ discount, className }: { discount: number | null; className?: string }) {
  if (discount === null) return null;
  return (
    <span
      className={clsx(
        'absolute rounded-lg bg-danger px-2 py-1 text-xs font-bold text-white shadow-sm dark:text-page',
        className,
      )}
    >
      %{discount}
      <span className="sr-only"> indirim</span>
    </span>
  );
}

export function KeySpecs({ product }: { product: ProductCardData }) {
  const specs = KEY_SPECS.filter((spec) => product.keySpecs[spec.key]);
  if (specs.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Öne çıkan özellikler">
      {specs.map(({ key, label, icon: Icon }) => (
        <li
          key={key}
          title={`${label}: ${product.keySpecs[key]}`}
          className="inline-flex items-center gap-1 rounded-md bg-surface-2 px-2 py-1 text-[11px] font-medium text-muted"
        >
          <Icon aria-hidden="true" className="h-3 w-3" />
          <span className="sr-only">{label}: </span>
          {product.keySpecs[key]}
        </li>
      ))}
    </ul>
  );
}

export function Rating({ product }: { product: ProductCardData }) {
  return product.ratingsCount > 0 ? (
    <RatingStars rating={product.averageRating} count={product.ratingsCount} />
  ) : (
    <p className="text-xs text-muted">Henüz değerlendirilmedi</p>
  );
}

export function PriceBlock({ product, discount }: { product: ProductCardData; discount: number | null }) {
  return (
    <div>
      {product.currentPrice !== null ? (
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <p className="text-xl font-extrabold tracking-tight text-price">
            <span className="sr-only">En düşük fiyat: </span>
            {formatPrice(product.currentPrice)}
          </p>
          {discount !== null && product.originalPrice !== null && (
            <p className="text-sm text-muted line-through">
              <span className="sr-only">Önceki fiyat: </span>
              {formatPrice(product.originalPrice)}
            </p>
          )}
          {product.priceChange && <PriceChangeBadge change={product.priceChange} />}
        </div>
      ) : (
        <p className="text-sm font-semibold text-muted">Fiyat bilgisi yok</p>
      )}
      <p className="mt-1 flex items-center gap-1 text-xs text-muted">
        <Store aria-hidden="true" className="h-3.5 w-3.5" />
        {product.storeCount} mağazada satılıyor
      </p>
    </div>
  );
}

export function StoreList({ product, href }: { product: ProductCardData; href: string }) {
  const shownStores = product.stores.slice(0, 2);
  const moreStores = product.storeCount - shownStores.length;
  if (shownStores.length === 0) return null;
  return (
    <ul className="divide-y divide-line rounded-xl border border-line text-xs">
      {shownStores.map((store) => (
        <li key={store.slug} className="flex items-center justify-between gap-2 px-3 py-2">
          <div className="min-w-0">
            <p className="truncate font-semibold text-ink">{store.name}</p>
            <p className={clsx('flex items-center gap-1', store.freeShipping ? 'text-success' : 'text-muted')}>
              <Truck aria-hidden="true" className="h-3 w-3 shrink-0" />
              <span className="truncate">{store.shippingLabel}</span>
            </p>
          </div>
          <p className="shrink-0 font-bold text-ink">{formatPrice(store.price)}</p>
        </li>
      ))}
      {moreStores > 0 && (
        <li className="px-3 py-1.5 text-center">
          <Link to={href} className="font-semibold text-primary hover:underline">
            +{moreStores} mağaza daha
          </Link>
        </li>
      )}
    </ul>
  );
}

/** The image link; the name link is the keyboard and screen-reader path to the product. */
export function CardImage({
  product,
  href,
  priority,
  className,
  imageClassName,
  size = 320,
}: {
  product: ProductCardData;
  href: string;
  priority: boolean;
  className?: string;
  imageClassName?: string;
  size?: number;
}) {
  return (
    <Link to={href} tabIndex={-1} aria-hidden="true" className={clsx('block overflow-hidden bg-white', className)}>
      <img
        src={product.image_url}
        alt={product.name}
        width={size}
        height={Math.round((size * 3) / 4)}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        className={clsx(
          'mx-auto aspect-[4/3] h-auto w-full object-contain transition-transform duration-300 group-hover/card:scale-[1.03]',
          imageClassName,
        )}
      />
    </Link>
  );
}

export const CARD_ARTICLE =
  'group/card relative overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow duration-200 hover:shadow-lg hover:shadow-black/5 dark:hover:shadow-black/30';

/**
 * The tall card of grids. The list view's wide row (`product-list-card`) and the compact table's
 * cell (`product-compact-card`) are modules of their own: neither is a listing's default view, so
 * their code stays out of a page's initial JavaScript (ADR 011).
 */
export function ProductCard({ product, headingLevel = 3, priority = false, className }: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  const href = productHref(product._id);
  const discount = discountPercent(product.currentPrice, product.originalPrice);

  return (
    <article className={clsx(CARD_ARTICLE, 'flex h-full flex-col', className)}>
      <div className="relative">
        <CardImage product={product} href={href} priority={priority} className="m-2 mb-0 rounded-xl p-3" />
        <DiscountBadge discount={discount} className="top-4 left-4" />
        <div className="absolute top-4 right-4 flex flex-col gap-2">
          <FavoriteButton productId={product._id} productName={product.name} />
          <AlertButton productId={product._id} productName={product.name} currentPrice={product.currentPrice} />
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4 pt-3">
        <div>
          <p className="text-xs font-semibold text-primary">{product.brand}</p>
          <Heading className="mt-1 line-clamp-2 min-h-10 text-sm leading-5 font-semibold text-ink">
            <Link to={href} className="hover:text-primary hover:underline">
              {product.name}
            </Link>
          </Heading>
        </div>
        <KeySpecs product={product} />
        <Rating product={product} />
        <PriceBlock product={product} discount={discount} />
        <StoreList product={product} href={href} />
        <CompareButton product={product} className="mt-auto w-full" />
      </div>
    </article>
  );
}

/** Placeholder with the card's proportions, for loading states. */
export function ProductCardSkeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={clsx('flex flex-col overflow-hidden rounded-2xl border border-line bg-surface', className)}
    >
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-3 w-16" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <div className="flex gap-1.5">
          <Skeleton className="h-5 w-14" />
          <Skeleton className="h-5 w-14" />
          <Skeleton className="h-5 w-14" />
        </div>
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-16 w-full rounded-xl" />
        <Skeleton className="h-9 w-full rounded-lg" />
      </div>
    </div>
  );
}
