import { Link } from 'react-router';
import { AlarmClock, BadgeCheck, ShieldCheck, Store } from 'lucide-react';
import clsx from 'clsx';
import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { CompareButton } from '~/entities/comparison-list/components/compare-button';
import { FavoriteButton } from '~/entities/favorites/components/favorite-button';
import { PriceChangeBadge } from '~/entities/product/components/price-change-badge';
import { buttonClasses } from '~/components/ui/button-styles';
import { RatingStars } from '~/components/ui/rating-stars';
import { discountPercent, formatPrice } from '~/lib/format';
import { AVAILABILITY_BADGE, availabilityLabel } from '../utils/availability';
import { ProductAlertToggle } from './product-alert-toggle';
import { ShareButton } from './share-button';

/** Name, brand, model, rating, the lowest price with its change and discount, and the actions. */
export function ProductSummary({ product, onShowReviews }: { product: ProductDetail; onShowReviews: () => void }) {
  const discount = discountPercent(product.currentPrice, product.originalPrice);
  const availability = availabilityLabel(product.availability);

  return (
    <div className="flex flex-col gap-5">
      <div>
        <p className="text-sm font-semibold text-primary">{product.brand}</p>
        <h1 className="mt-1 text-2xl leading-tight font-extrabold tracking-tight text-ink sm:text-3xl">
          {product.name}
        </h1>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <div className="flex gap-1">
            <dt>Marka:</dt>
            <dd className="font-medium text-ink">{product.brand}</dd>
          </div>
          {product.model && (
            <div className="flex gap-1">
              <dt>Model:</dt>
              <dd className="font-medium text-ink">{product.model}</dd>
            </div>
          )}
        </dl>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {product.ratingsCount > 0 ? (
            <>
              <RatingStars rating={product.averageRating} count={product.ratingsCount} size="md" />
              <button
                type="button"
                onClick={onShowReviews}
                className="text-sm font-semibold text-primary hover:underline"
              >
                Yorumları oku
              </button>
            </>
          ) : (
            <p className="text-sm text-muted">Henüz değerlendirilmedi</p>
          )}
        </div>
      </div>

      <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
        <p className="text-sm font-medium text-muted">En düşük fiyat</p>
        {product.currentPrice !== null ? (
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="text-3xl font-extrabold tracking-tight text-price sm:text-4xl">
              {formatPrice(product.currentPrice)}
            </p>
            {discount !== null && product.originalPrice !== null && (
              <p className="text-base text-muted line-through">
                <span className="sr-only">Önceki fiyat: </span>
                {formatPrice(product.originalPrice)}
              </p>
            )}
            {discount !== null && (
              <span className="rounded-lg bg-danger px-2 py-1 text-xs font-bold text-white dark:text-page">
                %{discount} indirim
              </span>
            )}
            {product.priceChange && <PriceChangeBadge change={product.priceChange} />}
          </div>
        ) : (
          <p className="mt-1 text-lg font-semibold text-muted">Fiyat bilgisi yok</p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <Store aria-hidden="true" className="h-4 w-4" />
            {product.storeCount} mağazada satılıyor
            {product.highestPrice !== null && product.storeCount > 1 && (
              <> · en yüksek {formatPrice(product.highestPrice)}</>
            )}
          </span>
          <span
            className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold', AVAILABILITY_BADGE[availability.tone])}
          >
            {availability.label}
          </span>
        </div>

        <div className="mt-5 flex flex-wrap items-center gap-2">
          <CompareButton product={product} className="h-10 flex-1 sm:flex-none" />
          <ShareButton title={product.name} />
          <FavoriteButton productId={product._id} productName={product.name} className="h-10 w-10 shadow-none" />
          <ProductAlertToggle productId={product._id} productName={product.name} />
          <Link to="/price-alerts" className={buttonClasses('secondary', 'md', 'w-full sm:ml-auto sm:w-auto')}>
            <AlarmClock aria-hidden="true" className="h-4 w-4" />
            Fiyat Alarmı Kur
          </Link>
        </div>
      </div>

      {(product.shortDescription || product.warranty) && (
        <ul className="space-y-2 text-sm text-muted">
          {product.shortDescription && (
            <li className="flex gap-2">
              <BadgeCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
              {product.shortDescription}
            </li>
          )}
          {product.warranty && (
            <li className="flex gap-2">
              <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
              Garanti: {product.warranty}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
