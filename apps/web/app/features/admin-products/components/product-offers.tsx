import clsx from 'clsx';
import { availabilityLabel } from '@kiyasla/contracts/admin-products';
import { formatPrice } from '~/lib/format';
import { formatRelativeTime } from '~/lib/format-date';
import { useProductOffers } from '../api/get-product-offers';

/** The product's store offers on its edit screen: price, availability and whether each still counts. */
export function ProductOffers({ productId }: { productId: string }) {
  const query = useProductOffers(productId);
  return (
    <fieldset className="space-y-2 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Mağaza teklifleri</legend>
      <p className="text-xs text-muted">Fiyatlar yalnızca mağaza tekliflerinden (ürün akışlarından) gelir.</p>
      {query.isPending ? (
        <p role="status" className="text-sm text-muted">
          Teklifler yükleniyor...
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-danger">
          Teklifler yüklenirken hata oluştu
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted">Henüz bir mağaza bu ürünü sunmuyor</p>
      ) : (
        <ul className="divide-y divide-line text-sm" aria-label="Mağaza teklifleri">
          {query.data.map((offer) => {
            const state = !offer.isActive || !offer.store.isActive ? 'Pasif' : offer.stale ? 'Eskimiş' : 'Güncel';
            return (
              <li key={offer._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium text-ink">{offer.store.name}</p>
                  <p className="text-xs text-muted">
                    {availabilityLabel(offer.availability)} · {formatRelativeTime(offer.confirmedAt)} doğrulandı
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <span className={clsx('tabular-nums', state !== 'Güncel' && 'text-muted line-through')}>
                    {formatPrice(offer.price)}
                  </span>
                  <span
                    className={clsx(
                      'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                      state === 'Güncel' && 'bg-success/15 text-success',
                      state === 'Eskimiş' && 'bg-warning/15 text-warning',
                      state === 'Pasif' && 'bg-surface-2 text-muted',
                    )}
                  >
                    {state}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
