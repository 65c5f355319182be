import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ExternalLink, Pencil } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button-styles';
import { formatNumber } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { isApiError } from '~/lib/api-client';
import { useAdminStore } from '../api/get-admin-store';
import { formatMinutes } from '../utils/import-labels';
import { FeedPullCard } from './feed-pull-card';
import { FeedUploadCard } from './feed-upload-card';
import { ImportHistory } from './import-history';
import { StatusPill } from './status-pill';
import { StoreFormDialog } from './store-form-dialog';
import type { ProductCreateDialog } from './create-product-from-item';
import { UnmatchedQueue } from './unmatched-queue';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm break-all text-ink">{children}</dd>
    </div>
  );
}

/** /admin/stores/{id}: the store's feed settings, the upload with its report, the import history and the unmatched queue. */
export function StoreDetailPage({
  storeId,
  productDialog,
}: {
  storeId: string;
  /** The products feature's create modal, for "Ürün oluştur" in the unmatched queue (the route composes them). */
  productDialog?: ProductCreateDialog;
}) {
  const query = useAdminStore(storeId);
  const [editing, setEditing] = useState(false);

  const back = (
    <Link to="/admin/stores" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Mağazalar
    </Link>
  );

  if (query.isPending)
    return (
      <section>
        {back}
        <p role="status" className="mt-4 text-sm text-muted">
          Mağaza yükleniyor...
        </p>
      </section>
    );
  if (query.isError)
    return (
      <section>
        {back}
        <p role="alert" className="mt-4 rounded-2xl border border-line bg-surface p-5 text-sm text-danger">
          {isApiError(query.error) && query.error.status === 404
            ? 'Mağaza bulunamadı'
            : 'Mağaza yüklenirken hata oluştu'}
        </p>
      </section>
    );

  const store = query.data;
  return (
    <section className="space-y-4">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">{store.name}</h1>
          <p className="mt-1 flex items-center gap-2 text-sm text-muted">
            {store.slug}
            <StatusPill tone={store.isActive ? 'ok' : 'muted'}>{store.isActive ? 'Aktif' : 'Pasif'}</StatusPill>
          </p>
        </div>
        <button type="button" onClick={() => setEditing(true)} className={buttonClasses('outline', 'md')}>
          <Pencil aria-hidden="true" className="size-4" />
          Düzenle
        </button>
      </div>
      <dl className="grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Teklifler (aktif / toplam)">
          {formatNumber(store.activeOfferCount)} / {formatNumber(store.offerCount)}
        </Fact>
        <Fact label="Eşleşmeyen kalem">{formatNumber(store.unmatchedCount)}</Fact>
        <Fact label="Güncellik süresi">{formatNumber(store.freshnessHours)} saat</Fact>
        <Fact label="Son başarılı akış">{store.feedLastSuccessAt ? formatDate(store.feedLastSuccessAt) : '-'}</Fact>
        <Fact label="Web sitesi">
          {store.website ? (
            <a
              href={store.website}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 text-primary hover:underline"
            >
              {store.website}
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          ) : (
            '-'
          )}
        </Fact>
        <Fact label="Akış adresi">{store.feedUrl ?? '-'}</Fact>
        <Fact label="Çekim aralığı">
          {store.feedIntervalMinutes ? formatMinutes(store.feedIntervalMinutes) : 'Zamanlanmış çekim yok'}
        </Fact>
        <Fact label="Sonraki çekim">{store.feedNextPullAt ? formatDate(store.feedNextPullAt) : '-'}</Fact>
      </dl>
      <FeedPullCard storeId={store._id} feedUrl={store.feedUrl} />
      <FeedUploadCard storeId={store._id} />
      <ImportHistory storeId={store._id} />
      <UnmatchedQueue storeId={store._id} productDialog={productDialog} />
      {editing && <StoreFormDialog store={store} onClose={() => setEditing(false)} />}
    </section>
  );
}
