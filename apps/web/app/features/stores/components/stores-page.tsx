import type { Store } from '@kiyasla/contracts/catalog';
import { ExternalLink, Store as StoreIcon } from 'lucide-react';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { RatingStars } from '~/components/ui/rating-stars';
import { formatNumber } from '~/lib/format';

function websiteHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

function StoreCard({ store }: { store: Store }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex items-center gap-3">
        {store.logo ? (
          <img
            src={store.logo}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="h-12 w-12 shrink-0 rounded-lg border border-line bg-white object-contain p-1"
          />
        ) : (
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg border border-line text-muted">
            <StoreIcon aria-hidden="true" className="h-6 w-6" />
          </span>
        )}
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-ink">{store.name}</h2>
          {store.rating !== null ? (
            <RatingStars rating={store.rating} count={store.ratingCount} />
          ) : (
            <p className="text-sm text-muted">Henüz puan yok</p>
          )}
        </div>
      </div>
      <p className="text-sm text-muted">
        <span className="font-semibold text-ink">{formatNumber(store.offerCount)}</span> üründe güncel fiyat
      </p>
      {store.website && (
        <a
          href={store.website}
          target="_blank"
          rel="nofollow noopener noreferrer"
          className="mt-auto inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          {websiteHost(store.website)}
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="sr-only">(yeni sekmede açılır)</span>
        </a>
      )}
    </li>
  );
}

/** The stores whose prices Kıyasla compares, with their rating and how many products they price. */
export function StoresPage({ stores }: { stores: Store[] }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumb items={[{ label: 'Ana Sayfa', to: '/' }, { label: 'Mağazalar' }]} />
      <header className="mt-4 mb-6">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Mağazalar</h1>
        <p className="mt-2 max-w-3xl text-muted">
          Fiyatlarını karşılaştırdığımız {formatNumber(stores.length)} mağaza. Fiyatlar mağazaların ürün akışlarından
          düzenli olarak güncellenir; bir ürünün sayfasında her mağazanın fiyatını, kargo koşullarını ve fiyatın en son
          ne zaman doğrulandığını görürsünüz.
        </p>
      </header>
      {stores.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface p-6 text-muted">Şu anda listelenecek mağaza yok.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {stores.map((store) => (
            <StoreCard key={store._id} store={store} />
          ))}
        </ul>
      )}
    </div>
  );
}
