import { useId } from 'react';
import { Clock, ExternalLink, History, Star, Trophy, Truck } from 'lucide-react';
import clsx from 'clsx';
import type { StoreOffer } from '@kiyasla/contracts/catalog';
import { discountPercent, formatPrice, formatRating } from '~/lib/format';
import { formatDate, formatRelativeTime } from '~/lib/format-date';
import { AVAILABILITY_BADGE, availabilityLabel } from '../utils/availability';
import { offerCounts, staleNote } from '../utils/offer-freshness';

/**
 * The offer to highlight: the cheapest one a shopper can buy now (counting and not sold out),
 * else the cheapest counting one. A stale offer is never the cheapest.
 */
export function cheapestOfferId(offers: readonly StoreOffer[]): string | null {
  const counting = offers.filter(offerCounts);
  const buyable = counting.filter((o) => o.availability !== 'out-of-stock');
  const pool = buyable.length > 0 ? buyable : counting;
  let best: StoreOffer | null = null;
  for (const offer of pool) if (!best || offer.price < best.price) best = offer;
  return best?._id ?? null;
}

function StoreLogo({ offer }: { offer: StoreOffer }) {
  const initials = offer.store.name
    .split(/\s+/)
    .map((w) => w.charAt(0))
    .join('')
    .slice(0, 2)
    .toLocaleUpperCase('tr-TR');
  return (
    <span className="flex h-11 w-11 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-white">
      {offer.store.logo ? (
        <img
          src={offer.store.logo}
          alt=""
          width={44}
          height={44}
          loading="lazy"
          className="h-full w-full object-contain p-1"
        />
      ) : (
        <span aria-hidden="true" className="text-sm font-bold text-brand-700">
          {initials}
        </span>
      )}
    </span>
  );
}

function OfferRow({ offer, cheapest, now }: { offer: StoreOffer; cheapest: boolean; now: Date }) {
  const nameId = useId();
  const availability = availabilityLabel(offer.availability);
  const discount = discountPercent(offer.price, offer.originalPrice);
  const rating = offer.store.rating ?? offer.store.metrics.averageRating;
  const soldOut = availability.tone === 'danger';
  // Muted by colour, not opacity: the text of a stale row keeps its AA contrast in both themes.
  const stale = offer.stale;

  return (
    <li
      className={clsx(
        'relative grid grid-cols-[auto_1fr] gap-x-3 gap-y-3 p-4 sm:grid-cols-[auto_minmax(0,1.3fr)_minmax(0,1fr)_auto] sm:items-center sm:gap-x-5',
        cheapest && 'bg-primary-soft/60',
        stale ? 'bg-surface-2' : soldOut && 'opacity-75',
      )}
    >
      {cheapest && <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-primary" />}
      <StoreLogo offer={offer} />

      <div className="min-w-0">
        <p
          id={nameId}
          className={clsx('flex flex-wrap items-center gap-2 font-semibold', stale ? 'text-muted' : 'text-ink')}
        >
          {offer.store.name}
          {cheapest && (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-[11px] font-bold text-primary-ink">
              <Trophy aria-hidden="true" className="h-3 w-3" />
              En Ucuz
            </span>
          )}
        </p>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          {rating !== null && (
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />
              <span className="sr-only">Mağaza puanı: </span>
              {formatRating(rating)}
            </span>
          )}
          <span className={clsx('rounded-full px-2 py-0.5 font-semibold', AVAILABILITY_BADGE[availability.tone])}>
            {availability.label}
          </span>
          {stale ? (
            <span
              className="inline-flex items-center gap-1 font-semibold text-amber-800 dark:text-warning"
              title={formatDate(offer.confirmedAt)}
            >
              <History aria-hidden="true" className="h-3.5 w-3.5" />
              {staleNote(offer.confirmedAt, now)}
            </span>
          ) : (
            <span className="inline-flex items-center gap-1" title={formatDate(offer.updatedAt)}>
              <Clock aria-hidden="true" className="h-3.5 w-3.5" />
              Güncellendi: {formatRelativeTime(offer.updatedAt, now)}
            </span>
          )}
        </div>
      </div>

      <div className="col-span-2 space-y-1 sm:col-span-1">
        <div>
          <p
            className={clsx(
              'text-xl tracking-tight',
              stale ? 'font-bold text-muted' : ['font-extrabold', cheapest ? 'text-price' : 'text-ink'],
            )}
          >
            {formatPrice(offer.price)}
          </p>
          {discount !== null && offer.originalPrice !== null && (
            <p className="text-xs text-muted">
              <span className="line-through">
                <span className="sr-only">Önceki fiyat: </span>
                {formatPrice(offer.originalPrice)}
              </span>{' '}
              <span className="font-semibold text-danger">%{discount}</span>
            </p>
          )}
        </div>
        <p
          className={clsx(
            'flex items-center gap-1 text-xs',
            offer.shipping.free ? 'font-semibold text-success' : 'text-muted',
          )}
        >
          <Truck aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span>
            {offer.shippingLabel}
            {offer.shipping.estimatedDays !== null && (
              <span className="font-normal text-muted"> · {offer.shipping.estimatedDays} günde teslimat</span>
            )}
          </span>
        </p>
      </div>

      <a
        href={offer.productUrl}
        target="_blank"
        rel="nofollow noopener sponsored"
        aria-describedby={nameId}
        className={clsx(
          'col-span-2 inline-flex h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold whitespace-nowrap shadow-sm transition-colors sm:col-span-1',
          cheapest
            ? 'bg-primary text-primary-ink hover:bg-brand-700 dark:hover:bg-brand-300'
            : 'border border-line bg-surface text-ink hover:border-primary hover:text-primary',
        )}
      >
        Mağazaya Git
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">(yeni sekmede açılır)</span>
      </a>
    </li>
  );
}

/** Counting offers first, then stale ones, then inactive ones. */
const rank = (offer: StoreOffer) => (offerCounts(offer) ? 0 : offer.isActive ? 1 : 2);

/**
 * Every store's offer, cheapest first, with the cheapest buyable one highlighted; stale offers
 * (not confirmed by their store lately) come after the others, muted, with their age.
 */
export function StoreOffers({ offers, now }: { offers: readonly StoreOffer[]; now: Date }) {
  const sorted = [...offers].sort((a, b) => rank(a) - rank(b) || a.price - b.price);
  const cheapest = cheapestOfferId(sorted);
  const staleCount = offers.filter((o) => o.stale).length;
  const current = offers.length - staleCount;
  return (
    <section aria-labelledby="store-offers-title" className="scroll-mt-24">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="store-offers-title" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
            Mağaza Fiyatları
          </h2>
          <p className="mt-1 text-sm text-muted">
            {current > 0
              ? `${current} mağazanın güncel fiyatı, en ucuzdan pahalıya sıralı.`
              : 'Bu ürünün fiyatları mağazaları tarafından yakın zamanda doğrulanmadı.'}
            {current > 0 &&
              staleCount > 0 &&
              ` Mağazası tarafından yakın zamanda doğrulanmayan ${staleCount} fiyat en sonda.`}
          </p>
        </div>
      </div>
      {sorted.length > 0 ? (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
          {sorted.map((offer) => (
            <OfferRow key={offer._id} offer={offer} cheapest={offer._id === cheapest} now={now} />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-muted">
          Bu ürün için şu anda mağaza fiyatı bulunmuyor.
        </p>
      )}
    </section>
  );
}
