import { Link } from 'react-router';
import { BadgePercent, CalendarDays, Check, PackageCheck, ShieldCheck, Store, Trophy, X } from 'lucide-react';
import clsx from 'clsx';
import type { ComparisonItem, ComparisonResult } from '@kiyasla/contracts/comparisons';
import { productHref } from '~/entities/product/utils/product-href';
import { RatingStars } from '~/components/ui/rating-stars';
import { discountPercent, formatPrice } from '~/lib/format';
import { formatDate } from '~/lib/format-date';

const AVAILABILITY: Record<ComparisonItem['availability'], { label: string; tone: string }> = {
  'in-stock': { label: 'Stokta', tone: 'text-success' },
  limited: { label: 'Sınırlı stok', tone: 'text-warning' },
  'pre-order': { label: 'Ön sipariş', tone: 'text-info' },
  'out-of-stock': { label: 'Stokta yok', tone: 'text-danger' },
  discontinued: { label: 'Satıştan kalktı', tone: 'text-muted' },
};

function ProductColumn({
  product,
  cheapest,
  bestRated,
  onRemove,
}: {
  product: ComparisonItem;
  cheapest: boolean;
  bestRated: boolean;
  onRemove: () => void;
}) {
  const href = productHref(product._id);
  const discount = discountPercent(product.currentPrice, product.originalPrice);
  const availability = AVAILABILITY[product.availability];
  return (
    <article
      className={clsx(
        'relative flex flex-col rounded-2xl border bg-surface p-4 shadow-sm',
        cheapest ? 'border-success ring-1 ring-success/40' : 'border-line',
      )}
    >
      <button
        type="button"
        onClick={onRemove}
        aria-label={`${product.name} ürününü karşılaştırmadan çıkar`}
        title="Karşılaştırmadan çıkar"
        className="absolute top-2.5 right-2.5 z-10 inline-flex size-8 items-center justify-center rounded-full bg-surface text-muted ring-1 ring-line transition-colors hover:bg-danger/10 hover:text-danger"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
      <div className="flex min-h-6 flex-wrap gap-1.5 pr-9">
        {cheapest && (
          <span className="inline-flex items-center gap-1 rounded-full bg-success px-2 py-0.5 text-[11px] font-bold text-white dark:text-page">
            <Trophy aria-hidden="true" className="size-3" />
            En Uygun Fiyat
          </span>
        )}
        {bestRated && (
          <span className="inline-flex items-center gap-1 rounded-full bg-warning px-2 py-0.5 text-[11px] font-bold text-white dark:text-page">
            En Yüksek Puan
          </span>
        )}
      </div>
      <Link to={href} tabIndex={-1} aria-hidden="true" className="mt-2 block rounded-xl bg-white p-2">
        <img
          src={product.image}
          alt={product.name}
          width={240}
          height={180}
          loading="lazy"
          className="mx-auto aspect-[4/3] h-auto w-full object-contain"
        />
      </Link>
      <p className="mt-3 text-xs font-semibold text-primary">{product.brand}</p>
      <h3 className="mt-0.5 line-clamp-2 min-h-10 text-sm leading-5 font-semibold text-ink">
        <Link to={href} className="hover:text-primary hover:underline">
          {product.name}
        </Link>
      </h3>
      <div className="mt-3">
        {product.currentPrice !== null ? (
          <div className="flex flex-wrap items-baseline gap-x-2">
            <p className="text-xl font-extrabold tracking-tight text-price">
              <span className="sr-only">En düşük fiyat: </span>
              {formatPrice(product.currentPrice)}
            </p>
            {discount !== null && product.originalPrice !== null && (
              <p className="text-xs text-muted line-through">
                <span className="sr-only">Önceki fiyat: </span>
                {formatPrice(product.originalPrice)}
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm font-semibold text-muted">Fiyat bilgisi yok</p>
        )}
      </div>
      <div className="mt-2">
        {product.reviewCount > 0 ? (
          <RatingStars rating={product.rating} count={product.reviewCount} />
        ) : (
          <p className="text-xs text-muted">Henüz değerlendirilmedi</p>
        )}
      </div>
      <ul className="mt-3 space-y-1.5 border-t border-line pt-3 text-xs text-muted">
        <li className="flex items-center gap-1.5">
          <Store aria-hidden="true" className="size-3.5 shrink-0" />
          {product.stores.length} mağazada satılıyor
        </li>
        <li className={clsx('flex items-center gap-1.5 font-medium', availability.tone)}>
          <PackageCheck aria-hidden="true" className="size-3.5 shrink-0" />
          {availability.label}
        </li>
        {discount !== null && (
          <li className="flex items-center gap-1.5">
            <BadgePercent aria-hidden="true" className="size-3.5 shrink-0" />%{discount} indirim
          </li>
        )}
        {product.warranty && (
          <li className="flex items-center gap-1.5">
            <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0" />
            Garanti: {product.warranty}
          </li>
        )}
        {product.releaseDate && (
          <li className="flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
            Çıkış: {formatDate(product.releaseDate)}
          </li>
        )}
      </ul>
      {product.features.length > 0 && (
        <ul aria-label="Öne çıkan özellikler" className="mt-3 space-y-1 border-t border-line pt-3 text-xs text-ink">
          {product.features.slice(0, 4).map((feature) => (
            <li key={feature} className="flex items-start gap-1.5">
              <Check aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-success" />
              {feature}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** Genel Bakış: the products side by side with price, rating, stores and highlights. */
export function OverviewTab({
  result,
  onRemove,
}: {
  result: ComparisonResult;
  onRemove: (product: ComparisonItem) => void;
}) {
  const rated = result.products.filter((p) => p.reviewCount > 0);
  const topRating = rated.length > 1 ? Math.max(...rated.map((p) => p.rating)) : null;
  return (
    <div className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
      <div
        className="grid gap-3"
        style={{ gridTemplateColumns: `repeat(${result.products.length}, minmax(13.5rem, 1fr))` }}
      >
        {result.products.map((product) => (
          <ProductColumn
            key={product._id}
            product={product}
            cheapest={result.products.length > 1 && product._id === result.summary.cheapestProductId}
            bestRated={topRating !== null && product.reviewCount > 0 && product.rating === topRating}
            onRemove={() => onRemove(product)}
          />
        ))}
      </div>
    </div>
  );
}
